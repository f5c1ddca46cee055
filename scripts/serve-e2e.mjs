// The worker the browser tests drive: a fresh local D1/R2 state, migrated and seeded, on E2E_PORT.
// test/e2e/domains-cloudflare.spec.ts starts a second one beside it with E2E_STATE (its own state
// directory under .tmp), E2E_VARS (JSON of extra vars: the fake Cloudflare API's settings) and
// E2E_SKIP_BUILD=1 (the first one already built the client bundle).
// `wrangler dev` has been seen to exit mid-run without a message (once in a clean-clone CI run): it is
// then restarted on the same state, loudly, at most three times, so one crash costs one test attempt
// (test/e2e/fixtures.ts waits for the server before each test) instead of every test after it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startFakeAnalyticsEngine, wranglerVarArgs } from './fakes/analytics-engine.mjs'
import { prepareLocal, root, startWorker, useProjectNode } from './lib.mjs'

await useProjectNode()

const port = Number(process.env.E2E_PORT ?? 8790)
const persistTo = path.join(root, '.tmp', process.env.E2E_STATE || 'e2e-state')
const extraVars = Object.entries(JSON.parse(process.env.E2E_VARS || '{}')).flatMap(([name, value]) => [
  '--var',
  `${name}:${value}`,
])
const MAX_RESTARTS = 3
rmSync(persistTo, { recursive: true, force: true })
prepareLocal({ persistTo, buildClient: process.env.E2E_SKIP_BUILD !== '1' })
// Homepage views go to a loopback Analytics Engine of this run (docs/decisions/073): the dashboard test reads
// back the views its pages' beacons wrote, through the production SQL client.
const analytics = await startFakeAnalyticsEngine()

// Locally every request comes from one address, so the sign-in budgets (docs/decisions/026) are one
// budget for the whole browser suite, which signs in more often in a minute than they allow. The tests
// drive the worker's configuration with those three budgets, and the buyers' link budget (decision 107), raised
// tenfold; test/api/sign-in-throttle.test.ts and test/buyers/accounts.test.ts check the real ones. The copy sits next to wrangler.toml so its relative paths still hold; one
// per port, so two workers started side by side never write the same file.
const e2eConfig = path.join(root, `.wrangler-e2e-${port}.toml`)
writeFileSync(
  e2eConfig,
  readFileSync(path.join(root, 'wrangler.toml'), 'utf8').replace(
    /(name = "(?:AUTH_(?:ADDRESS_|ACCOUNT_)?|BUYER_LINK_)LIMITER"\n[^\n]*\nsimple = \{ limit = )(\d+)/g,
    (_, head, limit) => `${head}${Number(limit) * 10}`,
  ),
)

let stopping = false
let restarts = 0
let child
function launch() {
  child = startWorker({
    port,
    persistTo,
    // wrangler's output to .wrangler/logs/e2e-<port>.log; errors (to stderr, which Playwright shows) still reach
    // the test run, and the email-file lines (to stdout, which it drops) the log.
    quiet: true,
    logName: `e2e-${port}`,
    extraArgs: [
      '--config',
      e2eConfig,
      // The local defaults exactly as .dev.vars.example has them (the tests sign in as its demo admin),
      // whatever a developer's own .dev.vars says.
      '--env-file',
      '.dev.vars.example',
      '--test-scheduled',
      ...wranglerVarArgs(analytics.vars),
      ...extraVars,
      ...(process.env.E2E_WRANGLER_ARGS ?? '').split(' ').filter(Boolean),
    ],
  }).child
  child.on('exit', (code, signal) => {
    if (stopping || restarts >= MAX_RESTARTS) process.exit(code ?? (stopping ? 0 : 1))
    restarts++
    console.error(`✗ wrangler dev exited (${signal ?? `code ${code}`}); restarting it (${restarts}/${MAX_RESTARTS})`)
    setTimeout(launch, 500)
  })
}
launch()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    child.kill(signal)
  })
}
