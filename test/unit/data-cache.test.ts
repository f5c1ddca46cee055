// The data cache (src/lib/data-cache.ts): read-through with tags, kept only when no purge happened
// meanwhile, bounded by age, and fresh through the tag log, which the isolate asks at most once per
// interval (src/lib/cache.ts, docs/decisions/076-cost-flat-caching.md).
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkFreshnessWhenDue, FRESHNESS_INTERVAL_MS, purgeTags, resetFreshness } from '../../src/lib/cache'
import { DataCache, type DataCacheScope, dataCache, readManyThrough, readThrough } from '../../src/lib/data-cache'
import { memoryTagLog } from '../../src/lib/generations/store'
import { pageCache } from '../../src/lib/page-cache'
import { realtorServiceOf } from '../../src/lib/realtors/service'
import { call } from '../helpers'

/**
 * A scope of an isolate that has asked the tag log once (a first answer empties the caches) at the real
 * clock's now: its next check is due FRESHNESS_INTERVAL_MS later.
 */
async function scopeOf(cache = new DataCache(), log = memoryTagLog()) {
  const background: Promise<unknown>[] = []
  const scope: DataCacheScope = { cache, log, waitUntil: (promise) => void background.push(promise) }
  const settle = () => Promise.all(background)
  resetFreshness()
  checkFreshnessWhenDue(log, scope.waitUntil)
  await settle()
  return { scope, cache, log, settle }
}

beforeEach(() => resetFreshness())
afterEach(() => {
  vi.useRealTimers()
  resetFreshness()
})

/** Tags like a realtor lookup's: `realtor:<id>`, nothing for a missing one. */
const tagged = {
  tags: (value: { id: number } | null) => (value ? [`realtor:${value.id}`] : null),
}

describe('readThrough', () => {
  it('loads once and serves the frozen value after', async () => {
    const { scope } = await scopeOf()
    let loads = 0
    const load = async () => ({ id: 1, loads: ++loads, photos: [{ url: '/a' }] })
    const first = await readThrough(scope, 'k', load, tagged)
    const second = await readThrough(scope, 'k', load, tagged)
    expect(second).toBe(first)
    expect(loads).toBe(1)
    expect(Object.isFrozen(second.photos[0])).toBe(true)
  })

  it('loads every time without a scope, and keeps nothing the tags refuse', async () => {
    let loads = 0
    await readThrough(null, 'k', async () => ({ id: ++loads }), tagged)
    await readThrough(null, 'k', async () => ({ id: ++loads }), tagged)
    const { scope, cache } = await scopeOf()
    await readThrough(scope, 'missing', async () => null, tagged)
    expect(loads).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('never keeps a failed load', async () => {
    const { scope } = await scopeOf()
    await expect(readThrough(scope, 'bad', () => Promise.reject(new Error('down')), tagged)).rejects.toThrow('down')
    expect(await readThrough(scope, 'bad', async () => ({ id: 2 }), tagged)).toEqual({ id: 2 })
  })

  it('does not keep a value loaded while a purge happened', async () => {
    const { scope, cache, log, settle } = await scopeOf()
    let release!: () => void
    const pending = readThrough(
      scope,
      'k',
      () => new Promise<{ id: number }>((resolve) => (release = () => resolve({ id: 1 }))),
      tagged,
    )
    await purgeTags([cache], log, ['realtor:1'])
    release()
    await pending
    await settle()
    expect(cache.size).toBe(0)
  })

  it('expires entries at their own maximum age', async () => {
    let now = 1_000
    const { scope, settle } = await scopeOf(new DataCache(() => now))
    let loads = 0
    const options = { tags: () => ['listings'], maxAgeMs: 60_000 }
    await readThrough(scope, 'k', async () => ++loads, options)
    await settle()
    now += 59_000
    await readThrough(scope, 'k', async () => ++loads, options)
    now += 2_000
    await readThrough(scope, 'k', async () => ++loads, options)
    expect(loads).toBe(2)
  })

  it('drops an entry another isolate purged once its next check of the tag log is due, not before', async () => {
    const { scope, log, settle } = await scopeOf()
    let loads = 0
    const load = async () => ({ id: 1, version: ++loads })
    await readThrough(scope, 'k', load, tagged)
    await purgeTags([new DataCache()], log, ['realtor:1']) // another isolate's write
    expect((await readThrough(scope, 'k', load, tagged)).version).toBe(1) // the check is not due yet
    await settle()
    expect(log.calls).toBe(2) // the first answer and the other isolate's bump: no check per read
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + FRESHNESS_INTERVAL_MS)
    expect((await readThrough(scope, 'k', load, tagged)).version).toBe(1) // served while the check runs
    await settle()
    expect((await readThrough(scope, 'k', load, tagged)).version).toBe(2)
    expect(loads).toBe(2)
  })

  it('asks the tag log at most once per interval, however many reads and keys', async () => {
    const { scope, log, settle } = await scopeOf()
    const keys = Array.from({ length: 50 }, (_, index) => `k${index}`)
    const tags = () => ['listings']
    for (let round = 0; round < 4; round++) {
      for (const key of keys) await readThrough(scope, key, async () => key, { tags })
      await readManyThrough(scope, keys, async (missing) => missing.map((index) => keys[index]!), { tags })
    }
    await settle()
    expect(log.calls).toBe(1) // the isolate's first answer only
  })

  it('keeps what loads while a check that learns of no change runs', async () => {
    const { scope, settle } = await scopeOf()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + FRESHNESS_INTERVAL_MS)
    let loads = 0
    const load = async () => {
      await settle() // the check the read started finishes first
      return { id: 1, loads: ++loads }
    }
    await readThrough(scope, 'k', load, tagged)
    await readThrough(scope, 'k', load, tagged)
    expect(loads).toBe(1)
  })
})

describe('tenant pages with the data cache', () => {
  it('show a realtor write on the next request', async () => {
    resetFreshness()
    pageCache.clear()
    dataCache.clear()
    const before = await (await call('/en/janekim')).text()
    expect(before).not.toContain('Cached-data check')
    const realtor = await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{
      id: number
    }>()
    await realtorServiceOf(env).update(realtor!.id, {
      seoMeta: {
        ko: { title: 'Cached-data check', description: 'd', keywords: 'k', author: 'a' },
        en: { title: 'Cached-data check', description: 'd', keywords: 'k', author: 'a' },
      },
    })
    const after = await (await call('/en/janekim?fresh')).text()
    expect(after).toContain('Cached-data check')
  })
})
