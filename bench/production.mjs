// The production build in workerd, for benchmarks and audits: the client assets and the worker bundle
// exactly as `wrangler deploy` makes them (minified, NODE_ENV=production), run through Miniflare's API
// — not `wrangler dev`, which adds a proxy and ~2.6 ms per request — on a freshly migrated and seeded
// local D1/R2/KV state.
import { readFileSync } from 'node:fs'
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'
import { prepareLocal, root, run } from '../scripts/lib.mjs'

/** Builds everything into `.tmp/<name>`; returns the worker bundle and a starter. */
export async function buildProduction(name) {
  const tmp = path.join(root, '.tmp', name)
  const state = path.join(tmp, 'state')
  const assetsDir = path.join(tmp, 'assets')
  const dist = path.join(tmp, 'dist')
  await rm(tmp, { recursive: true, force: true })
  prepareLocal({ persistTo: state })
  run(
    process.execPath,
    [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--minify', '--outdir', dist],
    { env: { NODE_ENV: 'production' } },
  )
  await cp(path.join(root, 'public'), assetsDir, { recursive: true })

  /** Starts workerd on 127.0.0.1:port; `vars` override wrangler.toml's. */
  async function start({ port, vars = {} }) {
    const origin = `http://127.0.0.1:${port}`
    const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, 'wrangler.toml'))
    const mf = new Miniflare({
      ...workerOptions,
      name: 'realtor-homepage',
      modules: true,
      scriptPath: path.join(dist, 'worker.js'),
      bindings: { ...workerOptions.bindings, PUBLIC_ORIGIN: origin, ...vars },
      assets: { ...workerOptions.assets, directory: assetsDir },
      d1Persist: path.join(state, 'v3/d1'),
      r2Persist: path.join(state, 'v3/r2'),
      kvPersist: path.join(state, 'v3/kv'),
      host: '127.0.0.1',
      port,
    })
    await mf.ready
    return { origin, dispose: () => mf.dispose() }
  }

  return { workerJs: readFileSync(path.join(dist, 'worker.js')), assetsDir, start }
}
