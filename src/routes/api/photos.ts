// /photos/{key}: photos in R2. GET serves a file with its content type and immutable caching; PUT
// stores one through a presigned URL (src/lib/uploads.ts): signature, expiry, type, size and the
// file's magic bytes are all checked before anything is written.
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { preconditionStatus } from '../../lib/conditional'
import { AppError } from '../../lib/errors'
import { decodeSegment } from '../../lib/tenant'
import { isUploadType, PHOTOS_PREFIX, sniffImageType, verifyUploadUrl } from '../../lib/uploads'

const KEY_PATTERN = /^(?!.*\.\.)[\w-]+(?:\/[\w.-]+)+$/
/** Our keys are realtors/{id}/{uuid}.{ext} and seed/{desiredUrl}/{name}: far shorter than R2's 1,024 bytes. */
const MAX_KEY_LENGTH = 512
const IMMUTABLE = 'public, max-age=31536000, immutable'

const app = new Hono<AppEnv>()

function keyOf(url: URL): string {
  const key = decodeSegment(url.pathname.slice(PHOTOS_PREFIX.length))
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) throw new AppError(404, `Photo not found: ${url.pathname}`)
  return key
}

app.on(['GET', 'HEAD'], '/*', async (c) => {
  const url = new URL(c.req.url)
  const key = keyOf(url)
  const object = await c.env.PHOTOS.get(key)
  if (!object) throw new AppError(404, `Photo not found: ${url.pathname}`)
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

/** Reads at most `max` bytes of a body; null when it is longer. */
async function readLimited(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > max) return null
    chunks.push(chunk)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

app.put('/*', async (c) => {
  const url = new URL(c.req.url)
  const key = keyOf(url)
  const secret = sessionSecret(c.env)
  if (!secret) throw new AppError(500, 'Uploads need SESSION_SECRET')
  const check = await verifyUploadUrl(url, secret)
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(403, 'This upload URL has expired', { code: 'upload_expired' })
      : new AppError(403, 'This upload URL is not valid', { code: 'invalid_signature' })
  }
  const { grant } = check
  const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (contentType !== grant.contentType) throw new AppError(415, `This upload URL takes ${grant.contentType} only`)
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > grant.maxBytes) throw new AppError(413, `This upload URL takes at most ${grant.maxBytes} bytes`)
  const bytes = await readLimited(c.req.raw.body, grant.maxBytes)
  if (!bytes) throw new AppError(413, `This upload URL takes at most ${grant.maxBytes} bytes`)
  if (sniffImageType(bytes) !== grant.contentType)
    throw new AppError(415, `The file is not a ${grant.contentType} image`, { code: 'not_an_image' })
  if (await c.env.PHOTOS.head(key)) throw new AppError(409, 'A photo was already uploaded to this URL')
  await c.env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: grant.contentType, cacheControl: IMMUTABLE } })
  return c.json({ url: `${url.origin}${url.pathname}` }, 200)
})

export default app
