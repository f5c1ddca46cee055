// A listing's photos, copied once into R2 (MLS feeds forbid hotlinking; docs/decisions/093): each photo of
// a Property's Media is fetched within a deadline and a byte cap, checked by its magic bytes, and stored
// under mls/{feed}/{ListingKey}/{MediaKey}-{version}-{width}.{ext} at the widths pages ask for (the Images binding
// makes the narrower ones). A photo the feed did not change since it was stored is not fetched again.
import { fingerprint } from '../config'
import { IMMUTABLE, PHOTO_WIDTHS, webpAt } from '../photos/sizes'
import { sniffImageType } from '../uploads'
import { type FetchLike, fetchUpstream } from '../upstream'
import type { ListingPhoto, MlsFeed, ResoMedia, ResoProperty } from './record'

/** The widths a page's srcset offers: one list with a realtor's uploads (src/lib/photos/sizes.ts). */
export { PHOTO_WIDTHS }

/** An MLS photo is a few MB at most; a larger answer is not a photo we keep. */
const MAX_PHOTO_BYTES = 15 * 1024 * 1024
/** Photos fetched at once: under the Workers limit of 6 connections per invocation. */
const PARALLEL = 4
const EXT = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const

/** A stored photo and the version of the Media it was made from (ModificationTimestamp, else its URL's hash). */
export type StoredPhoto = ListingPhoto & { key: string; version: string }

export interface PhotoStore {
  bucket: R2Bucket
  images: ImagesBinding
  fetch: FetchLike
  timeoutMs: number
}

/** A key segment as the photo route serves it: letters, digits, `_` and `-` only. */
const segment = (value: string) => value.replace(/[^\w-]/g, '_')

/** Where a listing's photos live: removing a listing removes everything under it. */
export const listingPhotoPrefix = (feed: MlsFeed, listingKey: string) => `mls/${feed}/${segment(listingKey)}/`

const versionOf = (media: ResoMedia) => media.ModificationTimestamp ?? fingerprint(media.MediaURL)

/** The Media a page shows, in the feed's order: photos only (no virtual tours, documents or videos). */
export function photosOf(property: ResoProperty): ResoMedia[] {
  return (property.Media ?? [])
    .filter((media) => media.MediaKey && media.MediaURL && (!media.MediaCategory || /photo/i.test(media.MediaCategory)))
    .sort((a, b) => (a.Order ?? 0) - (b.Order ?? 0))
}

/**
 * The stored photos of `property`, in the feed's order: those `previous` holds at the same version as they
 * are, the others fetched and stored. A photo the feed no longer serves (404, 403, 410, not an image) is
 * left out; any other failure rejects, so the page is tried again at the next step.
 */
export async function storePhotos(
  store: PhotoStore,
  feed: MlsFeed,
  property: ResoProperty,
  previous: readonly StoredPhoto[],
): Promise<StoredPhoto[]> {
  const held = new Map(previous.map((photo) => [photo.key, photo]))
  const wanted = photosOf(property)
  const stored: (StoredPhoto | null)[] = new Array(wanted.length).fill(null)
  let next = 0
  const worker = async () => {
    while (next < wanted.length) {
      const index = next++
      const media = wanted[index] as ResoMedia
      const kept = held.get(media.MediaKey)
      stored[index] =
        kept && kept.version === versionOf(media)
          ? kept
          : await storePhoto(store, listingPhotoPrefix(feed, property.ListingKey), media)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return stored.filter((photo) => photo !== null)
}

async function storePhoto(store: PhotoStore, prefix: string, media: ResoMedia): Promise<StoredPhoto | null> {
  let url = media.MediaURL
  let response = await fetchPhoto(store, url)
  // Feeds' media URLs often redirect to a signed CDN address: a few hops are followed, each within the deadline.
  for (let hop = 0; hop < 3 && response.status >= 300 && response.status < 400; hop++) {
    const location = response.headers.get('location')
    if (!location) break
    url = new URL(location, url).href
    response = await fetchPhoto(store, url)
  }
  if ([403, 404, 410].includes(response.status)) return null
  if (!response.ok) throw new Error(`Photo ${media.MediaKey} answered ${response.status}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const type = sniffImageType(bytes)
  if (!type) return null
  const info = await store.images.info(new Blob([bytes]).stream())
  const width = 'width' in info ? info.width : (media.ImageWidth ?? 0)
  const height = 'height' in info ? info.height : (media.ImageHeight ?? 0)
  // The version is in the key: `/photos/` serves every key as immutable, so a photo the feed replaces under
  // the same MediaKey gets a new address, and the old one is deleted (droppedPhotoKeys).
  const base = `${prefix}${segment(media.MediaKey)}-${fingerprint(versionOf(media))}`
  const put = (key: string, body: Uint8Array, contentType: string) =>
    store.bucket.put(key, body, { httpMetadata: { contentType, cacheControl: IMMUTABLE } })
  const sizes: { key: string; width: number }[] = []
  for (const target of PHOTO_WIDTHS) {
    if (target >= width) break
    const key = `${base}-${target}.webp`
    await put(key, await webpAt(store.images, bytes, target), 'image/webp')
    sizes.push({ key, width: target })
  }
  // The original is the widest size when it is no wider than the widest a page asks for.
  if (width <= (PHOTO_WIDTHS.at(-1) as number)) {
    const key = `${base}-${width}.${EXT[type]}`
    await put(key, bytes, type)
    sizes.push({ key, width })
  }
  const alt = media.ShortDescription?.trim()
  return {
    key: media.MediaKey,
    version: versionOf(media),
    sizes,
    width,
    height,
    ...(alt ? { alt } : {}),
  }
}

const fetchPhoto = (store: PhotoStore, url: string) =>
  fetchUpstream(store.fetch, new Request(url), store.timeoutMs, { maxBytes: MAX_PHOTO_BYTES })

/** The R2 keys of `before` that `after` no longer uses (a photo dropped or replaced by the feed). */
export function droppedPhotoKeys(before: readonly ListingPhoto[], after: readonly ListingPhoto[]): string[] {
  const kept = new Set(after.flatMap((photo) => photo.sizes.map((size) => size.key)))
  return before.flatMap((photo) => photo.sizes.map((size) => size.key)).filter((key) => !kept.has(key))
}
