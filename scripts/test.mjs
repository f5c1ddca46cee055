// `npm test`: typecheck, lint and format check, vitest inside workerd, the Node-side tests (wrangler
// and Miniflare from Node, test/node/), then the browser tests in Debian's Chromium. Exits non-zero
// when anything fails.
import { ensureChromium } from './chromium.mjs'
import { ensureDependencies, root, run, useProjectNode } from './lib.mjs'

ensureDependencies()
await useProjectNode()
run(process.execPath, ['scripts/build-client.mjs'])

const bin = (name) => `${root}/node_modules/.bin/${name}`
function step(title, ...commands) {
  console.log(`→ ${title}`)
  for (const [command, args] of commands) run(command, args)
}

step('typecheck', [bin('tsc'), ['-p', '.']], [bin('tsc'), ['-p', 'tsconfig.node.json']])
step('lint and format check', [bin('biome'), ['ci', '.']])
step('unit and integration tests (vitest in workerd)', [bin('vitest'), ['run']])
step('node tests (wrangler and Miniflare from Node)', [process.execPath, ['--test', 'test/node/*.test.mjs']])
ensureChromium('the browser tests')
step('browser tests (Playwright in Chromium)', [bin('playwright'), ['test']])
