// Photos at the widths a page asks for (issue 33, docs/decisions/113-photo-sizes.md): one resizer, the
// Images binding (sharp locally), for MLS listing photos (src/lib/mls/photos.ts) and a realtor's uploads.
// An upload's sizes are made once, when it is stored (GET /photos/ derives a missing one once, for photos
// stored before): `{key}.w{width}.webp` beside the original, so a page names them from the URL alone.
import { PHOTO_WIDTHS, sizeKey } from './srcset'

export { PHOTO_WIDTHS, sizeOf } from './srcset'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** `bytes` as a WebP at most `width` pixels wide (never enlarged). */
export async function webpAt(images: ImagesBinding, bytes: Uint8Array<ArrayBuffer> | ReadableStream, width: number) {
  const output = await images
    .input(bytes instanceof Uint8Array ? new Blob([bytes]).stream() : bytes)
    .transform({ width, fit: 'scale-down' })
    .output({ format: 'image/webp', quality: 80 })
  return new Uint8Array(await output.response().arrayBuffer())
}

/** Stores an upload's three sizes (`fit: 'scale-down'`: a size wider than the image is the image's width). */
export async function storeSizes(bucket: R2Bucket, images: ImagesBinding, key: string, bytes: Uint8Array<ArrayBuffer>) {
  for (const width of PHOTO_WIDTHS) await putSize(bucket, key, width, await webpAt(images, bytes, width))
}

export const putSize = (bucket: R2Bucket, key: string, width: number, body: Uint8Array) =>
  bucket.put(sizeKey(key, width), body, { httpMetadata: { contentType: 'image/webp', cacheControl: IMMUTABLE } })

/** The edge cache /photos/ answers from (caches.default: one per Cloudflare location). */
export const photoCache = () => (caches as unknown as { default: Cache }).default

/** A photo's cache key: the same for every host the photo is asked on, so a release can drop it. */
export const cacheKeyOf = (key: string) => `https://photos.cache/${key}`

/** Deletes a released upload's sizes from R2 and the original and sizes from this location's edge cache. */
export async function dropSizes(bucket: R2Bucket, key: string) {
  const sizes = PHOTO_WIDTHS.map((width) => sizeKey(key, width))
  await bucket.delete(sizes)
  await Promise.all([key, ...sizes].map((k) => photoCache().delete(cacheKeyOf(k))))
}
