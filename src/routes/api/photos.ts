// /photos/{key}: photos in R2. GET serves a file with its content type and immutable caching; PUT
// stores one through a presigned URL (src/lib/uploads.ts): signature, expiry, type, size and the
// file's magic bytes are all checked, and its metadata (Exif, XMP, IPTC, comments) taken out, before
// anything is written.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { preconditionStatus } from '../../lib/conditional'
import { AppError } from '../../lib/errors'
import { hasDotSegment, photoKeyOf } from '../../lib/photos/keys'
import { stripMetadata } from '../../lib/photos/metadata'
import { isUploadType, sniffImageType, verifyUploadUrl } from '../../lib/uploads'
import { apiMessage, requestBody } from '../../middleware/api'

const KEY_PATTERN = /^(?!.*\.\.)[\w-]+(?:\/[\w.-]+)+$/
/** Our keys are realtors/{id}/{uuid}.{ext} and seed/{desiredUrl}/{name}: far shorter than R2's 1,024 bytes. */
const MAX_KEY_LENGTH = 512
const IMMUTABLE = 'public, max-age=31536000, immutable'

const app = new Hono<AppEnv>()

/** A 404 for a photo path, in the caller's language. */
const photoNotFound = (c: Context<AppEnv>, url: URL) =>
  new AppError(404, apiMessage(c, 'api.photos.notFound', { path: url.pathname }))

/** The key of a photo path, decoded as photoKeyOf decodes it; no `.` or `..` segment, in any spelling. */
function keyOf(c: Context<AppEnv>, url: URL): string {
  const key = photoKeyOf(url.pathname)
  if (key === null || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key) || hasDotSegment(key))
    throw photoNotFound(c, url)
  return key
}

app.on(['GET', 'HEAD'], '/*', async (c) => {
  const url = new URL(c.req.url)
  const key = keyOf(c, url)
  const object = await c.env.PHOTOS.get(key)
  if (!object) throw photoNotFound(c, url)
  const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream'
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': IMMUTABLE,
    ETag: object.httpEtag,
    'Last-Modified': object.uploaded.toUTCString(),
  })
  // Only the upload types render inline; anything else put into the bucket by other means (an SVG
  // with script, HTML) is a download, never a document on this origin.
  if (!isUploadType(contentType)) headers.set('Content-Disposition', 'attachment')
  const status = preconditionStatus(c.req.raw.headers, { etag: object.httpEtag, lastModified: object.uploaded })
  if (status !== null) {
    await object.body.cancel()
    return new Response(null, { status, headers })
  }
  headers.set('Content-Length', String(object.size))
  if (c.req.method === 'HEAD') {
    await object.body.cancel()
    return new Response(null, { headers })
  }
  return new Response(object.body, { headers })
})

app.put('/*', async (c) => {
  const url = new URL(c.req.url)
  const key = keyOf(c, url)
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, apiMessage(c, 'api.config.sessionSecret'))
  const check = await verifyUploadUrl(url, secret)
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(403, apiMessage(c, 'api.photos.expired'), { code: 'upload_expired' })
      : new AppError(403, apiMessage(c, 'api.photos.invalidUrl'), { code: 'invalid_signature' })
  }
  const { grant } = check
  const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  const type = { type: grant.contentType }
  if (contentType !== grant.contentType) throw new AppError(415, apiMessage(c, 'api.photos.wrongType', type))
  // Whole, at most the grant's size and within its deadline, or refused with the stream cancelled.
  const bytes = await requestBody(c, grant.maxBytes, 'api.photos.tooLarge')
  if (sniffImageType(bytes) !== grant.contentType)
    throw new AppError(415, apiMessage(c, 'api.photos.notImage', type), { code: 'not_an_image' })
  // What is stored is the image without its metadata (GPS, camera, Artist…): docs/decisions/084.
  const image = stripMetadata(bytes, grant.contentType)
  if (image === null)
    throw new AppError(415, apiMessage(c, 'api.photos.unreadable', type), { code: 'unreadable_image' })
  if (await c.env.PHOTOS.head(key)) throw new AppError(409, apiMessage(c, 'api.photos.taken'))
  await c.env.PHOTOS.put(key, image, { httpMetadata: { contentType: grant.contentType, cacheControl: IMMUTABLE } })
  return c.json({ url: `${url.origin}${url.pathname}` }, 200)
})

export default app
