// Deleting uploaded photos nobody uses any more. Part of issue 17's photo work owns this module; this
// minimal version lets the lifecycle cron remove a purged homepage's photos meanwhile.

/** `/photos/realtors/{id}/…` (absolute or root-relative) → its R2 key `realtors/{id}/…`; else null. */
export function uploadedPhotoKey(url: string): string | null {
  let path = url
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname
    } catch {
      return null
    }
  }
  const match = /^\/photos\/(realtors\/\d+\/[^?#]+)$/.exec(path)
  if (!match?.[1] || match[1].split('/').some((segment) => segment === '..' || segment === '.')) return null
  return match[1]
}

/**
 * Deletes the R2 object of each uploaded-photo URL that no realtor profile refers to any more (a
 * profile may name a photo by its absolute or root-relative URL); returns how many it deleted.
 */
export async function releasePhotos(db: D1Database, bucket: R2Bucket, urls: readonly string[]): Promise<number> {
  const keys = [...new Set(urls.map(uploadedPhotoKey).filter((key): key is string => key !== null))]
  let deleted = 0
  for (const key of keys) {
    // The key is the tail of every URL that can name it; instr() finds it inside the profile's JSON.
    const used = await db
      .prepare('SELECT 1 FROM realtors WHERE instr(profile, ?) > 0 LIMIT 1')
      .bind(`/photos/${key}"`)
      .first()
    if (used) continue
    await bucket.delete(key)
    deleted++
  }
  return deleted
}
