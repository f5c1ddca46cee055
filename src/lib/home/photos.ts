// A realtor's photos as the pages use them (docs/product.md §3, §4): grouped by path, only URLs safe to
// put in src (our own /photos/… paths or absolute http(s) URLs), the best image type for each use.
import { isHttpUrl } from '../html'
import { PHOTO_PATHS, type Photo, type PhotoPath } from '../realtors/types'

/** A photo URL safe to put in src: a site path of our own (/photos/…) or an absolute http(s) URL. */
export function safePhotoUrl(url: string): string | null {
  if (/^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url)) return url
  return isHttpUrl(url) ? url : null
}

export type PhotoGroups = Record<PhotoPath, Photo[]>

/** Photos grouped by path, unsafe URLs dropped; missing photos give empty lists. */
export function groupPhotos(photos: readonly Photo[] | undefined): PhotoGroups {
  const groups = Object.fromEntries(PHOTO_PATHS.map((path) => [path, []])) as unknown as PhotoGroups
  for (const photo of photos ?? []) if (safePhotoUrl(photo.url) && photo.path in groups) groups[photo.path].push(photo)
  return groups
}

/** The best photo of a path for a use: prefers the given image type, falls back to the other. */
export function pickPhoto(photos: readonly Photo[], prefer: Photo['imageType'] = 'fullsize'): Photo | undefined {
  return photos.find((p) => p.imageType === prefer) ?? photos[0]
}

/** Small marks (logos, favicon) prefer the thumbnail; every other use the full size. */
const THUMBNAIL_PATHS: readonly PhotoPath[] = ['logo', 'logo2', 'favicon']

/** The image type a new photo of `path` is stored as, and the one its use prefers. */
export const imageTypeOf = (path: PhotoPath): Photo['imageType'] =>
  THUMBNAIL_PATHS.includes(path) ? 'thumbnail' : 'fullsize'

/** The photo of a slot the homepage shows (the editor names it "in use"). */
export const photoInUse = (groups: PhotoGroups, path: PhotoPath): Photo | undefined =>
  pickPhoto(groups[path], imageTypeOf(path))

/** The favicon: the realtor's own, else the logo (its thumbnail), so a tab shows their mark. */
export const faviconPhoto = (groups: PhotoGroups): Photo | undefined =>
  photoInUse(groups, 'favicon') ?? photoInUse(groups, 'logo')

/** The share image (og:image): the realtor's own, else the hero (top) photo, else the portrait. */
export const sharingPhoto = (groups: PhotoGroups): Photo | undefined =>
  photoInUse(groups, 'ogImage') ?? photoInUse(groups, 'top') ?? photoInUse(groups, 'id')
