// Uploaded photos leave R2 once nothing refers to them (docs/decisions/045-photo-slots.md): a save, an
// import or a homepage's removal hands over the URLs it dropped; each that names one of that realtor's own
// uploads (/photos/realtors/{id}/{uuid}.{ext}, ./keys.ts) and that no realtor profile mentions any more is
// deleted. Another realtor's uploads, seed photos and every other URL are never touched.
import { PHOTOS_PREFIX, photoPrefixOf } from '../uploads'
import { isOwnPhotoKey, uploadedKeyOf } from './keys'
import { dropSizes } from './sizes'

/**
 * Whether any realtor profile (live or deleted but restorable) still mentions the object's path: photo_refs,
 * kept by triggers on every profile write (migrations/0015), holds each uploaded key a profile's strings end with.
 */
async function referenced(db: D1Database, key: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS used FROM photo_refs WHERE photo_key = ? LIMIT 1').bind(key).first()
  return row !== null
}

/**
 * Deletes the R2 object of each of the realtor's own uploads among `urls` that no realtor profile refers to
 * any more; returns how many it deleted. A URL of another realtor's upload is skipped whatever the profile
 * said (decision 080). A failure is logged and skips that object: the caller's write has already
 * succeeded, and an object left behind costs storage only.
 */
export async function releasePhotos(
  db: D1Database,
  bucket: R2Bucket,
  realtorId: number,
  urls: readonly string[],
): Promise<number> {
  const keys = new Set(
    urls.map(uploadedKeyOf).filter((key): key is string => key !== null && isOwnPhotoKey(realtorId, key)),
  )
  let deleted = 0
  for (const key of keys) {
    try {
      if (await referenced(db, key)) continue
      if (!(await bucket.head(key))) continue
      await bucket.delete(key)
      await dropSizes(bucket, key)
      deleted++
    } catch (error) {
      console.error(`[photos] could not release ${key}; the object stays`, error)
    }
  }
  return deleted
}

/** How long an upload may wait unsaved (an editor left open with new photos) before it counts as abandoned. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the realtor's uploads that no profile mentions and that are older than a day: photos uploaded
 * in an editor, then removed or discarded before Save, which no save could ever drop. `kept` are the URLs
 * the realtor's profile holds now (checked here first, so only real leftovers cost a query).
 */
export async function releaseAbandonedUploads(
  db: D1Database,
  bucket: R2Bucket,
  realtorId: number,
  kept: readonly string[],
  now = Date.now(),
): Promise<number> {
  const keptKeys = new Set(kept.map(uploadedKeyOf))
  const stale: string[] = []
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix: photoPrefixOf(realtorId), cursor })
    for (const object of page.objects)
      if (!keptKeys.has(object.key) && now - object.uploaded.getTime() > ABANDONED_UPLOAD_MS)
        stale.push(`${PHOTOS_PREFIX}${object.key}`)
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return releasePhotos(db, bucket, realtorId, stale)
}
