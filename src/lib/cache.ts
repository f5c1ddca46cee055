// The isolate's tagged caches: rendered pages (src/lib/page-cache.ts) and the data pages are made of
// (realtor profiles, listing pages; src/lib/data-cache.ts). Every entry carries tags (`realtors`,
// `realtor:42`); a write purges its tags here at once and bumps their generation in the generation store
// (a Durable Object, KV as fallback: src/lib/generations/store.ts), which other isolates check at most
// once a second per entry in the background (stale-while-revalidate), so a change is visible everywhere
// within about a second and a round trip (docs/decisions/004-page-cache.md, 055-tag-generations.md).

import * as workers from 'cloudflare:workers'

const REVALIDATE_MS = 1_000

/** The generation store: the TagGenerations Durable Object in the worker, a Map in tests. */
export interface GenerationStore {
  /** Each tag's current generation ('0' when never bumped), in one round trip; rejects when unreadable. */
  get(tags: string[]): Promise<string[]>
  /** Moves every tag to one new generation (`generation`, or a fresh one) and returns it. */
  bump(tags: string[], generation?: string): Promise<string>
}

export interface CacheEntry {
  tags: string[]
  /** Generation of each tag when the entry was made. */
  generations: string[]
  storedAt: number
  checkedAt: number
  /** Shorter than the cache's own maximum age, for data that changes on its own (listings). */
  maxAgeMs?: number
}

export interface CacheLimits {
  maxEntries: number
  maxBytes: number
  maxAgeMs: number
}

/**
 * Every cache of the isolate: when a check learns that a tag moved on, entries of every cache made under
 * its older generation go at once. A page's check must drop the data it was rendered from too, or its
 * next render would serve that data from the data cache and be stored as new.
 */
const isolateCaches = new Set<TaggedCache<CacheEntry>>()

/** An LRU of tagged entries, bounded by count, bytes and age. */
export class TaggedCache<E extends CacheEntry> {
  private readonly entries = new Map<string, E>()
  private bytes = 0
  /** Lookups that found a fresh entry, and those that did not (read by the scale bench, bench/scale). */
  hits = 0
  misses = 0
  /** Counts purges: an entry made while one happened may hold what it removed, so it is not stored. */
  epoch = 0

  constructor(
    private readonly limits: CacheLimits,
    private readonly sizeOf: (entry: E) => number,
    readonly now: () => number = Date.now,
  ) {
    isolateCaches.add(this as unknown as TaggedCache<CacheEntry>)
  }

  get size(): number {
    return this.entries.size
  }

  /** Entries, bytes and lookups against the configured bounds: what the scale bench reports. */
  stats() {
    const { maxEntries, maxBytes } = this.limits
    return { entries: this.entries.size, bytes: this.bytes, maxEntries, maxBytes, hits: this.hits, misses: this.misses }
  }

  /** A fresh entry, moved to the most-recently-used end. */
  get(key: string): E | null {
    const entry = this.entries.get(key)
    if (!entry) {
      this.misses++
      return null
    }
    if (this.now() - entry.storedAt > (entry.maxAgeMs ?? this.limits.maxAgeMs)) {
      this.delete(key)
      this.misses++
      return null
    }
    this.hits++
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  /** Stores the entry, unless a purge happened since `epoch` (read before the entry was made). */
  set(key: string, entry: E, epoch = this.epoch): void {
    if (epoch !== this.epoch || this.sizeOf(entry) > this.limits.maxBytes / 8) return
    this.delete(key)
    this.entries.set(key, entry)
    this.bytes += this.sizeOf(entry)
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.bytes -= this.sizeOf(entry)
    this.entries.delete(key)
  }

  /** Drops every entry carrying one of the tags. */
  purge(tags: string[]): number {
    this.epoch++
    let purged = 0
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) {
        this.delete(key)
        purged++
      }
    }
    return purged
  }

  /**
   * Drops the entries made under another generation of `tag` than `generation` (another isolate's write,
   * just learned of). Counts as a purge: a value loaded meanwhile may be from before that write.
   */
  dropStale(tag: string, generation: string): void {
    this.epoch++
    for (const [key, entry] of this.entries) {
      const index = entry.tags.indexOf(tag)
      if (index >= 0 && entry.generations[index] !== generation) this.delete(key)
    }
  }

  /** Whether the entry should be checked against the generation store now (and marks it checked). */
  due(entry: E): boolean {
    if (this.now() - entry.checkedAt < REVALIDATE_MS) return false
    entry.checkedAt = this.now()
    return true
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}

/** The tags' generations when an entry is made; 'unknown' when unreadable (its first check drops it). */
export async function generationsOf(store: GenerationStore | undefined, tags: string[]): Promise<string[]> {
  if (!store) return tags.map(() => '0')
  return store.get(tags).catch(() => tags.map(() => 'unknown'))
}

/**
 * Drops the entry when another isolate has purged one of its tags since it was made, with every entry
 * of the isolate's caches made under that tag's older generation. When the store cannot be read at all
 * the entry stays (served stale, checked again in a second): a slow or unreachable store must never
 * turn into a wave of renders or a failed page.
 */
export async function revalidate<E extends CacheEntry>(entry: E, store: GenerationStore | undefined): Promise<void> {
  if (!store) return
  let current: string[]
  try {
    current = await store.get(entry.tags)
  } catch {
    return
  }
  entry.tags.forEach((tag, index) => {
    const generation = current[index] ?? 'unknown'
    if (generation !== entry.generations[index]) for (const cache of isolateCaches) cache.dropStale(tag, generation)
  })
}

/** On a hit: when the entry is due, revalidates it in the background (the hit is served as is). */
export function revalidateWhenDue<E extends CacheEntry>(
  cache: TaggedCache<E>,
  entry: E,
  store: GenerationStore | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): void {
  if (store && cache.due(entry)) waitUntil(revalidate(entry, store))
}

/**
 * Stores an entry once its tags' generations are read, in the background: a miss is answered without
 * waiting for the store. `epoch` is the cache's before the value was loaded, so a purge meanwhile (the
 * value may be what it removed) keeps it out.
 */
export function storeWhenRead<E extends CacheEntry>(
  cache: TaggedCache<E>,
  key: string,
  make: (generations: string[], now: number) => E,
  tags: string[],
  epoch: number,
  store: GenerationStore | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): void {
  waitUntil(generationsOf(store, tags).then((generations) => cache.set(key, make(generations, cache.now()), epoch)))
}

/** Workers Cache as the runtime hands it to a request (`ctx.cache`): absent where it is not enabled or simulated. */
export interface EdgeCache {
  purge(options: { tags: string[] }): Promise<unknown>
}

/**
 * Workers Cache, when the runtime has it: `ctx.cache` of a request, else `cache` of `cloudflare:workers`
 * (the same API, for writes made where no context is at hand: the cron, a service). Null in Miniflare.
 */
export function edgeCacheOf(ctx?: ExecutionContext): EdgeCache | null {
  const cache =
    (ctx as { cache?: Partial<EdgeCache> } | undefined)?.cache ?? (workers as { cache?: Partial<EdgeCache> }).cache
  return typeof cache?.purge === 'function' ? (cache as EdgeCache) : null
}

/**
 * The one way a write takes what it changed out of every cache: this isolate's at once, every other
 * isolate's through the tags' generations, and Workers Cache's by tag (docs/decisions/072-caching-in-http.md).
 */
export async function purgeTags(
  caches: Pick<TaggedCache<CacheEntry>, 'purge'>[],
  store: GenerationStore | undefined,
  tags: string[],
  edge: EdgeCache | null = edgeCacheOf(),
): Promise<void> {
  for (const cache of caches) cache.purge(tags)
  // A purge Workers Cache refuses leaves the page there until its s-maxage: said, never the write's failure.
  const purged = edge
    ?.purge({ tags })
    .catch((error: unknown) => console.error('[cache] Workers Cache purge failed', tags, error))
  await Promise.all([store?.bump(tags), purged])
}

/**
 * The tag of what shows one realtor and nobody else: their pages and the data they are made of. A page
 * carries only this one (decision 059): a tag every realtor's write bumps would drop every homepage in
 * every isolate on any realtor's edit.
 */
export function realtorTag(realtorId: number | string): string {
  return `realtor:${realtorId}`
}

/**
 * What a realtor's write purges: their own tag, and `realtors` — what lists or looks up every realtor
 * (the landing carousel, an address nobody holds yet).
 */
export function realtorTags(realtorId: number | string): string[] {
  return [realtorTag(realtorId), 'realtors']
}
