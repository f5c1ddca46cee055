// A PNG without its metadata: the chunks that decide how it looks are copied (critical chunks, transparency,
// colour, density, animation), text, time, Exif and any private chunk are dropped, and with them whatever
// follows IEND. An eXIf with an orientation becomes one holding only it (docs/decisions/084).
import { ascii, orientationOf, orientationTiff } from './exif'

const SIGNATURE_LENGTH = 8
/** Chunks a browser draws with; ancillary ones that carry text (tEXt, zTXt, iTXt, sPLT's name) are not among them. */
const DRAWN = new Set([
  ...['IHDR', 'PLTE', 'IDAT', 'IEND'],
  ...['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'cICP', 'mDCV', 'cLLI', 'bKGD', 'pHYs'],
  ...['acTL', 'fcTL', 'fdAT'],
])

let crcTable: Uint32Array | undefined
/** CRC-32 of a chunk's type and data, as PNG computes it (ISO 3309). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  const table = crcTable
  let crc = 0xffffffff
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** An eXIf chunk holding only the orientation. */
function orientationChunk(orientation: number): Uint8Array {
  const tiff = orientationTiff(orientation)
  const chunk = new Uint8Array(12 + tiff.length)
  const view = new DataView(chunk.buffer)
  view.setUint32(0, tiff.length)
  chunk.set(ascii('eXIf'), 4)
  chunk.set(tiff, 8)
  view.setUint32(8 + tiff.length, crc32(chunk.subarray(4, 8 + tiff.length)))
  return chunk
}

/**
 * The parts of a PNG without metadata, in order; null when it is no whole PNG (IHDR not first, no IDAT,
 * no IEND, a chunk running past the file, a kept chunk whose CRC is wrong, an unknown critical chunk no
 * browser would draw).
 */
export function stripPng(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const kept: Uint8Array[] = [bytes.subarray(0, SIGNATURE_LENGTH)]
  let data = false
  let exifSeen = false
  let at = SIGNATURE_LENGTH
  for (;;) {
    if (at + 12 > bytes.length) return null
    const length = view.getUint32(at)
    if (length > 0x7fffffff || at + 12 + length > bytes.length) return null
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (!/^[A-Za-z]{4}$/.test(type) || (kept.length === 1) !== (type === 'IHDR')) return null
    const end = at + 12 + length
    if (type === 'eXIf') {
      const orientation = exifSeen ? null : orientationOf(bytes.subarray(at + 8, at + 8 + length))
      if (orientation !== null) kept.push(orientationChunk(orientation))
      exifSeen = true
    } else if (DRAWN.has(type)) {
      // A kept chunk's CRC must hold: a damaged length that made it run over a text chunk would not.
      if (crc32(bytes.subarray(at + 4, end - 4)) !== view.getUint32(end - 4)) return null
      kept.push(bytes.subarray(at, end))
    } else if (type[0]! < 'a') return null // critical (upper-case first letter) and unknown
    if (type === 'IDAT') data = true
    at = end
    if (type === 'IEND') return data ? kept : null
  }
}
