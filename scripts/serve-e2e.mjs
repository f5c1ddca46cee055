// The worker the browser tests drive: a fresh local D1/R2 state, migrated and seeded, on E2E_PORT.
// `wrangler dev` has been seen to exit mid-run without a message (once in a clean-clone CI run): it is
// then restarted on the same state, loudly, at most three times, so one crash costs one test attempt
// (test/e2e/fixtures.ts waits for the server before each test) instead of every test after it.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { prepareLocal, root, startWorker } from './lib.mjs'

const port = Number(process.env.E2E_PORT ?? 8790)
const persistTo = path.join(root, '.tmp/e2e-state')
const MAX_RESTARTS = 3
rmSync(persistTo, { recursive: true, force: true })
prepareLocal({ persistTo })

let stopping = false
let restarts = 0
let child
function launch() {
  child = startWorker({
    port,
    persistTo,
    extraArgs: ['--test-scheduled', ...(process.env.E2E_WRANGLER_ARGS ?? '').split(' ').filter(Boolean)],
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
