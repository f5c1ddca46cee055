// The scale bench's local-only instruments (bench/scale/stats.ts, docs/decisions/056-scale-bench.md): a
// deployed worker never answers them, and the bench's figures are real (D1 time of the request's own
// statements, cache counters that move with hits and misses).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BENCH_STATS_PATH, withBenchStats } from '../../bench/scale/stats'
import { type CacheEntry, TaggedCache } from '../../src/lib/cache'

const ctx = {} as ExecutionContext
const url = (path: string) => `http://127.0.0.1:8787${path}`

/** A handler that runs `statements` D1 reads (one batched when `batch`) and answers 200. */
function reading(statements: number, batch = false) {
  return async (_request: Request, bindings: { DB?: D1Database; BENCH_STATS?: string; ENVIRONMENT?: string }) => {
    const db = bindings.DB as D1Database
    if (batch) await db.batch(Array.from({ length: statements }, () => db.prepare('SELECT 1 AS one')))
    else for (let i = 0; i < statements; i++) await db.prepare('SELECT ? AS one').bind(i).all()
    return new Response('ok')
  }
}

describe('withBenchStats', () => {
  it('times the D1 work of each request in Server-Timing when the bench asks, locally', async () => {
    const fetch = withBenchStats(reading(3))
    const response = await fetch(new Request(url('/x')), { ...env, BENCH_STATS: '1' }, ctx)
    expect(await response.text()).toBe('ok')
    expect(response.headers.get('server-timing')).toMatch(/^d1;dur=\d+\.\d{3};desc="3 queries, 3 round trips"$/)
  })

  it('counts a batch as one round trip of its statements', async () => {
    const fetch = withBenchStats(reading(4, true))
    const response = await fetch(new Request(url('/x')), { ...env, BENCH_STATS: '1' }, ctx)
    expect(response.headers.get('server-timing')).toContain('desc="4 queries, 1 round trips"')
  })

  it('gives nothing to a worker the bench did not start, or one that is not local', async () => {
    for (const bindings of [env, { ...env, BENCH_STATS: '1', ENVIRONMENT: 'production' }]) {
      const fetch = withBenchStats(reading(1))
      const response = await fetch(new Request(url('/x')), bindings, ctx)
      expect(response.headers.get('server-timing')).toBeNull()
      const stats = await fetch(new Request(url(BENCH_STATS_PATH)), bindings, ctx)
      expect(await stats.text()).toBe('ok')
    }
  })

  it('answers the isolate caches’ sizes and bounds on its stats path', async () => {
    const fetch = withBenchStats(reading(0))
    const response = await fetch(new Request(url(BENCH_STATS_PATH)), { ...env, BENCH_STATS: '1' }, ctx)
    const stats = (await response.json()) as Record<string, Record<string, number>>
    expect(stats.pageCache).toMatchObject({ maxEntries: 4_000, maxBytes: 32 * 1024 * 1024 })
    expect(stats.dataCache).toMatchObject({ maxEntries: 8_000, maxBytes: 16 * 1024 * 1024 })
  })
})

describe('TaggedCache counters', () => {
  it('count hits, misses and expired entries, and report size against the bounds', () => {
    let now = 0
    const cache = new TaggedCache<CacheEntry>(
      { maxEntries: 2, maxBytes: 100, maxAgeMs: 10 },
      () => 10,
      () => now,
    )
    const entry = { tags: [], storedAt: 0 }
    expect(cache.get('a')).toBeNull()
    cache.set('a', entry)
    expect(cache.get('a')).toBe(entry)
    now = 11
    expect(cache.get('a')).toBeNull()
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, maxEntries: 2, maxBytes: 100, hits: 1, misses: 2 })
  })
})
