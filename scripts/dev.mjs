// `npm run dev`: like `npm start` (install, .dev.vars, client build, local D1 migrations and seed
// data in .wrangler/state), then a development loop: esbuild rebuilds the browser bundle and CSS on
// every change (scripts/build-client.mjs --watch) and wrangler dev reloads the worker on every change
// of src/ (the rebuilt client's manifest included). React's development build, for its warnings.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { startFakeAnalyticsEngine, wranglerVarArgs } from './fakes/analytics-engine.mjs'
import { prepareLocalRun, root, startWorker, waitForWorker } from './lib.mjs'

const { port, persistTo } = await prepareLocalRun()
// Homepage views go to a loopback Analytics Engine kept with the local state (docs/decisions/073).
const analytics = await startFakeAnalyticsEngine({ file: path.join(persistTo, 'analytics-engine.jsonl') })
const client = spawn(process.execPath, ['scripts/build-client.mjs', '--watch'], { cwd: root, stdio: 'inherit' })
const worker = startWorker({
  port,
  persistTo,
  extraArgs: ['--test-scheduled', ...wranglerVarArgs(analytics.vars)],
  quiet: true,
  nodeEnv: 'development',
})
console.log(`→ starting the worker (wrangler dev, reloads on change; its full output: ${worker.log})`)

const response = await waitForWorker(worker.origin, worker.child)
worker.ready()
if (response?.ok)
  console.log(
    `\n✓ development server at ${worker.origin} — the client and the worker rebuild on change. Ctrl+C stops.\n`,
  )
else if (response) console.error(`✗ the worker answers ${response.status}: see the [config] line above and .dev.vars`)

// wrangler dev shuts its workerd down on SIGINT (Ctrl+C); a SIGTERM has been seen to leave it running.
// Stopped so, it exits 130 (wrangler 4.164): that is the stop asked for, not a failure.
let stopping = false
const stop = () => {
  stopping = true
  client.kill('SIGTERM')
  worker.child.kill('SIGINT')
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
client.on('exit', (code) => {
  if (code) console.error(`✗ the client watch exited (code ${code})`)
  worker.child.kill('SIGINT')
})
worker.child.on('exit', (code) => {
  client.kill('SIGTERM')
  process.exit(stopping ? 0 : (code ?? 0))
})
