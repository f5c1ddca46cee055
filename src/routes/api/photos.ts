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
import { cacheKeyOf, IMMUTABLE, photoCache, putSize, sizeOf, storeSizes, webpAt } from '../../lib/photos/sizes'
import { isUploadType, sniffImageType, verifyUploadUrl } from '../../lib/uploads'
import { apiMessage, requestBody } from '../../middleware/api'

const KEY_PATTERN = /^(?!.*\.\.)[\w-]+(?:\/[\w.-]+)+$/
/** Our keys are realtors/{id}/{uuid}.{ext} and seed/{desiredUrl}/{name}: far shorter than R2's 1,024 bytes. */
const MAX_KEY_LENGTH = 512

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

/**
 * The photo's object: stored, or a size of an upload stored before sizes were made at upload, derived from
 * its original once and stored (src/lib/photos/sizes.ts); null when neither exists. Only originals of
 * the upload types are put into the bucket by the upload route and the seed, so an original is an image.
 */
async function objectOf(env: AppEnv['Bindings'], key: string): Promise<R2ObjectBody | null> {
  const object = await env.PHOTOS.get(key)
  const size = object ? null : sizeOf(key)
  if (!size) return object
  const original = await env.PHOTOS.get(size.original)
  if (!original) return null
  try {
    await putSize(env.PHOTOS, size.original, size.width, await webpAt(env.IMAGES, original.body, size.width))
  } catch (error) {
    // A size the binding cannot make (an image it cannot read) is the original itself: the page's srcset still
    // shows the photo, and the request never ends in a 5xx.
    console.error('photo size not made', size.original, error)
    return env.PHOTOS.get(size.original)
  }
  return env.PHOTOS.get(key)
}

app.on(['GET', 'HEAD'], '/*', async (c) => {
  const url = new URL(c.req.url)
  const key = keyOf(c, url)
  // The edge cache first (docs/decisions/113-photo-sizes.md): a hit answers without the R2 read. Keys are
  // immutable (a replaced photo gets a new key), so an entry never goes stale.
  const cache = photoCache()
  const cacheKey = cacheKeyOf(key)
  let cached = await cache.match(cacheKey)
  if (!cached) {
    const object = await objectOf(c.env, key)
    if (!object) throw photoNotFound(c, url)
    const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream'
    const headers = new Headers({
      'Content-Type': contentType,
      'Cache-Control': IMMUTABLE,
      ETag: object.httpEtag,
      'Last-Modified': object.uploaded.toUTCString(),
      'Content-Length': String(object.size),
    })
    // Only the upload types render inline; anything else put into the bucket by other means (an SVG
    // with script, HTML) is a download, never a document on this origin.
    if (!isUploadType(contentType)) headers.set('Content-Disposition', 'attachment')
    cached = new Response(object.body, { headers })
    c.executionCtx.waitUntil(cache.put(cacheKey, cached.clone()))
  }
  const headers = new Headers(cached.headers)
  const etag = headers.get('etag') ?? ''
  const lastModified = new Date(headers.get('last-modified') ?? 0)
  const status = preconditionStatus(c.req.raw.headers, { etag, lastModified })
  if (status !== null || c.req.method === 'HEAD') {
    await cached.body?.cancel()
    if (status !== null) headers.delete('Content-Length')
    return new Response(null, { status: status ?? 200, headers })
  }
  return new Response(cached.body, { headers })
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
  // Its sizes now, once per upload (decision 113); one the binding cannot make is derived on its first GET.
  await storeSizes(c.env.PHOTOS, c.env.IMAGES, key, image).catch(console.error)
  return c.json({ url: `${url.origin}${url.pathname}` }, 200)
})

export default app
