// The generation store (src/lib/generations): the Durable Object through its real binding, the bounded
// calls to it, the KV fallback, and what the caches do when no store answers.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { type CacheEntry, revalidate, TaggedCache } from '../../src/lib/cache'
import {
  durableGenerations,
  generationStoreOf,
  memoryGenerations,
  type TagGenerationsNamespace,
} from '../../src/lib/generations/store'
import { purgeRealtor } from '../../src/lib/realtors/service'

type Behaviour = 'answer' | 'throw' | 'hang'

/** A namespace whose object answers from `data`, throws or never answers, counting its calls. */
function fakeNamespace(data = memoryGenerations()) {
  const calls: { method: 'get' | 'bump'; tags: string[] }[] = []
  let behaviour: Behaviour = 'answer'
  const act = <T>(method: 'get' | 'bump', tags: string[], answer: () => Promise<T>): Promise<T> => {
    calls.push({ method, tags })
    if (behaviour === 'throw') return Promise.reject(new Error('object unreachable'))
    if (behaviour === 'hang') return new Promise<T>(() => {})
    return answer()
  }
  const stub = {
    get: (tags: string[]) => act('get', tags, () => data.get(tags)),
    bump: (tags: string[], generation: string) => act('bump', tags, () => data.bump(tags, generation)),
  }
  const namespace = { idFromName: () => ({}), get: () => stub } as unknown as TagGenerationsNamespace
  const set = (next: Behaviour) => {
    behaviour = next
  }
  return { namespace, data, calls, set }
}

describe('the TagGenerations Durable Object (real binding)', () => {
  it('answers generations and bumps through the worker store, in one call', async () => {
    const store = generationStoreOf(env)!
    const tags = ['realtor:901', 'realtors', 'listings']
    const before = await store.get(tags)
    expect(before[0]).toBe('0')
    const generation = await store.bump(['realtor:901', 'realtors'])
    expect(await store.get(tags)).toEqual([generation, generation, before[2]])
    const stub = env.TAG_GENERATIONS.get(env.TAG_GENERATIONS.idFromName('tag-generations'))
    expect(await stub.get(['realtor:901'])).toEqual([generation])
    // KV keeps the same generation as the fallback copy.
    expect(await env.CACHE.get('page-generation:realtor:901')).toBe(generation)
  })

  it('takes every realtor write: purgeRealtor bumps the realtor and the landing tags', async () => {
    const store = generationStoreOf(env)!
    const [before] = await store.get(['realtor:902'])
    await purgeRealtor(env, 902)
    const [after, realtors] = await store.get(['realtor:902', 'realtors'])
    expect(after).not.toBe(before)
    expect(realtors).toBe(after)
  })
})

describe('durableGenerations', () => {
  it('reads any number of tags in one round trip', async () => {
    const { namespace, calls } = fakeNamespace()
    const store = durableGenerations(namespace, memoryGenerations(), 100)
    await store.get(Array.from({ length: 40 }, (_, index) => `realtor:${index}`))
    expect(calls).toHaveLength(1)
  })

  it('reads the fallback when the object throws or is slow, within its bound', async () => {
    const object = fakeNamespace()
    const kv = memoryGenerations()
    await kv.bump(['realtor:1'], 'from-kv')
    const store = durableGenerations(object.namespace, kv, 100)
    object.set('throw')
    expect(await store.get(['realtor:1'])).toEqual(['from-kv'])
    object.set('hang')
    const started = Date.now()
    expect(await store.get(['realtor:1'])).toEqual(['from-kv'])
    expect(Date.now() - started).toBeLessThan(400)
  })

  it('rejects a read when neither answers, and the cache then keeps serving its entry', async () => {
    const object = fakeNamespace()
    object.set('hang')
    const store = durableGenerations(object.namespace, undefined, 50)
    await expect(store.get(['realtor:1'])).rejects.toThrow(/took over 50 ms/)
    const cache = new TaggedCache<CacheEntry>({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 }, () => 1)
    const entry = { tags: ['realtor:1'], generations: ['old'], storedAt: Date.now(), checkedAt: 0 }
    cache.set('page', entry)
    await revalidate(entry, store)
    expect(cache.get('page')).toBe(entry) // stale, not dropped: no wave of renders while the store is down
  })

  it('drops an entry whose tag moved on', async () => {
    const store = memoryGenerations()
    const cache = new TaggedCache<CacheEntry>({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 }, () => 1)
    const entry = { tags: ['realtor:1'], generations: ['0'], storedAt: Date.now(), checkedAt: 0 }
    cache.set('page', entry)
    await store.bump(['realtor:1'])
    await revalidate(entry, store)
    expect(cache.get('page')).toBeNull()
  })

  it("drops, with a page, the data it was made from: the next render must not reuse another isolate's old data", async () => {
    const store = memoryGenerations()
    const limits = { maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 }
    const pages = new TaggedCache<CacheEntry>(limits, () => 1)
    const data = new TaggedCache<CacheEntry>(limits, () => 1)
    const made = (tags: string[], generations: string[]) => ({ tags, generations, storedAt: Date.now(), checkedAt: 0 })
    const page = made(['realtor:3', 'realtors'], ['0', '0'])
    pages.set('page', page)
    data.set('realtor', made(['realtor:3'], ['0']))
    data.set('other', made(['realtor:4'], ['0']))
    const generation = await store.bump(['realtor:3'])
    data.set('fresh', made(['realtor:3'], [generation])) // made after the write: stays
    await revalidate(page, store)
    expect(pages.get('page')).toBeNull()
    expect(data.get('realtor')).toBeNull()
    expect(data.get('other')).not.toBeNull()
    expect(data.get('fresh')).not.toBeNull()
  })

  it('writes a bump to the object and KV alike, and sends one the object missed with the next call', async () => {
    const object = fakeNamespace()
    const kv = memoryGenerations()
    const store = durableGenerations(object.namespace, kv, 50)
    const first = await store.bump(['realtor:7'])
    expect(object.data.data.get('realtor:7')).toBe(first)
    expect(kv.data.get('realtor:7')).toBe(first)

    object.set('hang')
    const missed = await store.bump(['realtor:8']) // returns within the bound, KV has it
    expect(kv.data.get('realtor:8')).toBe(missed)
    expect(object.data.data.has('realtor:8')).toBe(false)

    object.set('answer')
    object.calls.length = 0
    await store.get(['realtor:9'])
    expect(object.calls.map((call) => call.method).sort()).toEqual(['bump', 'get'])
    expect(object.data.data.has('realtor:8')).toBe(true) // the object now knows realtor 8 changed
    object.calls.length = 0
    await store.get(['realtor:9'])
    expect(object.calls).toHaveLength(1) // nothing left to send
  })
})
