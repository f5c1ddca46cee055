// `npm start`: everything a fresh clone needs (install, .dev.vars, client build, local D1 migrations
// and seed data), then the worker on http://127.0.0.1:${PORT:-8787} with React's production build.
// It prints a line a step and the URL; wrangler's own output goes to .wrangler/logs/wrangler-dev.log
// (errors and the local email files still show), and request logs follow the URL.
import path from 'node:path'
import { startFakeAnalyticsEngine, wranglerVarArgs } from './fakes/analytics-engine.mjs'
import { prepareLocalRun, startWorker, waitForWorker } from './lib.mjs'

const { port, persistTo } = await prepareLocalRun()
// Homepage views go to a loopback Analytics Engine kept with the local state (docs/decisions/073), so the
// dashboard shows the views of the homepages visited here, across restarts.
const analytics = await startFakeAnalyticsEngine({ file: path.join(persistTo, 'analytics-engine.jsonl') })
const { child, origin, log, ready } = startWorker({
  port,
  persistTo,
  extraArgs: ['--test-scheduled', ...wranglerVarArgs(analytics.vars)],
  quiet: true,
})
console.log(`→ starting the worker (wrangler dev; its full output: ${log})`)

// The URL is printed once the worker answers, not before: a developer who opens it gets the page.
async function announceWhenReady() {
  const response = await waitForWorker(origin, child)
  ready()
  if (response?.ok) {
    console.log(`\n✓ Realtor homepage platform running at ${origin}  (landing: ${origin}/  English: ${origin}/en)\n`)
    console.log(
      `  Sign in at ${origin}/login with the demo admin of .dev.vars (README, "Quick start"). Ctrl+C stops.\n`,
    )
  } else if (response) {
    console.error(`✗ the worker answers ${response.status} at ${origin}: see the [config] line above and .dev.vars`)
  } else if (child.exitCode === null) {
    console.error(`✗ the worker has not answered at ${origin} for two minutes (${log})`)
  }
}
announceWhenReady()
// wrangler dev shuts its workerd down on SIGINT (Ctrl+C); a SIGTERM has been seen to leave it running.
// Stopped so, it exits 130 (wrangler 4.164): that is the stop asked for, not a failure.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true
    child.kill('SIGINT')
  })
child.on('exit', (code) => {
  if (stopping) process.exit(0)
  if (code) console.error(`✗ wrangler dev exited with code ${code}; its output: ${log}`)
  process.exit(code ?? 0)
})
