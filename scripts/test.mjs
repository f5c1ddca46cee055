// `npm test`: typecheck, lint and format check, vitest inside workerd, then the browser tests in
// Debian's Chromium. Exits non-zero when anything fails.
import { existsSync } from 'node:fs'
import { ensureDependencies, root, run } from './lib.mjs'

const CHROMIUM = '/usr/bin/chromium'

ensureDependencies()
run(process.execPath, ['scripts/build-client.mjs'])

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('→ installing Debian chromium for the browser tests')
    run('apt-get', ['update', '-qq'])
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
    return
  }
  console.error(`✗ ${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) for the browser tests`)
  process.exit(1)
}

const bin = (name) => `${root}/node_modules/.bin/${name}`
function step(title, ...commands) {
  console.log(`→ ${title}`)
  for (const [command, args] of commands) run(command, args)
}

step('typecheck', [bin('tsc'), ['-p', '.']], [bin('tsc'), ['-p', 'tsconfig.node.json']])
step('lint and format check', [bin('biome'), ['ci', '.']])
step('unit and integration tests (vitest in workerd)', [bin('vitest'), ['run']])
ensureChromium()
step('browser tests (Playwright in Chromium)', [bin('playwright'), ['test']])
