// A photo made ready in the browser before it is uploaded (docs/decisions/045-photo-slots.md): the type
// is checked at once, the image is drawn upright (EXIF orientation) at most 2560 px on its long side and
// encoded again, which leaves EXIF (GPS positions included) behind; it must then fit the server's 5 MB.
// The decisions are pure functions (tested in test/unit/photo-resize.test.ts); preparePhoto draws.

import type { PhotoPath } from '../../../lib/realtors/types'
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES, type UploadType } from '../../../lib/uploads'

export const ACCEPTED_TYPES = Object.keys(UPLOAD_TYPES) as UploadType[]
/** The long side of a stored photo: sharp on a 4K screen's full width, a fraction of a phone original. */
export const MAX_EDGE = 2560
/** Bigger files are refused before decoding: no phone photo is near it, and decoding costs memory. */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024
/** Marks that may be transparent keep their PNG or WebP; every other photo becomes a JPEG. */
const MARK_PATHS: readonly PhotoPath[] = ['logo', 'logo2', 'favicon']

export type PrepareFailure = 'type' | 'tooBig' | 'unreadable'

/** Why a file is refused before anything is drawn or sent, or null when it may go on. */
export function precheck(file: { type: string; size: number }): PrepareFailure | null {
  if (!(ACCEPTED_TYPES as string[]).includes(file.type)) return 'type'
  // A GIF is sent as it is (drawing it would keep only its first frame), so it must fit already.
  if (file.type === 'image/gif' && file.size > MAX_UPLOAD_BYTES) return 'tooBig'
  return file.size > MAX_SOURCE_BYTES ? 'tooBig' : null
}

/** The size to draw at: scaled down so the long side is at most `max`, never up. */
export function fitWithin(width: number, height: number, max = MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export interface Encoding {
  type: UploadType
  quality?: number
}

/**
 * The encodings to try in order until one fits the limit; empty for a file sent unchanged (GIF).
 * Photos: JPEG at falling quality. Marks: their own type (a PNG may fall back to WebP, still transparent).
 */
export function encodingsFor(type: UploadType, path: PhotoPath): Encoding[] {
  if (type === 'image/gif') return []
  const lossy = (as: UploadType) => [0.88, 0.8, 0.7, 0.6].map((quality) => ({ type: as, quality }))
  if (!MARK_PATHS.includes(path) || type === 'image/jpeg') return lossy('image/jpeg')
  return type === 'image/png' ? [{ type: 'image/png' }, ...lossy('image/webp')] : lossy('image/webp')
}

export type Prepared = { ok: true; blob: Blob; type: UploadType } | { ok: false; reason: PrepareFailure }

const toBlob = (canvas: HTMLCanvasElement, { type, quality }: Encoding) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))

/** The file to upload for `path`: checked, upright, downscaled and re-encoded, or why not. */
export async function preparePhoto(file: File, path: PhotoPath): Promise<Prepared> {
  const refused = precheck(file)
  if (refused) return { ok: false, reason: refused }
  const encodings = encodingsFor(file.type as UploadType, path)
  if (encodings.length === 0) return { ok: true, blob: file, type: file.type as UploadType }
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height)
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return { ok: false, reason: 'unreadable' }
  if (encodings[0]!.type === 'image/jpeg') {
    // JPEG has no transparency: a transparent PNG turns white, not black.
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
  }
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  for (const encoding of encodings) {
    const blob = await toBlob(canvas, encoding)
    // A browser that cannot write the type answers PNG instead: that one is not used.
    if (blob && blob.type === encoding.type && blob.size <= MAX_UPLOAD_BYTES)
      return { ok: true, blob, type: encoding.type }
  }
  return { ok: false, reason: 'tooBig' }
}
