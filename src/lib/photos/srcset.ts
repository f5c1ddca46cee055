// The sizes of a photo served from /photos/ as a page names them (docs/decisions/113-photo-sizes.md):
// `{key}.w{width}.webp` beside the original. No imports: the builder's live preview renders the same views.

/** The widths a page's srcset offers (a card at 480, a home page at 960, full screen at 1600). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const

/** The key (or URL) of an upload's size: `{key}.w{width}.webp`. */
export const sizeKey = (key: string, width: number) => `${key}.w${width}.webp`

const SIZE_KEY = /^(.+\.(?:jpg|png|webp|gif))\.w(480|960|1600)\.webp$/

/** The original's key and the width of a size's key; null for any other key. */
export function sizeOf(key: string): { original: string; width: number } | null {
  const match = SIZE_KEY.exec(key)
  return match ? { original: match[1] as string, width: Number(match[2]) } : null
}

/**
 * The srcset of a photo URL served from /photos/ (an upload or a seed photo, root-relative or absolute):
 * its WebP sizes; undefined for any other URL (another site's photo), which is shown as it is.
 */
export function srcsetOf(url: string): string | undefined {
  if (!/^(?:https?:\/\/[^/?#]+)?\/photos\/[^?#]+\.(?:jpg|png|webp|gif)$/i.test(url) || sizeOf(url)) return undefined
  return PHOTO_WIDTHS.map((width) => `${sizeKey(url, width)} ${width}w`).join(', ')
}

/** An <img>'s src, srcSet and sizes for a photo shown `sizes` wide (a media-condition list, as in HTML). */
export function photoAttrs(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = srcsetOf(url)
  return srcSet ? { src: url, srcSet, sizes } : { src: url }
}
