// One measured run of a target against the scale bench's worker: autocannon sends the target's requests
// (a fresh draw for every request) for a time or a count; workerd's CPU, the isolate caches' counters and
// each response's D1 time (its local-only Server-Timing header) are read around it.
import autocannon from 'autocannon'
import { cpuMillis } from '../cpu.mjs'
import { percentiles } from '../report.mjs'

/** The isolate caches' counters and sizes (GET /__bench/stats, bench/scale/stats.ts). */
export async function cacheStats(origin) {
  const response = await fetch(`${origin}/__bench/stats`)
  if (!response.ok) throw new Error(`${origin}/__bench/stats answered ${response.status}: is BENCH_STATS set?`)
  return response.json()
}

const hitRate = (before, after) => {
  const hits = after.hits - before.hits
  const lookups = hits + after.misses - before.misses
  return lookups ? hits / lookups : null
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
 */
export async function drive(worker, target, { seconds, amount, connections, seen = new Set() }) {
  let repeats = 0
  let sent = 0
  const before = { cpu: cpuMillis(worker.pids), caches: await cacheStats(worker.origin) }
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
            const { path, headers } = target.next()
            const key = `${headers?.host ?? url.host}${path}`
            sent++
            if (seen.has(key)) repeats++
            else seen.add(key)
            return { ...request, method: 'GET', path, headers: { host: url.host, ...headers } }
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
  const caches = await cacheStats(worker.origin)
  const requests = result.requests.total
  const failed = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    requests,
    seconds: result.duration,
    rps: requests / result.duration,
    ...percentiles(latencies),
    cpuPerRequest: requests ? cpu / requests : null,
    pageHitRate: hitRate(before.caches.pageCache, caches.pageCache),
    repeatRate: sent ? repeats / sent : null,
    dataHitRate: hitRate(before.caches.dataCache, caches.dataCache),
    d1Ms: d1.timed ? d1.ms / d1.timed : null,
    d1Queries: d1.timed ? d1.queries / d1.timed : null,
    d1RoundTrips: d1.timed ? d1.roundTrips / d1.timed : null,
    statuses,
    errors: result.errors + result.timeouts + failed,
    caches,
  }
}
