// Uploaded photos leave R2 once nothing refers to them (docs/decisions/045-photo-slots.md): a save, an
// import or a homepage's removal hands over the URLs it dropped; each that names an uploaded object
// (/photos/realtors/{id}/{uuid}.{ext}) and that no realtor profile mentions any more is deleted.
// Seed photos and every other URL are never touched.
import { PHOTOS_PREFIX, UPLOAD_TYPES } from '../uploads'

const EXTENSIONS = Object.values(UPLOAD_TYPES).join('|')
/** The keys uploadKey (src/lib/uploads.ts) makes: realtors/{id}/{uuid}.{ext}. */
const UPLOADED_KEY = new RegExp(`^realtors/\\d{1,15}/[\\w-]{1,64}\\.(?:${EXTENSIONS})$`)

/**
 * The R2 key of an uploaded photo's URL, root-relative or absolute (the stored URL carries the origin the
 * editor uploaded from: the provider's host or the realtor's own domain); null for anything else.
 */
export function uploadedKeyOf(url: string): string | null {
  let path = url
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname
    } catch {
      return null
    }
  }
  if (!path.startsWith(PHOTOS_PREFIX)) return null
  const key = path.slice(PHOTOS_PREFIX.length)
  return UPLOADED_KEY.test(key) ? key : null
}

/** Whether any realtor profile (live or deleted but restorable) still mentions the object's path. */
async function referenced(db: D1Database, key: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT 1 AS used FROM realtors WHERE instr(profile, ?) > 0 LIMIT 1')
    .bind(`${PHOTOS_PREFIX}${key}`)
    .first()
  return row !== null
}

/**
 * Deletes the R2 object of each uploaded-photo URL that no realtor profile refers to any more; returns how
 * many it deleted. A failure is logged and skips that object: the caller's write has already succeeded,
 * and an object left behind costs storage only.
 */
export async function releasePhotos(db: D1Database, bucket: R2Bucket, urls: readonly string[]): Promise<number> {
  const keys = new Set(urls.map(uploadedKeyOf).filter((key): key is string => key !== null))
  let deleted = 0
  for (const key of keys) {
    try {
      if (await referenced(db, key)) continue
      if (!(await bucket.head(key))) continue
      await bucket.delete(key)
      deleted++
    } catch (error) {
      console.error(`[photos] could not release ${key}; the object stays`, error)
    }
  }
  return deleted
}
