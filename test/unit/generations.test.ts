// The tag log (src/lib/generations, docs/decisions/076-cost-flat-caching.md): the TagGenerations Durable
// Object through its real binding, the bounded calls to it, and what an isolate's caches do with its answers
// (src/lib/cache.ts): drop what changed, everything on a first answer or an overflow, everything when the
// log cannot be read, and ask at most once per interval.
import { env, runInDurableObject } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type CacheEntry,
  checkFreshness,
  checkFreshnessWhenDue,
  FRESHNESS_INTERVAL_MS,
  realtorTag,
  resetFreshness,
  TaggedCache,
  type TagLog,
} from '../../src/lib/cache'
import { MAX_CHANGES, MAX_TAGS, TagGenerations } from '../../src/lib/generations/object'
import { durableTagLog, memoryTagLog, type TagGenerationsNamespace, tagLogOf } from '../../src/lib/generations/store'
import { purgeRealtor } from '../../src/lib/realtors/service'

type Behaviour = 'answer' | 'throw' | 'hang'

/** A namespace whose object answers from a log in memory, throws or never answers, counting its calls. */
function fakeNamespace(data = memoryTagLog()) {
  const calls: { method: 'since' | 'bump'; tags?: string[] }[] = []
  let behaviour: Behaviour = 'answer'
  const act = <T>(method: 'since' | 'bump', answer: () => Promise<T>, tags?: string[]): Promise<T> => {
    calls.push({ method, tags })
    if (behaviour === 'throw') return Promise.reject(new Error('object unreachable'))
    if (behaviour === 'hang') return new Promise<T>(() => {})
    return answer()
  }
  const stub = {
    since: (cursor: number | null) => act('since', () => data.since(cursor)),
    bump: (tags: string[]) => act('bump', () => data.bump(tags), tags),
  }
  const namespace = { idFromName: () => ({}), get: () => stub } as unknown as TagGenerationsNamespace
  const set = (next: Behaviour) => {
    behaviour = next
  }
  return { namespace, data, calls, set }
}

const limits = { maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000 }
const entry = (...tags: string[]): CacheEntry => ({ tags, storedAt: Date.now() })
const sorted = (tags: string[] | null) => (tags ? [...tags].sort() : tags)

describe('the TagGenerations Durable Object (real binding)', () => {
  const object = () => env.TAG_GENERATIONS.get(env.TAG_GENERATIONS.idFromName('tag-generations'))

  it('answers no tags to a first question, then what changed after the cursor it gave', async () => {
    const log = tagLogOf(env)!
    const start = await log.since(null)
    expect(start.tags).toEqual([])
    await log.bump(['realtor:901', 'realtors'])
    const first = await log.since(start.cursor)
    expect(first.cursor).toBe(start.cursor + 1)
    expect(sorted(first.tags)).toEqual(['realtor:901', 'realtors'])
    // Asked again at the cursor it was given: nothing new.
    expect(await log.since(first.cursor)).toEqual({ cursor: first.cursor, tags: [] })

    await log.bump(['realtor:902'])
    expect(sorted((await log.since(start.cursor)).tags)).toEqual(['realtor:901', 'realtor:902', 'realtors'])
    expect((await log.since(first.cursor)).tags).toEqual(['realtor:902'])
    // A tag bumped again moves to its latest change: it is listed after the later cursor too.
    await log.bump(['realtor:901'])
    expect(sorted((await log.since(first.cursor)).tags)).toEqual(['realtor:901', 'realtor:902'])
    // The object the worker binds is the one every isolate asks: it holds both bumps since the first cursor
    // (at least: a write of another test may still purge again, 2.5 s after its answer, decision 076).
    const bound = await object().since(first.cursor)
    expect(bound.cursor).toBeGreaterThanOrEqual(first.cursor + 2)
    expect(bound.tags).toEqual(expect.arrayContaining(['realtor:901', 'realtor:902']))
  })

  it('answers tags: null to a cursor it never gave (its storage was reset): drop everything', async () => {
    const { cursor } = await object().since(null)
    expect(await object().since(cursor + 5)).toEqual({ cursor, tags: null })
    expect(await object().since(0.5)).toEqual({ cursor, tags: null })
  })

  it(`lists at most ${MAX_CHANGES} changed tags; past that it answers tags: null`, async () => {
    const { cursor } = await object().since(null)
    const tags = (from: number) => Array.from({ length: MAX_TAGS }, (_, index) => `overflow:${from + index}`)
    for (let from = 0; from < MAX_CHANGES; from += MAX_TAGS) await object().bump(tags(from))
    expect((await object().since(cursor)).tags).toHaveLength(MAX_CHANGES)
    await object().bump(['overflow:one-more'])
    const answer = await object().since(cursor)
    expect(answer).toEqual({ cursor: cursor + MAX_CHANGES / MAX_TAGS + 1, tags: null })
    // A later cursor still lists what changed after it.
    expect((await object().since(answer.cursor - 1)).tags).toEqual(['overflow:one-more'])
  })

  it('refuses a bump of too many tags or of a tag that is no string of 1 to 200 characters', async () => {
    const many = Array.from({ length: MAX_TAGS + 1 }, (_, index) => `t${index}`)
    // Inside the object: a refusal over RPC would also be reported as the object's uncaught error.
    await runInDurableObject(object(), (instance: TagGenerations) => {
      expect(() => instance.bump(many)).toThrow(/at most 500/)
      expect(() => instance.bump([''])).toThrow(/1 to 200 characters/)
      expect(() => instance.bump(['x'.repeat(201)])).toThrow(/1 to 200 characters/)
    })
  })

  it('takes every realtor write: purgeRealtor bumps the realtor and the landing tags', async () => {
    const log = tagLogOf(env)!
    const { cursor } = await log.since(null)
    await purgeRealtor(env, 902)
    expect(sorted((await log.since(cursor)).tags)).toEqual(['realtor:902', 'realtors'])
  })
})

describe('durableTagLog', () => {
  it('bounds each call by its timeout: a hanging or failing object rejects a read', async () => {
    const object = fakeNamespace()
    const log = durableTagLog(object.namespace, 50)
    object.set('hang')
    const started = Date.now()
    await expect(log.since(0)).rejects.toThrow(/took over 50 ms/)
    expect(Date.now() - started).toBeLessThan(400)
    object.set('throw')
    await expect(log.since(0)).rejects.toThrow('object unreachable')
  })

  it('never fails a write on a bump the object did not take, and sends it with the next call', async () => {
    const object = fakeNamespace()
    const log = durableTagLog(object.namespace, 50)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await log.bump(['realtor:7'])
    expect(object.data.changes.get('realtor:7')).toBe(1)

    object.set('hang')
    await expect(log.bump(['realtor:8'])).resolves.toBeUndefined() // within the bound
    expect(object.data.changes.has('realtor:8')).toBe(false)
    expect(warned).toHaveBeenCalledWith(
      '[cache] the tag log did not take a bump; kept for the next call',
      expect.any(String),
    )
    warned.mockRestore()

    // The next read sends it first, so its answer lists it.
    object.set('answer')
    object.calls.length = 0
    const { tags } = await log.since(1)
    expect(object.calls).toEqual([
      { method: 'bump', tags: ['realtor:8'] },
      { method: 'since', tags: undefined },
    ])
    expect(tags).toEqual(['realtor:8'])
    object.calls.length = 0
    await log.since(2)
    expect(object.calls).toHaveLength(1) // nothing left to send
  })

  it('sends an unsent bump along with the next write, in one call', async () => {
    const object = fakeNamespace()
    const log = durableTagLog(object.namespace, 50)
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    object.set('throw')
    await log.bump(['realtor:10'])
    warned.mockRestore()
    object.set('answer')
    object.calls.length = 0
    await log.bump(['realtor:11'])
    expect(object.calls).toEqual([{ method: 'bump', tags: ['realtor:11', 'realtor:10'] }])
    expect(object.data.changes.get('realtor:10')).toBe(object.data.changes.get('realtor:11'))
  })
})

describe("an isolate's freshness", () => {
  beforeEach(() => resetFreshness())
  afterEach(() => resetFreshness())

  /** An isolate that has asked once (its first answer empties its caches), with fresh caches after. */
  async function isolate(log: TagLog) {
    await checkFreshness(log)
    return { pages: new TaggedCache<CacheEntry>(limits, () => 1), data: new TaggedCache<CacheEntry>(limits, () => 1) }
  }

  it('drops, in every cache, what carries a changed tag, and keeps everything else: a page and the data it was made from go together', async () => {
    const log = memoryTagLog()
    const { pages, data } = await isolate(log)
    pages.set('page', entry(realtorTag(3), 'realtors'))
    pages.set('other page', entry(realtorTag(4)))
    data.set('realtor', entry(realtorTag(3)))
    data.set('other', entry(realtorTag(4)))
    await log.bump([realtorTag(3)]) // another isolate's write
    await checkFreshness(log)
    expect(pages.get('page')).toBeNull()
    expect(data.get('realtor')).toBeNull()
    expect(pages.get('other page')).not.toBeNull()
    expect(data.get('other')).not.toBeNull()
  })

  it('drops on its first answer what changed since the isolate began to cache, and nothing else', async () => {
    const log = memoryTagLog()
    await log.bump(['realtor:3']) // long before this isolate: its data was read after this write
    const cache = new TaggedCache<CacheEntry>(limits, () => 1)
    const started = Date.now()
    checkFreshnessWhenDue(undefined, () => {}, started) // the isolate's first lookup (no log: no call)
    cache.set('realtor 1', entry('realtor:1'))
    cache.set('realtor 2', entry('realtor:2'))
    cache.set('realtor 3', entry('realtor:3'))
    await log.bump(['realtor:2']) // another isolate's write after this one cached realtor 2
    const since = vi.spyOn(log, 'since')
    await checkFreshness(log)
    expect(since).toHaveBeenCalledWith(null, started - 10_000)
    expect(cache.get('realtor 2')).toBeNull()
    expect(cache.get('realtor 1')).not.toBeNull()
    // realtor:3 changed within the clock margin before the isolate began: dropped too, to be safe.
    expect(cache.get('realtor 3')).toBeNull()
  })

  it('asks the Durable Object for the changes after a time when it has no cursor', async () => {
    const stub = env.TAG_GENERATIONS.get(env.TAG_GENERATIONS.idFromName('tag-generations'))
    const before = Date.now() - 1
    await stub.bump(['realtor:951'])
    const answer = await stub.since(null, before)
    expect(answer.tags).toContain('realtor:951')
    expect((await stub.since(null, Date.now() + 60_000)).tags).toEqual([])
  })

  it('empties the caches when the log answers tags: null (an overflow or a reset)', async () => {
    const log = memoryTagLog()
    const { pages } = await isolate(log)
    pages.set('page', entry('realtor:1'))
    await checkFreshness({ ...log, since: async () => ({ cursor: 9, tags: null }) })
    expect(pages.size).toBe(0)
  })

  it('empties the caches when the log cannot be read, and keeps its cursor to miss nothing after', async () => {
    const log = memoryTagLog()
    const { pages } = await isolate(log)
    pages.set('page', entry('realtor:1'))
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await checkFreshness({ ...log, since: () => Promise.reject(new Error('object unreachable')) })
    warned.mockRestore()
    expect(pages.size).toBe(0) // nothing cached can be trusted: pages render from D1 until the log answers
    pages.set('page', entry('realtor:1'))
    pages.set('other', entry('realtor:2'))
    await log.bump(['realtor:1'])
    await checkFreshness(log)
    // The cursor of before the outage: only what changed since goes (a lost cursor would empty everything).
    expect(pages.get('page')).toBeNull()
    expect(pages.get('other')).not.toBeNull()
  })

  it('empties the caches through a durable log whose object hangs, within its bound', async () => {
    const object = fakeNamespace()
    const log = durableTagLog(object.namespace, 50)
    const { pages } = await isolate(log)
    pages.set('page', entry('realtor:1'))
    object.set('hang')
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await checkFreshness(log)
    warned.mockRestore()
    expect(pages.size).toBe(0)
  })

  it('asks the log at most once per interval, however many lookups', async () => {
    const log = memoryTagLog()
    const background: Promise<unknown>[] = []
    const waitUntil = (promise: Promise<unknown>) => void background.push(promise)
    const start = 1_000_000
    for (let index = 0; index < 100; index++) checkFreshnessWhenDue(log, waitUntil, start + index)
    await Promise.all(background)
    expect(log.calls).toBe(1)
    checkFreshnessWhenDue(log, waitUntil, start + FRESHNESS_INTERVAL_MS - 1)
    expect(log.calls).toBe(1)
    checkFreshnessWhenDue(log, waitUntil, start + FRESHNESS_INTERVAL_MS)
    checkFreshnessWhenDue(log, waitUntil, start + 10 * FRESHNESS_INTERVAL_MS) // still asking: no second call
    await Promise.all(background)
    expect(log.calls).toBe(2)
    checkFreshnessWhenDue(undefined, waitUntil, start + 20 * FRESHNESS_INTERVAL_MS) // no log: nothing to ask
    expect(background).toHaveLength(2)
  })
})

describe('the tag log of an older shape', () => {
  it('is begun again when it kept no times, and answers after that', async () => {
    const stub = env.TAG_GENERATIONS.get(env.TAG_GENERATIONS.idFromName('tag-log-of-an-older-shape'))
    await runInDurableObject(stub, async (_instance: TagGenerations, state) => {
      state.storage.sql.exec('DROP TABLE tag_changes')
      state.storage.sql.exec('CREATE TABLE tag_changes (tag TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID')
      state.storage.sql.exec("INSERT INTO tag_changes (tag, seq) VALUES ('realtor:1', 7)")
      const log = new TagGenerations(state, env)
      log.bump(['realtor:2'])
      expect(log.since(null, 0).tags).toEqual(['realtor:2'])
    })
  })
})
