// One bounded memo table for the isolate's small per-value caches (parsed Accept-Language values,
// formatted messages, paragraphs of a profile's texts, values derived from a cached profile, routes,
// sites): the same inputs repeat from request to request, and a table that is full is simply cleared,
// the cheapest bound there is (no order kept, no per-entry bookkeeping). Pure: no imports.

export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>()

  /** `max`: entries held at most; the next one after that starts an empty table. */
  constructor(readonly max: number) {}

  get size(): number {
    return this.entries.size
  }

  has(key: K): boolean {
    return this.entries.has(key)
  }

  get(key: K): V | undefined {
    return this.entries.get(key)
  }

  /** Keeps `value` under `key`, first clearing the table when it is full; returns `value`. */
  set(key: K, value: V): V {
    if (this.entries.size >= this.max && !this.entries.has(key)) this.entries.clear()
    this.entries.set(key, value)
    return value
  }

  /** The value kept under `key`, else `make()`'s, kept. */
  of(key: K, make: () => V): V {
    return this.entries.has(key) ? (this.entries.get(key) as V) : this.set(key, make())
  }

  clear(): void {
    this.entries.clear()
  }
}

/** A bounded memo table of at most `max` entries. */
export const boundedMemo = <K, V>(max: number) => new BoundedMemo<K, V>(max)
