// A homepage's life after it is made (issue 17, docs/decisions/047-site-lifecycle.md): deleting is soft
// (kept 30 days, unpublished, restorable by an admin), the cron then removes it with its photos; an
// address it leaves keeps redirecting to it and stays its own for 90 days (migrations/0010_lifecycle.sql
// records and enforces the history in the database).
import { releasePhotos } from '../photos/release'
import { removeDevicesOf } from '../push/devices'
import { PHOTOS_PREFIX, photoPrefixOf } from '../uploads'

/** Days a deleted homepage is kept before the cron removes it. */
export const KEEP_DELETED_DAYS = 30
/** Days an address a realtor left stays theirs (redirecting to them) before another realtor may take it. */
export const ADDRESS_HOLD_DAYS = 90
/** Homepages one cron run removes at most: the rest wait for the next run (every 5 minutes). */
export const PURGE_BATCH = 10

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
const DAY_MS = 24 * 60 * 60 * 1000

/** The day (YYYY-MM-DD, UTC) `days` after an ISO time. */
export function daysAfter(iso: string, days: number): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '' : new Date(time + days * DAY_MS).toISOString().slice(0, 10)
}

/** A day (YYYY-MM-DD) as people write it: `2026년 12월 23일`, `December 23, 2026`. */
export function formatDay(day: string, locale: 'ko' | 'en'): string {
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(time)) return day
  const format = new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
  return format.format(time)
}

/**
 * Marks a homepage deleted and unpublished (isMakeHomepage N); false when there is no such live one.
 * The caller purges the caches.
 */
export async function softDelete(db: D1Database, id: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE realtors SET deleted_at = ${NOW}, updated_at = ${NOW},
         profile = json_set(profile, '$.isMakeHomepage', 'N')
       WHERE id = ? AND deleted_at IS NULL`,
    )
    .bind(id)
    .run()
  return result.meta.changes > 0
}

/** Brings a deleted homepage back, still unpublished; false when there is no such realtor. */
export async function restore(db: D1Database, id: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE realtors SET deleted_at = NULL, updated_at = ${NOW} WHERE id = ?`)
    .bind(id)
    .run()
  return result.meta.changes > 0
}

/** The realtor an old address now belongs to (it redirects there), or null. */
export async function formerAddressOwner(
  db: D1Database,
  address: string,
): Promise<{ id: number; desiredUrl: string } | null> {
  const row = await db
    .prepare(
      `SELECT r.id, r.desired_url FROM realtor_addresses h JOIN realtors r ON r.id = h.realtor_id
       WHERE h.address = ?`,
    )
    .bind(address)
    .first<{ id: number; desired_url: string }>()
  return row ? { id: row.id, desiredUrl: row.desired_url } : null
}

/**
 * The day an address another realtor left becomes free (YYYY-MM-DD), or null when nobody but
 * `realtorId` holds it.
 */
export async function addressHeldUntil(
  db: D1Database,
  address: string,
  realtorId: number | null = null,
): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT retired_at FROM realtor_addresses
       WHERE address = ?1 AND realtor_id IS NOT ?2 AND retired_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?3)`,
    )
    .bind(address, realtorId, `-${ADDRESS_HOLD_DAYS} days`)
    .first<{ retired_at: string }>()
  return row ? daysAfter(row.retired_at, ADDRESS_HOLD_DAYS) : null
}

/** What one purge run did. */
export interface PurgeResult {
  realtors: number
  photos: number
}

export interface PurgeOptions {
  batch?: number
  /** Purges a removed realtor's cached pages and data (the worker's caches). */
  onRemoved?: (id: number) => Promise<void>
}

/** Every object key under a prefix, page by page. */
export async function keysUnder(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix, cursor })
    keys.push(...page.objects.map((object) => object.key))
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return keys
}

/**
 * Removes homepages deleted more than 30 days ago (at most `batch` per run) with their photos, the
 * contact requests their visitors sent and the realtor's push devices. The profile's photos are dropped first and the row last: a run
 * that fails halfway leaves the row, and the next run finishes the work.
 */
export async function purgeDeletedHomepages(
  db: D1Database,
  bucket: R2Bucket,
  { batch = PURGE_BATCH, onRemoved = async () => {} }: PurgeOptions = {},
): Promise<PurgeResult> {
  const { results } = await db
    .prepare(
      `SELECT id FROM realtors WHERE deleted_at IS NOT NULL
         AND deleted_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1) ORDER BY deleted_at LIMIT ?2`,
    )
    .bind(`-${KEEP_DELETED_DAYS} days`, batch)
    .all<{ id: number }>()
  const done: PurgeResult = { realtors: 0, photos: 0 }
  for (const { id } of results) {
    await db
      .prepare(`UPDATE realtors SET profile = json_set(profile, '$.photos', json('[]')) WHERE id = ?`)
      .bind(id)
      .run()
    const keys = await keysUnder(bucket, photoPrefixOf(id))
    done.photos += await releasePhotos(
      db,
      bucket,
      id,
      keys.map((key) => `${PHOTOS_PREFIX}${key}`),
    )
    await db.batch([
      db
        .prepare(
          `DELETE FROM deliveries WHERE topic = 'contact'
           AND message_id IN (SELECT id FROM realtor_contacts WHERE realtor_id = ?)`,
        )
        .bind(id),
      db.prepare('DELETE FROM realtor_contacts WHERE realtor_id = ?').bind(id),
      db.prepare('DELETE FROM page_views WHERE realtor_id = ?').bind(id),
      removeDevicesOf(db, id),
      db.prepare('DELETE FROM realtors WHERE id = ? AND deleted_at IS NOT NULL').bind(id),
    ])
    await onRemoved(id)
    done.realtors++
  }
  return done
}
