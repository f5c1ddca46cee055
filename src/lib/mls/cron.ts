// The cron's replication: one bounded step per configured feed (src/lib/mls/replicate.ts,
// docs/decisions/093-reso-replication.md). A feed is on when its RESO_{FEED}_BASE_URL is set; its page
// size and page budget per step are RESO_PAGE_SIZE and RESO_MAX_PAGES_PER_STEP.
import { feedTag, listingTag, purgeTags } from '../cache'
import type { Bindings } from '../config'
import { dataCache } from '../data-cache'
import { tagLogOf } from '../generations/store'
import { pageCache } from '../page-cache'
import { type FetchLike, upstreamTimeout } from '../upstream'
import { feedConfigOf } from './feeds'
import { MLS_FEEDS, type MlsFeed } from './record'
import { replicateStep, type StepResult } from './replicate'
import { resoClient } from './reso-client'

/** Small pages: each listing's photos are fetched (and resized) within the step's subrequests. */
export const DEFAULT_PAGE_SIZE = 10
export const DEFAULT_MAX_PAGES_PER_STEP = 4
/** Tags per Workers Cache purge call. */
const TAGS_PER_PURGE = 30

const countOf = (value: string | undefined, fallback: number) => (value?.trim() ? Number(value) : fallback)

/**
 * Purges the pages showing these listings of `feed` in every isolate and in Workers Cache: each one's home
 * page, and every search over the feed (a search lists whatever matches, so any change may move it).
 */
export async function purgeListings(env: Bindings, feed: MlsFeed, listingKeys: string[]): Promise<void> {
  if (listingKeys.length === 0) return
  const tags = [feedTag(feed), ...listingKeys.map(listingTag)]
  for (let i = 0; i < tags.length; i += TAGS_PER_PURGE)
    await purgeTags([pageCache, dataCache], tagLogOf(env), tags.slice(i, i + TAGS_PER_PURGE))
}

/** One step of every feed that is on, one after another (they share the invocation's connections). */
export async function replicateFeeds(
  env: Bindings,
  fetchImpl: FetchLike,
): Promise<Partial<Record<MlsFeed, StepResult>>> {
  const results: Partial<Record<MlsFeed, StepResult>> = {}
  const timeoutMs = upstreamTimeout(env.UPSTREAM_TIMEOUT_MS)
  for (const feed of MLS_FEEDS) {
    const config = feedConfigOf(env, feed)
    if (!config) continue
    results[feed] = await replicateStep(
      {
        db: env.DB,
        bucket: env.PHOTOS,
        images: env.IMAGES,
        fetch: fetchImpl,
        timeoutMs,
        client: resoClient(config, fetchImpl, timeoutMs),
        baseUrl: config.baseUrl,
        purge: (keys) => purgeListings(env, feed, keys),
      },
      feed,
      {
        pageSize: countOf(env.RESO_PAGE_SIZE, DEFAULT_PAGE_SIZE),
        maxPages: countOf(env.RESO_MAX_PAGES_PER_STEP, DEFAULT_MAX_PAGES_PER_STEP),
      },
    )
  }
  return results
}
