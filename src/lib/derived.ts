// Values derived from the data cache's frozen objects (a realtor's profile), kept by the object's
// identity: a frozen object never changes (src/lib/data-cache.ts freezes what it keeps, deeply), so
// what a render works out from it alone — a homepage's head and design, the realtor's display name and
// photo groups — is worked out once per cached profile, not on every render
// (docs/decisions/058-render-at-scale.md). An object that is not frozen (an editor's draft, a test's
// fixture) gets a fresh value every time. Kept values go with the object when the cache lets it go.
import { type BoundedMemo, boundedMemo } from './memo'

const derived = new WeakMap<object, BoundedMemo<string, unknown>>()

/** The values kept per object: a few pages and two locales; past this the object's table is cleared. */
const MAX_PER_OBJECT = 32

/**
 * `make()`'s value for `source` and `key`, made once while `source` is frozen. `key` must name every
 * other input `make` reads (the locale, the page's URLs…), and the value must be treated as read-only.
 */
export function derivedFrom<V>(source: object, key: string, make: () => V): V {
  if (!Object.isFrozen(source)) return make()
  let values = derived.get(source)
  if (!values) {
    values = boundedMemo(MAX_PER_OBJECT)
    derived.set(source, values)
  }
  return values.of(key, make) as V
}
