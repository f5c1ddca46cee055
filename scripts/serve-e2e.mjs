// The worker the browser tests drive: a fresh local D1/R2 state, migrated and seeded, on E2E_PORT.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { prepareLocal, root, startWorker } from './lib.mjs'

const port = Number(process.env.E2E_PORT ?? 8790)
const persistTo = path.join(root, '.tmp/e2e-state')
rmSync(persistTo, { recursive: true, force: true })
prepareLocal({ persistTo })
const { child } = startWorker({
  port,
  persistTo,
  extraArgs: ['--test-scheduled', ...(process.env.E2E_WRANGLER_ARGS ?? '').split(' ').filter(Boolean)],
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
