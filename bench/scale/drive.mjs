// One measured run of a target against the scale bench's worker: autocannon sends the target's requests
// (a fresh draw for every request) for a time or a count; workerd's CPU and the isolates' totals (D1
// statements, time and rows written, Durable Object calls, cache and edge counters) are read around it.
import autocannon from 'autocannon'
import { cpuMillis } from '../cpu.mjs'
import { percentiles } from '../report.mjs'

/**
 * The isolates' counters and sizes (GET /__bench/stats of each, bench/scale/stats.ts), summed over them:
 * with several isolates behind the front door, each is asked directly (`worker.mf.getWorker(name)`).
 */
export async function cacheStats(worker) {
  const answers =
    worker.names?.length > 1 && worker.mf
      ? await Promise.all(
          worker.names.map(async (name) => (await worker.mf.getWorker(name)).fetch('http://127.0.0.1/__bench/stats')),
        )
      : [await fetch(`${worker.origin ?? worker}/__bench/stats`)]
  const all = []
  for (const response of answers) {
    if (!response.ok) throw new Error(`/__bench/stats answered ${response.status}: is BENCH_STATS set?`)
    all.push(await response.json())
  }
  const sum = (pick) => {
    const out = {}
    for (const stats of all)
      for (const [key, value] of Object.entries(pick(stats) ?? {})) out[key] = (out[key] ?? 0) + value
    return out
  }
  return {
    pageCache: sum((stats) => stats.pageCache),
    dataCache: sum((stats) => stats.dataCache),
    totals: sum((stats) => stats.totals),
    // One edge for every isolate: any answer's is the same.
    edge: all[0].edge,
    isolates: all.length,
  }
}

const hitRate = (before, after) => {
  if (!before || !after) return null
  const hits = after.hits - before.hits
  const lookups = hits + after.misses - before.misses
  return lookups ? hits / lookups : null
}

/**
 * The hit rate a cache without bounds and with the pages' lifetime would reach on the requests sent: a
 * request is a hit when its key was stored (at its last miss) less than `lifetimeMs` before. `seen` maps
 * key → when it was stored, across a target's warm-up and measured run.
 */
function allowedHit(seen, key, now, lifetimeMs) {
  const storedAt = seen.get(key)
  if (storedAt !== undefined && now - storedAt < lifetimeMs) return true
  seen.set(key, now)
  return false
}

/** The request header by which the driver picks the isolate behind the front door (bench/scale/worker.mjs). */
export const ISOLATE_HEADER = 'x-bench-isolate'

/**
 * Counts a run's repeats and what they allow, twice: over every request (`seen`: what the edge cache,
 * one for all isolates, can hit on) and over the requests each isolate received (`seenByIsolate`, keyed
 * `${isolate}|${key}`: what that isolate's own data cache can hit on — a key another isolate saw is a
 * miss for it). With one isolate both are the same. `count(key, isolate, now)` per request; `rates()` →
 * repeatRate and allowedHitRate (global), repeatIsolateRate and allowedIsolateHitRate (per isolate).
 */
export function repeatCounter({ seen = new Map(), seenByIsolate = new Map(), lifetimeMs = Number.POSITIVE_INFINITY }) {
  let sent = 0
  let repeats = 0
  let allowed = 0
  let isolateRepeats = 0
  let isolateAllowed = 0
  return {
    count(key, isolate, now) {
      sent++
      if (seen.has(key)) repeats++
      if (allowedHit(seen, key, now, lifetimeMs)) allowed++
      const own = `${isolate}|${key}`
      if (seenByIsolate.has(own)) isolateRepeats++
      if (allowedHit(seenByIsolate, own, now, lifetimeMs)) isolateAllowed++
    },
    rates() {
      const rate = (count) => (sent ? count / sent : null)
      return {
        repeatRate: rate(repeats),
        allowedHitRate: rate(allowed),
        repeatIsolateRate: rate(isolateRepeats),
        allowedIsolateHitRate: rate(isolateAllowed),
      }
    },
  }
}

/** `d1;dur=12.000;desc="3 queries, 2 round trips"` → { ms, queries }. */
function d1Of(headers) {
  const value = headers?.['server-timing'] ?? headers?.['Server-Timing'] ?? ''
  const match = /d1;dur=([\d.]+);desc="(\d+) queries, (\d+) round trips"/.exec(value)
  return match ? { ms: Number(match[1]), queries: Number(match[2]), roundTrips: Number(match[3]) } : null
}

/**
 * Drives `target` at `worker` for `seconds` (or `amount` requests) over `connections`; returns req/s,
 * latency percentiles, CPU ms per request, cache hit rates over the run, mean D1 time and queries per
 * request, and the status codes seen. `seen` holds the requests (host and path) sent before, by an
 * earlier run of the target (its warm-up): `repeatRate` is the share of this run's requests sent before,
 * the hit rate a cache without bounds would reach — a first request is a miss for any cache.
 * `seenByIsolate` holds the same per isolate: with several isolates the driver picks each request's
 * isolate (uniformly at random, the `x-bench-isolate` header the front door routes by), so
 * `repeatIsolateRate` and `allowedIsolateHitRate` count only the repeats an isolate saw itself.
 */
export async function drive(
  worker,
  target,
  { seconds, amount, connections, seen = new Map(), seenByIsolate = new Map(), lifetimeMs = Number.POSITIVE_INFINITY },
) {
  const isolates = worker.names?.length ?? 1
  const counter = repeatCounter({ seen, seenByIsolate, lifetimeMs })
  const before = { cpu: cpuMillis(worker.pids), caches: await cacheStats(worker) }
  const latencies = []
  const statuses = {}
  const d1 = { ms: 0, queries: 0, roundTrips: 0, timed: 0 }
  const url = new URL(worker.origin)
  const result = await new Promise((resolve, reject) => {
    const options = {
      url: worker.origin,
      connections,
      ...(amount ? { amount } : { duration: seconds }),
      requests: [
        {
          setupRequest: (request) => {
            const { path, headers, method = 'GET', body } = target.next()
            const key = `${headers?.host ?? url.host}${target.keyOf ? target.keyOf(path) : path}`
            const isolate = isolates > 1 ? Math.floor(Math.random() * isolates) : 0
            counter.count(key, isolate, Date.now())
            const routed = isolates > 1 ? { [ISOLATE_HEADER]: String(isolate) } : {}
            return { ...request, method, path, body, headers: { host: url.host, ...headers, ...routed } }
          },
          onResponse: (status, _body, _context, headers) => {
            statuses[status] = (statuses[status] ?? 0) + 1
            const timing = d1Of(headers)
            if (timing) {
              d1.ms += timing.ms
              d1.queries += timing.queries
              d1.roundTrips += timing.roundTrips
              d1.timed++
            }
          },
        },
      ],
    }
    autocannon(options, (error, done) => (error ? reject(error) : resolve(done))).on(
      'response',
      (_client, _status, _bytes, latency) => latencies.push(latency),
    )
  })
  const cpu = cpuMillis(worker.pids) - before.cpu
  const caches = await cacheStats(worker)
  const requests = result.requests.total
  const per = (name) => (requests ? ((caches.totals[name] ?? 0) - (before.caches.totals[name] ?? 0)) / requests : null)
  const failed = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    requests,
    seconds: result.duration,
    rps: requests / result.duration,
    ...percentiles(latencies),
    cpuPerRequest: requests ? cpu / requests : null,
    // Pages are Workers Cache's (the bench's edge) when it runs, else each isolate's embedded tier.
    pageHitRate: caches.edge
      ? hitRate(before.caches.edge, caches.edge)
      : hitRate(before.caches.pageCache, caches.pageCache),
    // Repeats and what they allow over all isolates (the edge's, for page rows) and per isolate (for data rows).
    ...counter.rates(),
    dataHitRate: hitRate(before.caches.dataCache, caches.dataCache),
    // Every isolate's work over the run (the page entrypoint's and background work included) ÷ requests.
    d1Ms: per('d1Ms'),
    d1Queries: per('d1Queries'),
    d1RoundTrips: per('d1RoundTrips'),
    d1RowsWritten: per('d1RowsWritten'),
    doCalls: per('doCalls'),
    // The request's own D1 time (its Server-Timing), for comparison: the front's share only.
    ownD1Ms: d1.timed ? d1.ms / d1.timed : null,
    statuses,
    errors: result.errors + result.timeouts + failed,
    caches,
  }
}
