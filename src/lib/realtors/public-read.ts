// The realtor API's read (GET /v1/realtor/{key}) through the isolate's data cache: the realtor by its
// lookup key, tagged `realtor:<id>` so every write purges it here and, through the tag generations, in
// every other isolate (docs/decisions/055-tag-generations.md). A published realtor's public answer is
// kept ready to send, its JSON and a strong ETag, so a hit costs neither serializing nor hashing. The same
// ETag is the version a write's If-Match names (docs/decisions/082-profile-versions.md).
import { realtorTag } from '../cache'
import { strongEtag } from '../conditional'
import { type DataCacheScope, readThrough } from '../data-cache'
import { isPublished } from './publish'
import type { Realtor } from './types'

export interface RealtorRead {
  realtor: Realtor | null
  /** What anyone may be sent, for a published realtor; null for an unpublished (or deleted) one. */
  answer: { json: string; etag: string } | null
}

/**
 * The API's answer for a realtor: its JSON and that JSON's strong ETag. Any change a reader could see (a
 * field, the account's name, a custom domain) is a new tag.
 */
export async function realtorAnswer(realtor: Realtor): Promise<{ json: string; etag: string }> {
  const json = JSON.stringify(realtor)
  return { json, etag: await strongEtag(json) }
}

export function readRealtor(
  scope: DataCacheScope | null,
  key: string,
  find: (key: string) => Promise<Realtor | null>,
): Promise<RealtorRead> {
  return readThrough(
    scope,
    `api:realtor:${key}`,
    async () => {
      const realtor = await find(key)
      if (!realtor || !isPublished(realtor)) return { realtor, answer: null }
      return { realtor, answer: await realtorAnswer(realtor) }
    },
    // A missing realtor is not kept: any write may create it, and misses must not fill the cache.
    { tags: ({ realtor }) => (realtor ? [realtorTag(realtor.id)] : null) },
  )
}
