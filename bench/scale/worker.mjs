// The scale bench's worker: the production bundle (`npm run deploy`'s wrangler command, dry run) in workerd
// through Miniflare's API on one size's seeded state, with the local defaults of .dev.vars.example and
// BENCH_STATS=1 (the local-only D1 timing and cache counters, src/lib/bench-stats.ts). Also reads what the
// memory figures need: workerd's resident memory from /proc, and the isolate's JS heap through workerd's
// inspector (after a collection).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'
import WebSocket from 'ws'
import { DEPLOY_ARGS, localVars, root, run, wrangler } from '../../scripts/lib.mjs'
import { workerdPids } from '../cpu.mjs'

const dist = path.join(root, '.tmp/scale/dist')

/** Builds the client assets and the worker bundle exactly as `npm run deploy` would ship them. */
export function buildBundle() {
  run(process.execPath, ['scripts/build-client.mjs'])
  wrangler([...DEPLOY_ARGS, '--dry-run', '--outdir', dist], { env: { WRANGLER_LOG: 'warn' } })
}

/** Starts the worker on 127.0.0.1:port over `stateDir`; the inspector listens on `inspectorPort`. */
export async function startWorker({ port, inspectorPort, stateDir }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, 'wrangler.toml'))
  const { assets: _assets, ...worker } = workerOptions
  const origin = `http://127.0.0.1:${port}`
  const mf = new Miniflare({
    ...worker,
    name: 'realtor-homepage',
    modules: true,
    scriptPath: path.join(dist, 'worker.js'),
    bindings: { ...worker.bindings, ...localVars(), PUBLIC_ORIGIN: origin, BENCH_STATS: '1' },
    d1Persist: path.join(stateDir, 'v3/d1'),
    r2Persist: path.join(stateDir, 'v3/r2'),
    kvPersist: path.join(stateDir, 'v3/kv'),
    durableObjectsPersist: path.join(stateDir, 'v3/do'),
    host: '127.0.0.1',
    port,
    inspectorPort,
  })
  await mf.ready
  return { origin, mf, pids: workerdPids(), dispose: () => mf.dispose() }
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
 * The worker isolate's JS heap in MB after a full collection, through workerd's inspector (Chrome DevTools
 * protocol): what counts against a deployed isolate's 128 MB. null when the inspector does not answer.
 */
export async function isolateHeap(inspectorPort) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/core:user:realtor-homepage`)
  // An inspector that never answers (before the isolate's first request, it may not) costs 5 s, not the run.
  const timer = setTimeout(() => socket.terminate(), 5_000)
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
      socket.once('close', () => reject(new Error('inspector closed')))
    })
    let id = 0
    const pending = new Map()
    socket.on('message', (data) => {
      const message = JSON.parse(String(data))
      pending.get(message.id)?.(message)
    })
    const send = (method, params = {}) =>
      new Promise((resolve, reject) => {
        socket.once('close', () => reject(new Error('inspector closed')))
        pending.set(++id, resolve)
        socket.send(JSON.stringify({ id, method, params }))
      })
    await send('HeapProfiler.collectGarbage')
    const { result } = await send('Runtime.getHeapUsage')
    return result ? Math.round((result.usedSize / 1024 / 1024) * 10) / 10 : null
  } catch {
    return null
  } finally {
    clearTimeout(timer)
    socket.terminate()
  }
}
