// A JPEG without its metadata: the segments a decoder needs are copied, APPn (Exif, XMP, IPTC, MPF, JUMBF…)
// and COM segments are dropped, and with them whatever follows the end of the image (docs/decisions/084).
import { ascii, EXIF_HEADER, orientationOf, orientationTiff, startsWith } from './exif'

const JFIF = ascii('JFIF\0')
const ICC_PROFILE = ascii('ICC_PROFILE\0')
const ADOBE = ascii('Adobe')

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const COM = 0xfe
const APP0 = 0xe0
const APP1 = 0xe1
const APP2 = 0xe2
const APP14 = 0xee
/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7
const isApp = (marker: number) => marker >= APP0 && marker <= 0xef
const DHT = 0xc4
const DAC = 0xcc
const DNL = 0xdc
const DQT = 0xdb
const DRI = 0xdd
const EXP = 0xdf

/** Whether a run of tables fills `body` exactly: each a class/id byte `id` accepts and `size(at)` bytes long. */
function tables(body: Uint8Array, id: (byte: number) => boolean, size: (at: number) => number): boolean {
  let at = 0
  while (at < body.length) {
    if (!id(body[at]!)) return false
    at += size(at)
  }
  return at === body.length && body.length > 0
}

/**
 * Whether a segment a decoder reads is what its own fields say it is, to the byte; markers with no place
 * in a baseline, progressive or lossless JPEG (JPG, JPGn, reserved) are not. An APPn renamed by a damaged
 * byte then never passes as frame or table data and is stored with it.
 */
function wellFormed(marker: number, body: Uint8Array): boolean {
  if (isFrame(marker)) return body.length === 6 + 3 * (body[5] ?? 0)
  if (marker === SOS) return body.length === 4 + 2 * (body[0] ?? 0)
  if (marker === DQT)
    return tables(
      body,
      (b) => b >> 4 <= 1 && (b & 15) <= 3,
      (at) => 1 + 64 * ((body[at]! >> 4) + 1),
    )
  if (marker === DHT) {
    const counts = (at: number) => body.subarray(at + 1, at + 17).reduce((sum, n) => sum + n, 0)
    return tables(
      body,
      (b) => b >> 4 <= 1 && (b & 15) <= 3,
      (at) => 17 + counts(at),
    )
  }
  if (marker === DRI || marker === DNL) return body.length === 2
  if (marker === DAC) return body.length > 0 && body.length % 2 === 0
  if (marker === EXP) return body.length === 1
  return false
}

/** Which APPn segments stay: JFIF (rewritten, see below), the ICC colour profile and Adobe's colour transform (12 bytes). */
function keepsApp(marker: number, body: Uint8Array): boolean {
  return (
    (marker === APP2 && startsWith(body, ICC_PROFILE)) ||
    (marker === APP14 && startsWith(body, ADOBE) && body.length === 12)
  )
}

/** JFIF's APP0 without its thumbnail (a picture of its own): version, units and densities, 0×0 thumbnail. */
function jfifWithoutThumbnail(body: Uint8Array): Uint8Array {
  const segment = new Uint8Array(18)
  segment.set([0xff, APP0, 0, 16])
  segment.set(body.subarray(0, 12), 4)
  return segment
}

/** An APP1 Exif segment holding only the orientation. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = orientationTiff(orientation)
  const length = 2 + EXIF_HEADER.length + tiff.length
  return Uint8Array.of(0xff, APP1, length >> 8, length & 0xff, ...EXIF_HEADER, ...tiff)
}

/**
 * The parts of a JPEG without metadata, in order; null when it is no whole JPEG (no frame or scan before
 * the end of image, a segment or scan that runs past the file). Every step moves forward.
 */
export function stripJpeg(bytes: Uint8Array): Uint8Array[] | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null
  const kept: Uint8Array[] = [bytes.subarray(0, 2)]
  let exifSeen = false
  let orientation: number | null = null
  /** Where the orientation segment goes: after SOI and JFIF's APP0, where Exif's APP1 belongs. */
  let exifAt = 1
  let frame = false
  let scanned = false
  let at = 2
  for (;;) {
    if (bytes[at] !== 0xff) return null
    while (bytes[at] === 0xff) at++ // fill bytes
    if (at >= bytes.length) return null
    const marker = bytes[at]!
    const start = at - 1
    at++
    if (marker === EOI) {
      if (!scanned) return null
      kept.push(bytes.subarray(start, at))
      break
    }
    if (marker === SOI || marker === 0 || marker === 0x01 || isRestart(marker)) return null
    if (at + 2 > bytes.length) return null
    const length = (bytes[at]! << 8) | bytes[at + 1]!
    if (length < 2 || at + length > bytes.length) return null
    const body = bytes.subarray(at + 2, at + length)
    at += length
    if (marker === SOS) {
      if (!frame || !wellFormed(marker, body)) return null
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      for (;;) {
        at = bytes.indexOf(0xff, at)
        if (at === -1 || at + 1 >= bytes.length) return null
        const next = bytes[at + 1]!
        if (next === 0 || isRestart(next)) at += 2
        else if (next === 0xff) at += 1
        else break
      }
      kept.push(bytes.subarray(start, at))
      scanned = true
    } else if (marker === APP0 && startsWith(body, JFIF) && body.length >= 14) {
      kept.push(jfifWithoutThumbnail(body))
      exifAt = kept.length
    } else if (marker === APP1 && startsWith(body, EXIF_HEADER)) {
      if (!exifSeen) orientation = orientationOf(body.subarray(EXIF_HEADER.length))
      exifSeen = true
    } else if (isApp(marker) || marker === COM) {
      if (keepsApp(marker, body)) kept.push(bytes.subarray(start, at))
    } else {
      if (!wellFormed(marker, body)) return null
      if (isFrame(marker)) frame = true
      kept.push(bytes.subarray(start, at))
    }
  }
  if (orientation !== null) kept.splice(exifAt, 0, orientationSegment(orientation))
  return kept
}
