// `npm start`: everything a fresh clone needs (install, client build, local D1 migrations and seed
// data), then the worker on http://127.0.0.1:${PORT:-8787} with React's production build.
import path from 'node:path'
import { ensureDependencies, prepareLocal, root, startWorker } from './lib.mjs'

const port = Number(process.env.PORT ?? 8787)
const persistTo = path.join(root, '.wrangler/state')

ensureDependencies()
prepareLocal({ persistTo })
const { child, origin } = startWorker({ port, persistTo, extraArgs: ['--test-scheduled'] })
// The URL is printed once the worker answers, not before: a developer who opens it gets the page.
async function announceWhenReady() {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline && child.exitCode === null) {
    const answered = await fetch(`${origin}/terms`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) {
      console.log(`\n✓ Realtor homepage platform running at ${origin}  (landing: ${origin}/  English: ${origin}/en)\n`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (child.exitCode === null) console.error(`✗ the worker has not answered at ${origin} for two minutes`)
}
announceWhenReady()
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
