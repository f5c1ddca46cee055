// The data tenant pages are made of, kept in the isolate between renders: a realtor's profile by its
// lookup key (tagged `realtor:<id>`, so every write purges it like the realtor's pages) and listing
// pages (a minute: this product never writes listings). A render that misses the page cache then costs
// the renderer, not six database round trips (docs/decisions/005-data-cache-and-benchmark-topology.md).
// Other isolates' writes reach it through the tag log, asked once per isolate per interval (src/lib/cache.ts).
import { type CacheEntry, checkFreshnessWhenDue, TaggedCache, type TagLog } from './cache'

interface DataEntry extends CacheEntry {
  value: unknown
  bytes: number
}

/**
 * Data: 16 MB, 5 minutes unless an entry says less. Bytes are the bound (entries range from a 2 KB profile
 * to a 20 KB listing page); the 8,000 entries only stop a flood of tiny ones (decision 059).
 */
export class DataCache extends TaggedCache<DataEntry> {
  constructor(now: () => number = Date.now) {
    super({ maxEntries: 8_000, maxBytes: 16 * 1024 * 1024, maxAgeMs: 5 * 60_000 }, (entry) => entry.bytes, now)
  }
}

/** The isolate's data cache (the worker's; tests make their own or none). */
export const dataCache = new DataCache()

/** What a request needs to use the data cache. */
export interface DataCacheScope {
  cache: DataCache
  log: TagLog | undefined
  waitUntil(promise: Promise<unknown>): void
}

export interface ReadThroughOptions<V> {
  /** The entry's tags; null keeps the value out of the cache (a missing realtor, say). */
  tags(value: V): string[] | null
  maxAgeMs?: number
}

/** Frozen, so no render can change what the next one reads (objects already frozen are left as they are). */
export function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** The cached value of `key`, or undefined; the isolate asks the tag log what changed when that is due. */
function hit(scope: DataCacheScope, key: string): { value: unknown } | undefined {
  checkFreshnessWhenDue(scope.log, scope.waitUntil)
  return scope.cache.get(key) ?? undefined
}

/** Keeps a loaded value (when `tags` gives tags), unless a purge happened since `epoch` (before the load). */
function keep<V>(scope: DataCacheScope, key: string, value: V, options: ReadThroughOptions<V>, epoch: number): void {
  const tags = options.tags(value)
  if (!tags) return
  const bytes = JSON.stringify(value)?.length ?? 0
  const { maxAgeMs } = options
  scope.cache.set(key, { value: deepFreeze(value), bytes, tags, storedAt: scope.cache.now(), maxAgeMs }, epoch)
}

/**
 * The cached value of `key`, else `load()`'s (stored when `tags` gives tags). Without a scope it just
 * loads. A failed load is never stored, nor one made while a purge happened.
 */
export async function readThrough<V>(
  scope: DataCacheScope | null,
  key: string,
  load: () => Promise<V>,
  options: ReadThroughOptions<NoInfer<V>>,
): Promise<V> {
  if (!scope) return load()
  const found = hit(scope, key)
  if (found) return found.value as V
  // Concurrent misses each load: a load belongs to the request that started it (the Workers runtime
  // cancels its I/O with that request), so another request must not wait on it.
  const epoch = scope.cache.epoch
  const value = await load()
  keep(scope, key, value, options, epoch)
  return value
}

/**
 * readThrough for several keys whose misses load together: `loadMissing` gets the misses' positions
 * and answers their values in that order, so a homepage's listing sections that are not cached cost
 * one database round trip between them (docs/decisions/058-render-at-scale.md).
 */
export async function readManyThrough<V>(
  scope: DataCacheScope | null,
  keys: readonly string[],
  loadMissing: (missing: number[]) => Promise<V[]>,
  options: ReadThroughOptions<NoInfer<V>>,
): Promise<V[]> {
  if (!scope) return loadMissing(keys.map((_, index) => index))
  const found = keys.map((key) => hit(scope, key))
  const missing = keys.flatMap((_, index) => (found[index] ? [] : [index]))
  const values = found.map((entry) => entry?.value as V)
  if (!missing.length) return values
  const epoch = scope.cache.epoch
  const loaded = await loadMissing(missing)
  missing.forEach((index, n) => {
    values[index] = loaded[n] as V
    keep(scope, keys[index]!, loaded[n] as V, options, epoch)
  })
  return values
}
