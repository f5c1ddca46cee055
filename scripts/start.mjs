// `npm start`: everything a fresh clone needs (install, client build, local D1 migrations and seed
// data), then the worker on http://127.0.0.1:${PORT:-8787} with React's production build.
import path from 'node:path'
import { ensureDependencies, prepareLocal, root, startWorker } from './lib.mjs'

const port = Number(process.env.PORT ?? 8787)
const persistTo = path.join(root, '.wrangler/state')

ensureDependencies()
prepareLocal({ persistTo })
const { child, origin } = startWorker({ port, persistTo, extraArgs: ['--test-scheduled'] })
setTimeout(
  () =>
    console.log(`\n✓ Realtor homepage platform running at ${origin}  (landing: ${origin}/  English: ${origin}/en)\n`),
  4000,
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
