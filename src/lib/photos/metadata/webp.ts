// A WebP without its metadata: the RIFF chunks of the image (VP8, VP8L, VP8X, ALPH, ANIM, ANMF) and its ICC
// profile are copied, EXIF, XMP and unknown chunks dropped, VP8X's flags and RIFF's size made to match. An
// EXIF chunk with an orientation becomes one holding only it (docs/decisions/084).
import { ascii, EXIF_HEADER, orientationOf, orientationTiff, startsWith } from './exif'

const KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'])
const IMAGE = new Set(['VP8 ', 'VP8L', 'VP8X'])
/** VP8X's flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const EXIF_FLAG = 0x08
const XMP_FLAG = 0x04

/** A chunk: its FourCC, size (little-endian) and data, padded to an even length. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1))
  out.set(ascii(type))
  new DataView(out.buffer).setUint32(4, data.length, true)
  out.set(data, 8)
  return out
}

/**
 * The parts of a WebP without metadata, in order; null when it is no whole WebP (RIFF's size past the
 * file, a chunk or its padding past RIFF's end, no image chunk first, a VP8X shorter than its 10 bytes).
 */
export function stripWebp(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 20) return null
  const end = 8 + view.getUint32(4, true)
  if (end > bytes.length || end < 20) return null
  const kept: Uint8Array[] = []
  let flags: number | null = null
  let exifSeen = false
  let orientation: number | null = null
  for (let at = 12; at < end; ) {
    if (at + 8 > end) return null
    const type = String.fromCharCode(...bytes.subarray(at, at + 4))
    const size = view.getUint32(at + 4, true)
    const next = at + 8 + size + (size & 1)
    if (next > end || (at === 12 && !IMAGE.has(type))) return null
    const data = bytes.subarray(at + 8, at + 8 + size)
    if (type === 'VP8X') {
      if (at !== 12 || size < 10) return null
      flags = data[0]! & ~(EXIF_FLAG | XMP_FLAG)
      kept.push(Uint8Array.from(bytes.subarray(at, next)))
    } else if (type === 'EXIF') {
      const tiff = startsWith(data, EXIF_HEADER) ? data.subarray(EXIF_HEADER.length) : data
      if (!exifSeen) orientation = orientationOf(tiff)
      exifSeen = true
    } else if (KEPT.has(type)) kept.push(bytes.subarray(at, next))
    at = next
  }
  // Only the extended format (VP8X) may carry EXIF; the simple one keeps no orientation.
  if (flags !== null) {
    if (orientation !== null) {
      flags |= EXIF_FLAG
      kept.push(chunk('EXIF', orientationTiff(orientation)))
    }
    kept[0]![8] = flags
  }
  const size = kept.reduce((sum, part) => sum + part.length, 4)
  const header = Uint8Array.of(...ascii('RIFF'), size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24)
  return [header, ascii('WEBP'), ...kept]
}
