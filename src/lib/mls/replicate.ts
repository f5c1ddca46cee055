// Replication of a RESO Web API feed into `listings`, one bounded step per cron run and feed
// (docs/decisions/093-reso-replication.md). A step reads the feed's checkpoint (`mls_feeds`), follows the
// incremental run — Property by ModificationTimestamp with its Media, page by page through @odata.nextLink —
// for at most `maxPages` pages, and applies each page and the checkpoint after it in one D1 batch: a step
// that fails (a dropped connection, a 5xx, a timeout) leaves the checkpoint of the last page applied, and the
// next step resumes there. Once a day a key sweep ($select=ListingKey, in key order) removes what left the feed.
import { AppError } from '../errors'
import { keysUnder } from '../realtors/lifecycle'
import { droppedPhotoKeys, listingPhotoPrefix, type PhotoStore, type StoredPhoto, storePhotos } from './photos'
import { isDisplayable, listingRowOf, type MlsFeed, type ResoProperty, removeListing, upsertListing } from './record'
import { type ResoClient, ResoThrottled } from './reso-client'

export interface Checkpoint {
  feed: MlsFeed
  high_water: string | null
  next_link: string | null
  run_started_at: string | null
  last_updated: string | null
  last_error: string | null
  retry_after: string | null
  /** The last ListingKey of the key sweep in progress ('' at its start); null when none is. */
  sweep_after: string | null
  swept_at: string | null
}

export interface ReplicationDeps extends PhotoStore {
  db: D1Database
  client: ResoClient
  /** The feed's Web API base (…/odata): Property is under it. */
  baseUrl: string
  /** Purges the cached pages of the listings a page changed or removed (their `listing:{key}` tags). */
  purge: (listingKeys: string[]) => Promise<void>
}

export interface StepOptions {
  pageSize: number
  maxPages: number
  /**
   * A step starts no new page once it has copied this many photos (each costs up to 8 subrequests: the
   * fetch, the Images calls, the R2 puts; Workers Paid allows 10,000 an invocation) or run this long (the
   * next cron comes in five minutes).
   */
  photoBudget?: number
  timeBudgetMs?: number
  /** How long after a finished key sweep the next one starts. */
  sweepEveryMs?: number
  sweepPageSize?: number
  now?: () => number
}

export interface StepResult {
  pages: number
  upserted: number
  removed: number
  /** Photos fetched and stored (those the feed did not change are not counted). */
  photos: number
  /** Why the step stopped early: the feed throttled it, or an error (also in the checkpoint's last_error). */
  stopped?: 'throttled' | 'error' | 'waiting'
}

const DAY_MS = 24 * 60 * 60 * 1000
/** What a feed answers a next link it no longer knows. */
const EXPIRED_LINK = /^feed_(400|404|410)$/

const CHECKPOINT_COLUMNS = [
  'feed',
  'high_water',
  'next_link',
  'run_started_at',
  'last_updated',
  'last_error',
  'retry_after',
  'sweep_after',
  'swept_at',
] as const

/** The feed's checkpoint; a feed never replicated has every column null. */
const loadCheckpoint = async (db: D1Database, feed: MlsFeed): Promise<Checkpoint> =>
  (await db.prepare('SELECT * FROM mls_feeds WHERE feed = ?').bind(feed).first<Checkpoint>()) ??
  ({ ...Object.fromEntries(CHECKPOINT_COLUMNS.map((column) => [column, null])), feed } as Checkpoint)

function saveCheckpoint(db: D1Database, checkpoint: Checkpoint): D1PreparedStatement {
  const columns = CHECKPOINT_COLUMNS.join(', ')
  const updates = CHECKPOINT_COLUMNS.slice(1).map((column) => `${column} = excluded.${column}`)
  return db
    .prepare(
      `INSERT INTO mls_feeds (${columns}) VALUES (${CHECKPOINT_COLUMNS.map(() => '?').join(', ')})
       ON CONFLICT (feed) DO UPDATE SET ${updates.join(', ')}`,
    )
    .bind(...CHECKPOINT_COLUMNS.map((column) => checkpoint[column]))
}

/** The first page of an incremental run: everything changed after the high water, oldest first, with photos. */
export function incrementalUrl(baseUrl: string, highWater: string | null, top: number): string {
  const query = [
    ...(highWater ? [`$filter=${encodeURIComponent(`ModificationTimestamp gt ${highWater}`)}`] : []),
    '$orderby=ModificationTimestamp',
    '$expand=Media',
    `$top=${top}`,
  ]
  return `${baseUrl.replace(/\/+$/, '')}/Property?${query.join('&')}`
}

/** A page of the key sweep: the ListingKeys after `after`, in key order. */
export function sweepUrl(baseUrl: string, after: string, top: number): string {
  const filter = encodeURIComponent(`ListingKey gt '${after.replaceAll("'", "''")}'`)
  return `${baseUrl.replace(/\/+$/, '')}/Property?$select=ListingKey&$filter=${filter}&$orderby=ListingKey&$top=${top}`
}

/** One bounded step of `feed`'s replication. Never rejects: a failure is recorded in the checkpoint. */
export async function replicateStep(deps: ReplicationDeps, feed: MlsFeed, options: StepOptions): Promise<StepResult> {
  const now = options.now ?? Date.now
  const result: StepResult = { pages: 0, upserted: 0, removed: 0, photos: 0 }
  const started = now()
  const { photoBudget = 200, timeBudgetMs = 240_000 } = options
  const withinBudget = () =>
    result.pages < options.maxPages && result.photos < photoBudget && now() - started < timeBudgetMs
  let checkpoint = await loadCheckpoint(deps.db, feed)
  if (checkpoint.retry_after && Date.parse(checkpoint.retry_after) > now()) return { ...result, stopped: 'waiting' }
  checkpoint = { ...checkpoint, retry_after: null }
  try {
    let running = true
    while (running && withinBudget()) {
      const url = checkpoint.next_link ?? incrementalUrl(deps.baseUrl, checkpoint.high_water, options.pageSize)
      const page = await deps.client.page<ResoProperty>(url)
      const at = new Date(now()).toISOString()
      const highWater = page.value.reduce<string | null>(
        (high, property) =>
          !high || Date.parse(property.ModificationTimestamp) > Date.parse(high)
            ? property.ModificationTimestamp
            : high,
        checkpoint.high_water,
      )
      running = page.nextLink !== null
      checkpoint = {
        ...checkpoint,
        high_water: highWater,
        next_link: page.nextLink,
        run_started_at: running ? (checkpoint.run_started_at ?? at) : null,
        last_updated: running ? checkpoint.last_updated : at,
        last_error: null,
      }
      const applied = await applyPage(deps, feed, page.value, checkpoint)
      result.pages++
      result.upserted += applied.upserted
      result.removed += applied.removed
      result.photos += applied.photos
    }
    const sweepDue =
      checkpoint.sweep_after !== null ||
      !checkpoint.swept_at ||
      now() - Date.parse(checkpoint.swept_at) >= (options.sweepEveryMs ?? DAY_MS)
    while (!running && sweepDue && withinBudget()) {
      const after = checkpoint.sweep_after ?? ''
      const swept = await sweepPage(deps, feed, after, options.sweepPageSize ?? 1000, checkpoint, now)
      checkpoint = swept.checkpoint
      result.pages++
      result.removed += swept.removed
      if (checkpoint.sweep_after === null) break
    }
    return result
  } catch (error) {
    const throttled = error instanceof ResoThrottled
    const stored = await loadCheckpoint(deps.db, feed)
    // A next link the feed no longer takes (expired: servers keep them for minutes to hours) is dropped, and
    // the run starts again from the high water at the next step; what was applied stays applied.
    const expired = stored.next_link && error instanceof AppError && EXPIRED_LINK.test(error.code)
    checkpoint = {
      ...stored,
      ...(expired ? { next_link: null, run_started_at: null } : {}),
      last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      retry_after: throttled ? error.retryAt.toISOString() : null,
    }
    await saveCheckpoint(deps.db, checkpoint).run()
    if (!throttled) console.error(`[mls] ${feed} replication step failed`, error)
    return { ...result, stopped: throttled ? 'throttled' : 'error' }
  }
}

interface StoredListing {
  listing_key: string
  media: string
}

/** The stored photos of rows (the seed's have no key or version: they are fetched again). */
const photosOfRow = (row: StoredListing | undefined): StoredPhoto[] => (row ? JSON.parse(row.media) : [])

/**
 * Applies one incremental page: displayable records upserted with their photos, the others removed, and the
 * checkpoint after the page, in one batch. Then the photos nobody uses any more are deleted and the pages of
 * every listing it touched purged.
 */
async function applyPage(deps: ReplicationDeps, feed: MlsFeed, records: ResoProperty[], checkpoint: Checkpoint) {
  const keys = records.map((record) => record.ListingKey)
  const stored = await deps.db
    .prepare('SELECT listing_key, media FROM listings WHERE listing_key IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(keys))
    .all<StoredListing>()
  const before = new Map(stored.results.map((row) => [row.listing_key, row]))
  const statements: D1PreparedStatement[] = []
  const dropped: string[] = []
  const gone: string[] = []
  const touched: string[] = []
  let copied = 0
  // A key twice on one page (a listing changed while the feed paged): its latest record wins.
  const latest = new Map(records.map((record) => [record.ListingKey, record]))
  for (const record of latest.values()) {
    const previous = photosOfRow(before.get(record.ListingKey))
    if (isDisplayable(record) && listingRowOf(feed, record, [])) {
      const photos = await storePhotos(deps, feed, record, previous)
      statements.push(
        upsertListing(deps.db, listingRowOf(feed, record, photos) as NonNullable<ReturnType<typeof listingRowOf>>),
      )
      dropped.push(...droppedPhotoKeys(previous, photos))
      copied += photos.filter((photo) => !previous.includes(photo)).length
      touched.push(record.ListingKey)
    } else if (before.has(record.ListingKey)) {
      statements.push(removeListing(deps.db, record.ListingKey))
      gone.push(record.ListingKey)
      touched.push(record.ListingKey)
    }
  }
  statements.push(saveCheckpoint(deps.db, checkpoint))
  await deps.db.batch(statements)
  await forget(deps, feed, gone, dropped)
  if (touched.length) await deps.purge(touched)
  return { upserted: touched.length - gone.length, removed: gone.length, photos: copied }
}

/** Deletes the photos of removed listings and the dropped photos of changed ones. */
async function forget(deps: ReplicationDeps, feed: MlsFeed, gone: string[], dropped: string[]) {
  for (const key of gone) dropped.push(...(await keysUnder(deps.bucket, listingPhotoPrefix(feed, key))))
  for (let i = 0; i < dropped.length; i += 1000) await deps.bucket.delete(dropped.slice(i, i + 1000))
}

/**
 * One page of the key sweep: the feed's ListingKeys after `after` in key order, and every listing of ours in
 * that range the feed did not list is removed (the last page's range runs to the end). A first page with no
 * key at all removes nothing: an empty feed is far likelier a broken one.
 */
async function sweepPage(
  deps: ReplicationDeps,
  feed: MlsFeed,
  after: string,
  top: number,
  checkpoint: Checkpoint,
  now: () => number,
) {
  const page = await deps.client.page<{ ListingKey: string }>(sweepUrl(deps.baseUrl, after, top))
  const keys = page.value.map((record) => record.ListingKey).filter((key) => typeof key === 'string')
  const last = keys.length < top
  const upTo = keys.reduce((max, key) => (key > max ? key : max), after)
  const emptyFeed = after === '' && keys.length === 0
  const gone = emptyFeed
    ? []
    : (
        await deps.db
          .prepare(
            `SELECT listing_key FROM listings WHERE market = ? AND listing_key > ? AND (? OR listing_key <= ?)
               AND listing_key NOT IN (SELECT value FROM json_each(?))`,
          )
          .bind(feed, after, last ? 1 : 0, upTo, JSON.stringify(keys))
          .all<{ listing_key: string }>()
      ).results.map((row) => row.listing_key)
  const next: Checkpoint = {
    ...checkpoint,
    sweep_after: last ? null : upTo,
    swept_at: last ? new Date(now()).toISOString() : checkpoint.swept_at,
    last_error: emptyFeed ? 'The key sweep listed no listings: nothing was removed' : null,
  }
  await deps.db.batch([...gone.map((key) => removeListing(deps.db, key)), saveCheckpoint(deps.db, next)])
  await forget(deps, feed, gone, [])
  if (gone.length) await deps.purge(gone)
  return { checkpoint: next, removed: gone.length }
}
