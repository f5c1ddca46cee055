// The scale bench's worker: the production bundle (`npm run deploy`'s wrangler command, dry run) of the
// bench's own entry (./entry.ts: the worker with the bench's instruments around it) in workerd through
// Miniflare's API on one size's seeded state, with the local defaults of .dev.vars.example and
// BENCH_STATS=1 (the local-only D1 timing and cache counters, ./stats.ts). Also reads what the
// memory figures need: workerd's resident memory from /proc, and the isolate's JS heap through workerd's
// inspector (after a collection).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare'
import WebSocket from 'ws'
import { DEPLOY_ARGS, localVars, root, run, wrangler } from '../../scripts/lib.mjs'
import { bundleWorkerOptions, persistRoot } from '../../scripts/local-platform.mjs'
import { workerdPids } from '../cpu.mjs'
import { ISOLATE_HEADER } from './drive.mjs'

const dist = path.join(root, '.tmp/scale/dist')
const edgeDist = path.join(root, '.tmp/scale/edge')

/** Builds the client assets, the worker bundle exactly as `npm run deploy` would ship it, and the bench's edge cache. */
export function buildBundle() {
  run(process.execPath, ['scripts/build-client.mjs'])
  const quiet = { env: { WRANGLER_LOG: 'warn' } }
  wrangler([...DEPLOY_ARGS, 'bench/scale/entry.ts', '--dry-run', '--outdir', dist], quiet)
  // The edge is the bench's, not the product's: bundled on its own (it declares none of the worker's bindings).
  buildSync({
    entryPoints: [path.join(root, 'bench/scale/edge.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    external: ['cloudflare:workers'],
    outfile: path.join(edgeDist, 'edge.js'),
    logLevel: 'warning',
  })
}

/** The worker's name in workerd (the inspector's isolate is `core:user:<name>`). */
export const isolateName = (index, isolates) => (isolates === 1 ? 'realtor-homepage' : `realtor-homepage-${index}`)

/**
 * A front door for several isolates: each request goes to one of them at random, as Cloudflare's front
 * door spreads a location's requests over the isolates it runs. The bench's driver draws that choice
 * itself (the `x-bench-isolate` header, ./drive.mjs: it counts the repeats each isolate sees); the header
 * is taken off before the isolate sees the request.
 */
export const routerScript = (isolates) => `export default {
  fetch(request, env) {
    const chosen = request.headers.get('${ISOLATE_HEADER}')
    if (chosen === null) return env['I' + Math.floor(Math.random() * ${isolates})].fetch(request)
    const headers = new Headers(request.headers)
    headers.delete('${ISOLATE_HEADER}')
    return env['I' + (Number(chosen) % ${isolates})].fetch(new Request(request, { headers }))
  },
}`

/**
 * Starts the platform on 127.0.0.1:port over \`stateDir\`; the inspector listens on \`inspectorPort\`.
 * \`isolates\` copies of the worker share the state (D1, R2, the tag log's Durable Object) and the bench's
 * edge cache (./edge.ts: Workers Cache on the page entrypoint, one for the location), behind a front
 * door that spreads requests over them when there are several. \`edge: false\` leaves Workers Cache out:
 * each isolate's embedded tier answers instead (the local product, \`npm start\`).
 */
export async function startWorker({ port, inspectorPort, stateDir, isolates = 1, edge = true, vars = {} }) {
  const { worker, assets } = bundleWorkerOptions()
  const origin = `http://127.0.0.1:${port}`
  const names = Array.from({ length: isolates }, (_, index) => isolateName(index, isolates))
  const platform = names.map((name, index) => ({
    ...worker,
    name,
    modules: true,
    scriptPath: path.join(dist, 'entry.js'),
    // The static assets in front of the worker, as production serves them: the legal pages read their
    // texts through the ASSETS binding (docs/decisions/094-bundle-headroom.md).
    assets,
    bindings: { ...worker.bindings, ...localVars(), PUBLIC_ORIGIN: origin, BENCH_STATS: '1', ...vars },
    // One tag log for all: the first isolate's object, the others bound to it.
    durableObjects:
      index === 0
        ? worker.durableObjects
        : { TAG_GENERATIONS: { className: 'TagGenerations', scriptName: names[0], useSQLite: true } },
    serviceBindings: {
      ...worker.serviceBindings,
      ...(edge ? { EDGE: { name: 'bench-edge', entrypoint: 'EdgeCache' } } : {}),
    },
  }))
  const shared = {
    compatibilityDate: worker.compatibilityDate,
    compatibilityFlags: worker.compatibilityFlags,
    modules: true,
  }
  const edgeWorker = { ...shared, name: 'bench-edge', scriptPath: path.join(edgeDist, 'edge.js') }
  const router =
    isolates > 1
      ? {
          ...shared,
          name: 'bench-front-door',
          script: routerScript(isolates),
          serviceBindings: Object.fromEntries(names.map((name, index) => [`I${index}`, name])),
        }
      : null
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [...(router ? [router] : []), ...platform, ...(edge ? [edgeWorker] : [])],
      resourcePersistencePath: persistRoot(stateDir),
      host: '127.0.0.1',
      port,
      inspectorPort,
      // workerd's own errors (a crash says why here), not its request logs.
      log: new Log(LogLevel.WARN),
    }),
  )
  await mf.ready
  return { origin, mf, names, pids: workerdPids(), dispose: () => mf.dispose() }
}

/** Resident memory of the processes in MB: total, and its anonymous (heap) and file-backed parts. */
export function residentMemory(pids) {
  let rss = 0
  let anon = 0
  let file = 0
  for (const pid of pids) {
    try {
      const text = readFileSync(`/proc/${pid}/status`, 'utf8')
      const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0)
      rss += kb('VmRSS')
      anon += kb('RssAnon')
      file += kb('RssFile') + kb('RssShmem')
    } catch {
      // The process is gone: it holds nothing.
    }
  }
  const mb = (kb) => Math.round((kb / 1024) * 10) / 10
  return { rss: mb(rss), anon: mb(anon), file: mb(file) }
}

/**
 * An isolate's JS heap in MB ({ used, reserved, live }) (V8's used size), through workerd's inspector (Chrome DevTools protocol): for
 * the worker, what counts against a deployed isolate's 128 MB; for the local simulators (`d1:db`, `kv:ns`,
 * `r2:bucket`, `cache:cache`), their share of workerd. After a full collection: workerd does not answer
 * HeapProfiler.collectGarbage, so a heap snapshot (which collects first) is taken and its chunks dropped.
 * null when the inspector does not answer within 30 s.
 */
export async function isolateHeap(inspectorPort, isolate = 'core:user:realtor-homepage') {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/${isolate}`)
  const timer = setTimeout(() => socket.terminate(), 30_000)
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
      socket.once('close', () => reject(new Error('inspector closed')))
    })
    let before = null
    const answer = new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data))
        if (message.id === 0) before = message.result
        if (message.id === 1) socket.send(JSON.stringify({ id: 2, method: 'Runtime.getHeapUsage' }))
        if (message.id === 2) resolve(message.result)
      })
      socket.once('close', () => reject(new Error('inspector closed')))
    })
    socket.send(JSON.stringify({ id: 0, method: 'Runtime.getHeapUsage' }))
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } }))
    const after = await answer
    const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10
    // Used before the collection (garbage included), the heap V8 had reserved then, and what is live.
    return { used: mb(before?.usedSize ?? 0), reserved: mb(before?.totalSize ?? 0), live: mb(after.usedSize) }
  } catch {
    return null
  } finally {
    clearTimeout(timer)
    socket.terminate()
  }
}

/** The JS heaps of the worker and of the local simulators workerd runs beside it, in MB. */
export async function isolateHeaps(inspectorPort, workerName = 'realtor-homepage') {
  const heaps = {}
  // With several isolates, the first one's heap stands for each (they run the same code on the same traffic).
  const isolates = { ...SIMULATORS, worker: `core:user:${workerName}` }
  for (const [name, isolate] of Object.entries(isolates)) heaps[name] = await isolateHeap(inspectorPort, isolate)
  return heaps
}

const SIMULATORS = {
  worker: 'core:user:realtor-homepage',
  d1: 'd1:db',
  kv: 'kv:ns',
  r2: 'r2:bucket',
  cache: 'cache:cache',
}
