// A GIF without its metadata: header, colour tables, frames, their graphic control (timing, transparency)
// and the looping extension are copied, each of its exact size; comments, plain text, XMP, ICC and other
// application extensions are dropped, and whatever follows the trailer (docs/decisions/084).

const EXTENSION = 0x21
const IMAGE = 0x2c
const TRAILER = 0x3b
const GRAPHIC_CONTROL = 0xf9
const APPLICATION = 0xff
/** The looping extension (Netscape's and its twin): 11 bytes of name, one sub-block of 3 bytes. */
const LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0'])
const LOOPING_SIZE = 19
/** Graphic control: one sub-block of 4 bytes. */
const GRAPHIC_CONTROL_SIZE = 8

/** The size of a colour table its packed flags announce. */
const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0)

/** The end of a run of data sub-blocks starting at `at` (after its zero-length terminator), or null past the file. */
function subBlocksEnd(bytes: Uint8Array, at: number): number | null {
  for (;;) {
    if (at >= bytes.length) return null
    const size = bytes[at]!
    at += 1 + size
    if (size === 0) return at
  }
}

/**
 * The parts of a GIF without metadata, in order; null when it is no whole GIF (no frame before the trailer,
 * a block running past the file, a byte that begins no block).
 */
export function stripGif(bytes: Uint8Array): Uint8Array[] | null {
  if (bytes.length < 13) return null
  let at = 13 + colourTable(bytes[10]!)
  if (at > bytes.length) return null
  const kept: Uint8Array[] = [bytes.subarray(0, at)]
  let frames = 0
  for (;;) {
    const start = at
    const block = bytes[at]
    if (block === TRAILER) {
      if (frames === 0) return null
      kept.push(bytes.subarray(at, at + 1))
      return kept
    }
    if (block === IMAGE) {
      if (at + 10 > bytes.length) return null
      at += 10 + colourTable(bytes[at + 9]!) + 1 // descriptor, local colour table, LZW minimum code size
      const end = subBlocksEnd(bytes, at)
      if (end === null) return null
      kept.push(bytes.subarray(start, end))
      frames++
      at = end
    } else if (block === EXTENSION && at + 2 <= bytes.length) {
      const label = bytes[at + 1]
      const end = subBlocksEnd(bytes, at + 2)
      if (end === null) return null
      // Kept only as the exact shape they have: a damaged size byte that made them run on would carry
      // whatever follows (an XMP packet is laid out to read as sub-blocks).
      const looping =
        label === APPLICATION &&
        end - start === LOOPING_SIZE &&
        bytes[at + 2] === 11 &&
        LOOPING.has(String.fromCharCode(...bytes.subarray(at + 3, at + 14)))
      if (looping || (label === GRAPHIC_CONTROL && end - start === GRAPHIC_CONTROL_SIZE))
        kept.push(bytes.subarray(start, end))
      at = end
    } else return null
  }
}
