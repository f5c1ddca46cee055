// The one Exif field a stored photo keeps: its orientation, read from the TIFF structure Exif is and written
// back as the whole of a minimal one, so a browser still turns the photo upright (docs/decisions/084); and
// the byte helpers the format walkers share.

/** Tag 0x0112 of IFD0, type SHORT, count 1. */
const ORIENTATION_TAG = 0x0112
const SHORT = 3

/** The bytes of an ASCII text: a marker's name, a chunk's FourCC. */
export const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))

/** The text Exif starts with in a JPEG's APP1 (and, from some writers, in a WebP's EXIF chunk). */
export const EXIF_HEADER = ascii('Exif\0\0')

/** Whether `bytes` start with `prefix`. */
export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte)
}

/**
 * The orientation (2–8) IFD0 of a TIFF structure names, or null when it names none, the upright 1, or the
 * structure does not hold together (byte order, magic 42, the IFD with its next-IFD offset within bounds).
 */
export function orientationOf(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const order = view.getUint16(0)
  if (order !== 0x4949 && order !== 0x4d4d) return null
  const little = order === 0x4949
  if (view.getUint16(2, little) !== 42) return null
  const ifd = view.getUint32(4, little)
  if (ifd < 8 || ifd + 2 > tiff.length) return null
  const count = view.getUint16(ifd, little)
  if (ifd + 2 + count * 12 + 4 > tiff.length) return null
  for (let entry = ifd + 2; entry < ifd + 2 + count * 12; entry += 12) {
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue
    if (view.getUint16(entry + 2, little) !== SHORT || view.getUint32(entry + 4, little) !== 1) return null
    const value = view.getUint16(entry + 8, little)
    return value >= 2 && value <= 8 ? value : null
  }
  return null
}

/**
 * A TIFF structure holding only an orientation: big-endian header, IFD0 at 8 with its one entry (the
 * SHORT inline, padded to four bytes), no next IFD. 26 bytes, never more than the structure it replaces.
 */
export function orientationTiff(orientation: number): Uint8Array {
  return Uint8Array.of(
    ...[0x4d, 0x4d, 0, 42, 0, 0, 0, 8],
    ...[0, 1],
    ...[ORIENTATION_TAG >> 8, ORIENTATION_TAG & 0xff, 0, SHORT, 0, 0, 0, 1, 0, orientation, 0, 0],
    ...[0, 0, 0, 0],
  )
}
