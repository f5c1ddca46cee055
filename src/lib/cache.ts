// The isolate's tagged caches: rendered pages (src/lib/page-cache.ts, the local stand-in for Workers
// Cache) and the data pages are made of (realtor profiles, listing pages; src/lib/data-cache.ts). Every
// entry carries tags (`realtors`, `realtor:42`). A write purges its tags here at once, in Workers Cache, and
// in the tag log (the TagGenerations Durable Object, src/lib/generations/): every other isolate asks the
// log what changed at most once per FRESHNESS_INTERVAL_MS — one call per isolate, never one per entry or
// per request — and drops what carries those tags (docs/decisions/076-cost-flat-caching.md).

import * as workers from 'cloudflare:workers'

/** How often an isolate asks the tag log what changed, at most (and only while it serves requests). */
export const FRESHNESS_INTERVAL_MS = 2_000

/** The log of tag changes: the TagGenerations Durable Object in the worker, a Map in tests. */
export interface TagLog {
  /**
   * The tags changed after `cursor` and the log's cursor now; without a cursor (an isolate that has not
   * asked yet), the tags changed after `afterMs` (Unix ms). `tags` null means more changed than one answer
   * lists (drop everything). Rejects when the log cannot be read.
   */
  since(cursor: number | null, afterMs?: number): Promise<{ cursor: number; tags: string[] | null }>
  /** Records that every tag changed. */
  bump(tags: string[]): Promise<void>
}

export interface CacheEntry {
  tags: string[]
  storedAt: number
  /** Shorter than the cache's own maximum age: data that changes on its own (listings), a page's s-maxage. */
  maxAgeMs?: number
}

export interface CacheLimits {
  maxEntries: number
  maxBytes: number
  maxAgeMs: number
}

/**
 * Every cache of the isolate: a change learned from the tag log drops entries of every cache carrying its
 * tags. A page's render must not find the data it was made of in the data cache after that data changed.
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

  /**
   * Drops every entry carrying one of the tags. No tags is no purge: the tag log's usual answer (nothing
   * changed) must not count as one, or every load and render in flight at each check would go unkept.
   */
  purge(tags: string[]): number {
    if (tags.length === 0) return 0
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

  /** Drops every entry; counts as a purge. */
  clear(): void {
    this.epoch++
    this.entries.clear()
    this.bytes = 0
  }
}

/**
 * What this isolate has learned from the tag log: its cursor, when it last asked, and whether it is asking.
 * Only numbers and flags live across requests, never a promise (a request's I/O belongs to that request).
 */
const freshness = {
  cursor: null as number | null,
  askedAt: Number.NEGATIVE_INFINITY,
  asking: false,
  /** When this isolate first looked anything up: nothing it caches is older. */
  startedAt: null as number | null,
}

/** How far the log's clock and an isolate's may disagree (both are synchronized; this is a wide margin). */
const CLOCK_MARGIN_MS = 10_000

/** One warning a minute per isolate: an outage must show in the logs, not flood them. */
let lastWarning = 0
function warn(message: string, error: unknown): void {
  if (Date.now() - lastWarning < 60_000) return
  lastWarning = Date.now()
  console.warn(`[cache] ${message}`, error instanceof Error ? error.message : error)
}

/** Drops `tags` from every cache of the isolate (every entry when `tags` is null). */
function dropEverywhere(tags: string[] | null): void {
  for (const cache of isolateCaches) {
    if (tags) cache.purge(tags)
    else cache.clear()
  }
}

/**
 * Asks the tag log what changed since this isolate last asked, and drops it. When the log cannot be read,
 * nothing cached can be trusted to be current: the caches are emptied (pages render from D1, the truth,
 * until the log answers again), and the cursor is kept so nothing is missed later.
 */
export async function checkFreshness(log: TagLog): Promise<void> {
  const cursor = freshness.cursor
  try {
    // An isolate's first question: what changed since it began to cache (with a margin for the clocks).
    const changes = await log.since(cursor, (freshness.startedAt ?? 0) - CLOCK_MARGIN_MS)
    dropEverywhere(changes.tags)
    freshness.cursor = changes.cursor
  } catch (error) {
    warn('the tag log could not be read; the isolate caches were emptied', error)
    dropEverywhere(null)
  } finally {
    freshness.asking = false
  }
}

/**
 * On any lookup of an isolate cache: when this isolate has not asked the tag log for FRESHNESS_INTERVAL_MS,
 * asks it in the background (the lookup is answered as it is). At most one call per isolate per interval,
 * however many requests and entries there are.
 */
export function checkFreshnessWhenDue(
  log: TagLog | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
  now = Date.now(),
): void {
  freshness.startedAt ??= now
  if (!log || freshness.asking || now - freshness.askedAt < FRESHNESS_INTERVAL_MS) return
  freshness.asking = true
  freshness.askedAt = now
  waitUntil(checkFreshness(log))
}

/** Forgets what the isolate learned (tests start each case as a new isolate would). */
export function resetFreshness(): void {
  Object.assign(freshness, { cursor: null, askedAt: Number.NEGATIVE_INFINITY, asking: false, startedAt: null })
}
/** Workers Cache as the runtime hands it to a request (`ctx.cache`): absent where it is not enabled or simulated. */
export interface EdgeCache {
  purge(options: { tags: string[] }): Promise<unknown>
}

/**
 * Workers Cache, when the runtime has it: `ctx.cache` of a request, else `cache` of `cloudflare:workers`
 * (the same API, for writes made where no context is at hand: the cron, a service). Null in Miniflare.
 */
export function edgeCacheOf(ctx?: object): EdgeCache | null {
  const cache =
    (ctx as { cache?: Partial<EdgeCache> } | undefined)?.cache ?? (workers as { cache?: Partial<EdgeCache> }).cache
  return typeof cache?.purge === 'function' ? (cache as EdgeCache) : null
}

/**
 * When a write purges Workers Cache the second time: by then every isolate has asked the tag log
 * (FRESHNESS_INTERVAL_MS), so no page can be rendered any more from data cached before the write.
 */
export const SECOND_PURGE_AFTER_MS = FRESHNESS_INTERVAL_MS + 500

/** Purges `tags` in Workers Cache; a refusal leaves pages there until their s-maxage: said, never the write's failure. */
function purgeEdge(edge: EdgeCache, tags: string[]): Promise<unknown> {
  return edge
    .purge({ tags })
    .catch((error: unknown) => console.error('[cache] Workers Cache purge failed', tags, error))
}

/** Work the runtime keeps the invocation alive for (`waitUntil` of `cloudflare:workers`), where it has it. */
function later(promise: Promise<unknown>): void {
  const { waitUntil } = workers as { waitUntil?: (promise: Promise<unknown>) => void }
  if (typeof waitUntil === 'function') waitUntil(promise)
}

/**
 * The one way a write takes what it changed out of every cache (docs/decisions/076-cost-flat-caching.md):
 * this isolate's at once, the tag log for every other isolate's, and Workers Cache by tag — at once, and
 * once more after SECOND_PURGE_AFTER_MS: an isolate that had not yet learned of the write may have
 * rendered a page from its older data in between, and that page must not be served for its s-maxage.
 */
export async function purgeTags(
  caches: Pick<TaggedCache<CacheEntry>, 'purge'>[],
  log: TagLog | undefined,
  tags: string[],
  edge: EdgeCache | null = edgeCacheOf(),
): Promise<void> {
  for (const cache of caches) cache.purge(tags)
  await Promise.all([log?.bump(tags), edge && purgeEdge(edge, tags)])
  if (edge)
    later(new Promise((resolve) => setTimeout(resolve, SECOND_PURGE_AFTER_MS)).then(() => purgeEdge(edge, tags)))
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
 * The tag of what shows one MLS listing (its home page, the searches it appears in): replication purges it
 * when the feed changes or removes the listing (src/lib/mls/replicate.ts, docs/decisions/093).
 */
export function listingTag(listingKey: string): string {
  return `listing:${listingKey}`
}

/**
 * What a realtor's write purges: their own tag, and `realtors` — what lists or looks up every realtor
 * (the landing carousel, an address nobody holds yet).
 */
export function realtorTags(realtorId: number | string): string[] {
  return [realtorTag(realtorId), 'realtors']
}

/** The tag of every search page over one feed's listings: purged when a replication step changed any. */
export function feedTag(feed: string): string {
  return `feed:${feed}`
}
