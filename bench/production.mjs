// The production build in workerd, for benchmarks and audits: the client assets and the worker bundle
// exactly as `npm run deploy` makes them (its wrangler command, minified by wrangler.toml), with the
// local defaults of .dev.vars.example (a local run, signed in as its demo admin), run through Miniflare's API
// — not `wrangler dev`, which adds a proxy and ~2.6 ms per request — on a freshly migrated and seeded
// local D1/R2/KV state. `start` serves the whole site as `wrangler dev` would (assets included), for
// browsers; `startBench` gives the benchmark the worker, a static ceiling and a renderer reference.
import { readFileSync } from 'node:fs'
import { cp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { convertV4MiniflareOptions, Miniflare, Response } from 'miniflare'
import { DEPLOY_ARGS, localVars, prepareLocal, root, wrangler } from '../scripts/lib.mjs'
import { bundleWorkerOptions, persistRoot } from '../scripts/local-platform.mjs'

/**
 * The ASSETS binding of the benchmark's worker, served from Node: the file under `dir` a request's path names
 * (the built `public/`), or 404. Each isolate asks it for a few JSON files on its first requests only.
 */
const assetsBinding = (dir) => async (request) => {
  const file = path.join(dir, path.normalize(decodeURIComponent(new URL(request.url).pathname)))
  if (!file.startsWith(`${dir}${path.sep}`)) return new Response('not found', { status: 404 })
  try {
    return new Response(await readFile(file), { headers: { 'content-type': contentTypeOf(file) } })
  } catch {
    return new Response('not found', { status: 404 })
  }
}

const contentTypeOf = (file) => (file.endsWith('.json') ? 'application/json' : 'application/octet-stream')

/** Builds everything into `.tmp/<name>`; returns the worker bundle and a starter. */
export async function buildProduction(name) {
  const tmp = path.join(root, '.tmp', name)
  const state = path.join(tmp, 'state')
  const assetsDir = path.join(tmp, 'assets')
  const dist = path.join(tmp, 'dist')
  await rm(tmp, { recursive: true, force: true })
  prepareLocal({ persistTo: state })
  // Exactly what `npm run deploy` ships: its wrangler command (minify comes from wrangler.toml), no flag of our own.
  wrangler([...DEPLOY_ARGS, '--dry-run', '--outdir', dist])
  await cp(path.join(root, 'public'), assetsDir, { recursive: true })

  /** Starts workerd on 127.0.0.1:port; `vars` override wrangler.toml's. */
  async function start({ port, vars = {} }) {
    const origin = `http://127.0.0.1:${port}`
    const { worker, assets } = bundleWorkerOptions()
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        ...worker,
        name: 'realtor-homepage',
        modules: true,
        scriptPath: path.join(dist, 'worker.js'),
        bindings: { ...worker.bindings, ...localVars(), PUBLIC_ORIGIN: origin, ...vars },
        assets: { ...assets, directory: assetsDir },
        resourcePersistencePath: persistRoot(state),
        host: '127.0.0.1',
        port,
      }),
    )
    await mf.ready
    return { origin, dispose: () => mf.dispose() }
  }

  /**
   * The benchmark's workerd: the worker, and beside it in the same process the static ceiling (a
   * worker answering static copies of the worker's responses) and the renderer reference. Each is reachable
   * two ways:
   * - on its own socket (`port`, `ceiling.port`, `reference.port`): what a request costs the worker
   *   itself, as on Cloudflare, where a request for a page reaches the worker directly;
   * - through Miniflare's HTTP entry (`entryPort`; the ceiling and the reference by their Host,
   *   `ceiling.bench` and `reference.bench`): the path of the baseline, which its ratio budgets
   *   were measured on. The entry is one more worker a request passes through (docs/decisions/005).
   */
  async function startBench({ port, entryPort = 0, ceiling, reference, inspectorPort }) {
    const { worker } = bundleWorkerOptions()
    // The ceiling and the reference bind the worker's Durable Objects too (same bindings), by its script name.
    const objects = Object.fromEntries(
      Object.entries(worker.durableObjects ?? {}).map(([name, object]) => [
        name,
        { ...(typeof object === 'string' ? { className: object } : object), scriptName: 'realtor-homepage' },
      ]),
    )
    const workers = [
      {
        ...worker,
        name: 'realtor-homepage',
        modules: true,
        scriptPath: path.join(dist, 'worker.js'),
        bindings: { ...worker.bindings, ...localVars(), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
        // The ASSETS binding: the legal texts and the builder's messages (the realtor API's errors among them)
        // are read through it (docs/decisions/094-bundle-headroom.md), once per isolate. A binding to the files
        // and not Miniflare's `assets` option, which puts its asset router in front of the worker, in the same
        // workerd whose CPU is measured: on Cloudflare the router runs before the worker, on no CPU of its.
        serviceBindings: { ASSETS: assetsBinding(assetsDir) },
        unsafeDirectSockets: [{ host: '127.0.0.1', port }],
      },
    ]
    if (ceiling) {
      workers.push({
        // The worker's own configuration (flags and bindings: workerd sets up D1, KV, R2 and the rate
        // limiters for every request before any code runs) around a script that only answers
        // `/<name>` with a response given to it whole: the same bytes and headers as the target.
        ...worker,
        durableObjects: objects,
        name: 'ceiling',
        modules: true,
        script: `const copies = new Map(Object.entries(${JSON.stringify(ceiling.copies)}).map(([name, { body, headers }]) => [
  name,
  { body: Uint8Array.from(atob(body), (c) => c.charCodeAt(0)), headers },
]))
export default {
  fetch(request) {
    const copy = copies.get(new URL(request.url).pathname.slice(1))
    return copy ? new Response(copy.body, { headers: copy.headers }) : new Response('no such copy', { status: 404 })
  },
}`,
        routes: ['ceiling.bench/*'],
        unsafeDirectSockets: [{ host: '127.0.0.1', port: ceiling.port }],
      })
    }
    if (reference) {
      workers.push({
        ...worker,
        durableObjects: objects,
        name: 'renderer-reference',
        modules: true,
        scriptPath: await bundleReference(),
        // The large realtor's markup as a tree (bench/markup-tree.mjs), for `/markup`.
        // Other pages' markups by name (`/markup/{name}`): a home's page and a home search (issue 30).
        bindings: {
          ...worker.bindings,
          ...(reference.markup ? { MARKUP: reference.markup } : {}),
          ...(reference.markups ? { MARKUPS: reference.markups } : {}),
          ...(reference.reads ? { MARKUP_READS: reference.reads } : {}),
        },
        routes: ['reference.bench/*'],
        unsafeDirectSockets: [{ host: '127.0.0.1', port: reference.port }],
      })
    }
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        workers,
        resourcePersistencePath: persistRoot(state),
        host: '127.0.0.1',
        port: entryPort,
        // For a profile of the worker (bench/profile.mjs): workerd's inspector, isolate `core:user:realtor-homepage`.
        ...(inspectorPort ? { inspectorPort } : {}),
      }),
    )
    await mf.ready
    return { origin: `http://127.0.0.1:${port}`, dispose: () => mf.dispose() }
  }

  /** React's Node build requires node modules (CommonJS): each becomes an ESM re-export of node:<name>. */
  const nodeBuiltins = {
    name: 'node-builtins',
    setup(builder) {
      builder.onResolve({ filter: /^(util|crypto|async_hooks|stream)$/ }, (args) => ({
        path: args.path,
        namespace: 'node-builtin',
      }))
      builder.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
        contents: `export * from 'node:${args.path}'`,
        loader: 'js',
      }))
    },
  }

  /** bench/renderer-reference.tsx bundled like the worker: React's production build, node modules external. */
  async function bundleReference() {
    const outfile = path.join(tmp, 'reference/worker.js')
    await build({
      entryPoints: [path.join(root, 'bench/renderer-reference.tsx')],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker'],
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      // The home and search reads (src/lib/mls) reach modules that import workerd's own `cloudflare:workers`.
      external: ['node:*', 'cloudflare:*'],
      plugins: [nodeBuiltins],
      logLevel: 'warning',
    })
    return outfile
  }

  return { workerJs: readFileSync(path.join(dist, 'worker.js')), assetsDir, state, start, startBench }
}
