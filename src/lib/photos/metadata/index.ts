// Metadata out of every uploaded image (issue 29, finding 6; docs/decisions/084): Exif (GPS, camera,
// Artist), XMP, IPTC, comments and text chunks never reach the bucket, whatever the client did. What a
// browser draws with stays, the orientation included. Hand-written walkers of each format's structure,
// bounds-checked, each step moving forward: a file they cannot walk is refused, never stored as it came.
import { joinChunks } from '../../bytes'
import type { UploadType } from '../../uploads'
import { stripGif } from './gif'
import { stripJpeg } from './jpeg'
import { stripPng } from './png'
import { stripWebp } from './webp'

const STRIPPERS: Record<UploadType, (bytes: Uint8Array) => Uint8Array[] | null> = {
  'image/jpeg': stripJpeg,
  'image/png': stripPng,
  'image/webp': stripWebp,
  'image/gif': stripGif,
}

/**
 * The image without its metadata, never longer than it came; null when `bytes` are no whole image of
 * `type` (truncated, or a structure that does not hold together).
 */
export function stripMetadata(bytes: Uint8Array, type: UploadType): Uint8Array<ArrayBuffer> | null {
  const parts = STRIPPERS[type](bytes)
  if (parts === null) return null
  return joinChunks(
    parts,
    parts.reduce((size, part) => size + part.length, 0),
  )
}
