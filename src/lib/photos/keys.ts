// Which R2 object a photo URL names, and which of them a realtor's writes may touch
// (docs/decisions/080-hardening-round-three-small.md): a profile may reference, and a save or a removal
// release, only keys under its own realtor's prefix (`photoPrefixOf`, src/lib/uploads.ts). No server-only
// imports: the realtor schema, which the browser forms share, refuses dot segments with `hasDotSegment`.
import { decodeSegment } from '../tenant'
import { PHOTOS_PREFIX, photoPrefixOf, REALTOR_PHOTOS, UPLOAD_TYPES } from '../uploads'

const EXTENSIONS = Object.values(UPLOAD_TYPES).join('|')
/** The keys uploadKey (src/lib/uploads.ts) makes: realtors/{id}/{uuid}.{ext}. */
const UPLOADED_KEY = new RegExp(`^realtors/\\d{1,15}/[\\w-]{1,64}\\.(?:${EXTENSIONS})$`)

/**
 * Whether a URL's path has a `.` or `..` segment, however written: percent-encoded (`%2e`, `.%2E`), or
 * between backslashes or encoded slashes, which a browser or our /photos/ route reads as separators. Such
 * a URL names one object to the browser that resolves it and another to a rule that reads it as written.
 */
export function hasDotSegment(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!
  const plain = path.replace(/%2e/gi, '.').replace(/%2f|%5c|\\/gi, '/')
  return /(^|\/)\.{1,2}(\/|$)/.test(plain)
}

/** What follows /photos/ in a URL's path, as written, root-relative or absolute on any host; null elsewhere. */
function photoPathOf(url: string): string | null {
  let path = url
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname
    } catch {
      return null
    }
  }
  return path.startsWith(PHOTOS_PREFIX) ? path.slice(PHOTOS_PREFIX.length) : null
}

/**
 * The R2 key GET /photos/{key} serves for a photo URL, decoded as that route decodes it. Absolute URLs
 * count on any host: the stored URL carries the origin the editor uploaded from (the provider's host or
 * the realtor's domain).
 */
export function photoKeyOf(url: string): string | null {
  const path = photoPathOf(url)
  return path === null ? null : decodeSegment(path)
}

/**
 * The key of an uploaded photo's URL when it is written exactly as uploadKey makes it (never a spelling
 * that only decodes to one: photo_refs records a profile's strings as written); null for anything else.
 */
export function uploadedKeyOf(url: string): string | null {
  const path = photoPathOf(url)
  return path !== null && UPLOADED_KEY.test(path) ? path : null
}

/** Whether a key is one of this realtor's uploads; with no realtor yet (a new homepage), none is. */
export const isOwnPhotoKey = (realtorId: number | null, key: string) =>
  realtorId !== null && key.startsWith(photoPrefixOf(realtorId))

/** Whether a photo URL names another realtor's upload area (`/photos/realtors/{other id}/…`). */
export function isForeignPhotoUrl(realtorId: number | null, url: string): boolean {
  const key = photoKeyOf(url)
  if (key === null) return false
  return key.startsWith(REALTOR_PHOTOS) && !isOwnPhotoKey(realtorId, key)
}
