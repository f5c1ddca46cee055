import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { purgeTags } from '../../src/lib/cache'
import { DataCache, type DataCacheScope, dataCache, readThrough } from '../../src/lib/data-cache'
import { memoryGenerations } from '../../src/lib/generations/store'
import { pageCache } from '../../src/lib/page-cache'
import { realtorServiceOf } from '../../src/lib/realtors/service'
import { call } from '../helpers'

function scopeOf(cache = new DataCache(), store = memoryGenerations()) {
  const background: Promise<unknown>[] = []
  const scope: DataCacheScope = { cache, store, waitUntil: (promise) => void background.push(promise) }
  return { scope, cache, store, settle: () => Promise.all(background) }
}

/** Tags like a realtor lookup's: `realtor:<id>`, nothing for a missing one. */
const tagged = {
  tags: (value: { id: number } | null) => (value ? [`realtor:${value.id}`] : null),
}

describe('readThrough', () => {
  it('loads once and serves the frozen value after', async () => {
    const { scope, settle } = scopeOf()
    let loads = 0
    const load = async () => ({ id: 1, loads: ++loads, photos: [{ url: '/a' }] })
    const first = await readThrough(scope, 'k', load, tagged)
    await settle() // stored once its tags' generations are read, in the background
    const second = await readThrough(scope, 'k', load, tagged)
    expect(second).toBe(first)
    expect(loads).toBe(1)
    expect(Object.isFrozen(second.photos[0])).toBe(true)
  })

  it('loads every time without a scope, and keeps nothing the tags refuse', async () => {
    let loads = 0
    await readThrough(null, 'k', async () => ({ id: ++loads }), tagged)
    await readThrough(null, 'k', async () => ({ id: ++loads }), tagged)
    const { scope, cache } = scopeOf()
    await readThrough(scope, 'missing', async () => null, tagged)
    expect(loads).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('never keeps a failed load', async () => {
    const { scope } = scopeOf()
    await expect(readThrough(scope, 'bad', () => Promise.reject(new Error('down')), tagged)).rejects.toThrow('down')
    expect(await readThrough(scope, 'bad', async () => ({ id: 2 }), tagged)).toEqual({ id: 2 })
  })

  it('does not keep a value loaded while a purge happened', async () => {
    const { scope, cache, store, settle } = scopeOf()
    let release!: () => void
    const pending = readThrough(
      scope,
      'k',
      () => new Promise<{ id: number }>((resolve) => (release = () => resolve({ id: 1 }))),
      tagged,
    )
    await purgeTags([cache], store, ['realtor:1'])
    release()
    await pending
    await settle()
    expect(cache.size).toBe(0)
  })

  it('expires entries at their own maximum age', async () => {
    let now = 1_000
    const { scope, settle } = scopeOf(new DataCache(() => now))
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

  it('drops an entry another isolate purged, at its next revalidation', async () => {
    let now = 0
    const { scope, store, settle } = scopeOf(new DataCache(() => now))
    let loads = 0
    const load = async () => ({ id: 1, version: ++loads })
    await readThrough(scope, 'k', load, tagged)
    await settle()
    await purgeTags([new DataCache()], store, ['realtor:1']) // another isolate's write
    now += 1_500
    expect((await readThrough(scope, 'k', load, tagged)).version).toBe(1) // served while revalidating
    await settle()
    expect((await readThrough(scope, 'k', load, tagged)).version).toBe(2)
  })
})

describe('tenant pages with the data cache', () => {
  it('show a realtor write on the next request', async () => {
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
