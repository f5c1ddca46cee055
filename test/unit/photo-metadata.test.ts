import { describe, expect, it } from 'vitest'
import { ascii, orientationTiff } from '../../src/lib/photos/metadata/exif'
import { stripMetadata } from '../../src/lib/photos/metadata/index'
import { crc32 } from '../../src/lib/photos/metadata/png'
import type { UploadType } from '../../src/lib/uploads'
import { CLEAN, SECRETS, WITH_METADATA } from '../fixtures/images'

// Metadata out of every uploaded image (issue 29, finding 6; docs/decisions/084), on real files exiftool
// wrote GPS, camera, Artist, XMP, IPTC and comments into (test/fixtures/images.ts).
const TYPES = Object.keys(CLEAN) as UploadType[]
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)
const join = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((part) => [...part]))
/** Four bytes of a 32-bit number, little-endian. */
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
const strip = (type: UploadType, bytes: Uint8Array) => stripMetadata(bytes, type)

/** A JPEG segment: marker, big-endian length, body. */
const segment = (marker: number, body: Uint8Array | number[]) => {
  const length = body.length + 2
  return join([0xff, marker, length >> 8, length & 0xff], body)
}
/** An Exif APP1 with the given TIFF structure. */
const exifApp1 = (tiff: Uint8Array | number[]) => segment(0xe1, join(ascii('Exif\0\0'), tiff))
/** A little-endian TIFF whose IFD0 holds Artist ("Jane Photographer", at 26) and Orientation. */
const littleEndianTiff = (orientation: number) =>
  join(
    ascii('II*\0'),
    [8, 0, 0, 0, 2, 0],
    [0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0],
    [0x3b, 0x01, 2, 0, 18, 0, 0, 0, 38, 0, 0, 0],
    [0, 0, 0, 0],
    ascii('Jane Photographer\0'),
  )
/** The clean JPEG with `segments` after its SOI and JFIF APP0 (SOI 2 bytes, APP0 18). */
const jpegWith = (...segments: Uint8Array[]) =>
  join(CLEAN['image/jpeg'].subarray(0, 20), ...segments, CLEAN['image/jpeg'].subarray(20))
/** A PNG chunk with its CRC. */
const pngChunk = (type: string, data: Uint8Array | number[]) => {
  const body = join(ascii(type), data)
  const crc = crc32(body)
  return join([0, 0, data.length >> 8, data.length & 0xff], body, [
    crc >>> 24,
    (crc >> 16) & 0xff,
    (crc >> 8) & 0xff,
    crc & 0xff,
  ])
}
/** The clean PNG (signature 8, IHDR 25) with `chunks` after its IHDR. */
const pngWith = (...chunks: Uint8Array[]) =>
  join(CLEAN['image/png'].subarray(0, 33), ...chunks, CLEAN['image/png'].subarray(33))

describe('stripMetadata: what is taken out', () => {
  it.each(TYPES)('keeps none of the GPS, camera, Artist, XMP, IPTC or comment of a %s', (type) => {
    const input = WITH_METADATA[type]
    // The fixture carries what its header says (the GIF has fewest: XMP and a comment).
    expect(SECRETS.filter((secret) => text(input).includes(secret)).length).toBeGreaterThanOrEqual(3)
    const output = strip(type, input)!
    expect(output).not.toBeNull()
    for (const secret of SECRETS) expect(text(output), secret).not.toContain(secret)
    expect(output.length).toBeLessThan(input.length)
  })

  it('a JPEG keeps its image data byte for byte, its ICC profile, and an Exif of the orientation alone', () => {
    const output = strip('image/jpeg', WITH_METADATA['image/jpeg'])!
    const clean = CLEAN['image/jpeg']
    // SOI and JFIF, then Exif holding only Orientation 6 (big-endian, one entry, no next IFD)…
    expect(output.subarray(0, 20)).toEqual(clean.subarray(0, 20))
    expect(output.subarray(20, 56)).toEqual(exifApp1(orientationTiff(6)))
    expect([...orientationTiff(6)]).toEqual([
      77, 77, 0, 42, 0, 0, 0, 8, 0, 1, 1, 18, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
    ])
    // …the colour profile, then the tables and scan of the clean file, unchanged.
    expect(text(output.subarray(56, 56 + 18))).toContain('ICC_PROFILE\0')
    expect(text(output)).toContain('Artifex Software A98')
    expect(output.subarray(output.length - (clean.length - 20))).toEqual(clean.subarray(20))
    // One image in the file: Exif's thumbnail (a second JPEG) is gone.
    expect(text(output).split('\xff\xd8').length).toBe(2)
  })

  it('a PNG is the clean PNG with an eXIf of the orientation alone', () => {
    const output = strip('image/png', WITH_METADATA['image/png'])!
    const exif = pngChunk('eXIf', orientationTiff(6))
    const at = text(output).indexOf('eXIf') - 4
    expect(output.subarray(at, at + exif.length)).toEqual(exif)
    expect(join(output.subarray(0, at), output.subarray(at + exif.length))).toEqual(CLEAN['image/png'])
  })

  it('a WebP keeps its VP8 data, VP8X says EXIF and no XMP, EXIF holds the orientation alone, RIFF counts it', () => {
    const output = strip('image/webp', WITH_METADATA['image/webp'])!
    const view = new DataView(output.buffer)
    expect(text(output.subarray(0, 16))).toBe('RIFF\0\0\0\0WEBPVP8X'.replace('\0\0\0\0', text(output.subarray(4, 8))))
    expect(view.getUint32(4, true)).toBe(output.length - 8)
    expect(output[20]).toBe(0x08)
    const vp8 = CLEAN['image/webp'].subarray(12)
    expect(output.subarray(30, 30 + vp8.length)).toEqual(vp8)
    expect(output.subarray(30 + vp8.length)).toEqual(join(ascii('EXIF'), [26, 0, 0, 0], orientationTiff(6)))
  })

  it('a GIF is the clean GIF: both frames, their timing and the loop, without comment or XMP', () => {
    expect(strip('image/gif', WITH_METADATA['image/gif'])).toEqual(CLEAN['image/gif'])
  })

  it.each(TYPES)('leaves a %s without metadata as it is', (type) => {
    expect(strip(type, CLEAN[type])).toEqual(CLEAN[type])
  })

  it('drops what follows the end of a JPEG, PNG or GIF, and what follows RIFF in a WebP', () => {
    const trailer = ascii('GPS 33.749N 84.388W Jane Photographer')
    for (const type of TYPES) expect(strip(type, join(CLEAN[type], trailer)), type).toEqual(CLEAN[type])
  })
})

describe('stripMetadata: orientation', () => {
  it('reads a little-endian Exif and writes the orientation back big-endian, without the Artist', () => {
    const output = strip('image/jpeg', jpegWith(exifApp1(littleEndianTiff(8))))!
    expect(output).toEqual(jpegWith(exifApp1(orientationTiff(8))))
  })

  it('writes no Exif for an upright photo (1), a value out of range, or an Exif that does not hold together', () => {
    const tiff = littleEndianTiff(1)
    const broken = [
      littleEndianTiff(1),
      littleEndianTiff(9),
      littleEndianTiff(0),
      tiff.subarray(0, 20), // entries cut short
      join([0x49, 0x49, 43, 0], tiff.subarray(4)), // not TIFF's 42
      join(tiff.subarray(0, 4), [200, 0, 0, 0], tiff.subarray(8)), // IFD0 past the end
    ]
    for (const exif of broken) expect(strip('image/jpeg', jpegWith(exifApp1(exif)))).toEqual(CLEAN['image/jpeg'])
  })

  it('takes the first Exif of a JPEG, and drops XMP, extended XMP, IPTC, MPF, JUMBF and comments around it', () => {
    const output = strip(
      'image/jpeg',
      jpegWith(
        exifApp1(littleEndianTiff(3)),
        exifApp1(littleEndianTiff(5)),
        segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Jane Photographer</x:xmpmeta>')),
        segment(0xe1, ascii('http://ns.adobe.com/xmp/extension/\0<rdf:RDF>GPSLatitude</rdf:RDF>')),
        segment(0xed, ascii('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x14\x1c\x02\x50\0\x11Jane Photographer')),
        segment(0xe2, ascii('MPF\0Jane Photographer')),
        segment(0xeb, ascii('JP\0\0jumbc2pa Jane Photographer')),
        segment(0xfe, ascii('Taken at 123 Main St')),
        segment(0xee, ascii('Adobe\0\x64\0\0\0\0\x01')),
      ),
    )!
    expect(output).toEqual(jpegWith(exifApp1(orientationTiff(3)), segment(0xee, ascii('Adobe\0\x64\0\0\0\0\x01'))))
  })

  it('keeps the orientation of a PNG eXIf and a WebP EXIF written with the "Exif\\0\\0" prefix', () => {
    const png = strip('image/png', pngWith(pngChunk('eXIf', littleEndianTiff(7))))!
    expect(png).toEqual(pngWith(pngChunk('eXIf', orientationTiff(7))))
    const webp = WITH_METADATA['image/webp']
    const at = text(webp).indexOf('EXIF')
    const size = new DataView(webp.buffer).getUint32(at + 4, true)
    const prefixed = join(ascii('EXIF'), le32(size + 6), ascii('Exif\0\0'), webp.subarray(at + 8))
    const riff = join(ascii('RIFF'), [0, 0, 0, 0], webp.subarray(8, at), prefixed)
    new DataView(riff.buffer).setUint32(4, riff.length - 8, true)
    expect(strip('image/webp', riff)).toEqual(strip('image/webp', webp))
  })
})

describe('stripMetadata: PNG chunks', () => {
  it('drops text, time, Exif without orientation and private chunks; keeps the chunks that change the picture', () => {
    const kept = [pngChunk('gAMA', [0, 0, 0xb1, 0x8f]), pngChunk('pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])]
    const input = pngWith(
      kept[0]!,
      pngChunk('tEXt', ascii('Author\0Jane Photographer')),
      pngChunk('zTXt', ascii('Comment\0\0x\x9c')),
      pngChunk('iTXt', ascii('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>')),
      pngChunk('tIME', [0x07, 0xea, 11, 27, 10, 0, 0]),
      pngChunk('eXIf', littleEndianTiff(1)),
      pngChunk('prVt', ascii('Jane Photographer')),
      kept[1]!,
    )
    expect(strip('image/png', input)).toEqual(pngWith(...kept))
  })
})

describe('stripMetadata: files that are no whole image are refused', () => {
  it.each(TYPES)('every prefix of a %s, with or without metadata, is refused', (type) => {
    for (const image of [CLEAN[type], WITH_METADATA[type]])
      for (let length = 0; length < image.length; length++) {
        expect(strip(type, image.subarray(0, length)), `${length} of ${image.length} bytes`).toBeNull()
      }
  })

  it('refuses broken JPEG structure', () => {
    const jpeg = CLEAN['image/jpeg']
    const cases = {
      'no SOI': jpeg.subarray(2),
      'segment length 0': jpegWith(join([0xff, 0xe3, 0, 0])),
      'segment length 1': jpegWith(join([0xff, 0xe3, 0, 1])),
      'segment past the end': join(jpeg.subarray(0, 20), [0xff, 0xe3, 0xff, 0xff], jpeg.subarray(20)),
      'a scan before any frame': join(jpeg.subarray(0, 20), segment(0xda, [1, 1, 0, 0, 63, 0]), [0xff, 0xd9]),
      'a byte where a marker belongs': jpegWith(join([0x00, 0xff, 0xe3, 0, 2])),
      'a restart marker between segments': jpegWith(join([0xff, 0xd0])),
      'a second SOI': jpegWith(join([0xff, 0xd8])),
      'no EOI': jpeg.subarray(0, jpeg.length - 2),
      'EOI before any scan': join(jpeg.subarray(0, 20), [0xff, 0xd9]),
      'a DQT of another length than its tables': jpegWith(segment(0xdb, [0, ...new Array(63).fill(1)])),
      'a DHT whose counts run past it': jpegWith(segment(0xc4, [0, 200, ...new Array(15).fill(0)])),
      'a reserved marker (JPG0)': jpegWith(segment(0xf0, [1, 2])),
      'an APP1 whose Exif the marker byte turned into a frame': jpegWith(
        segment(0xc1, join(ascii('Exif\0\0'), littleEndianTiff(6))),
      ),
    }
    for (const [name, bytes] of Object.entries(cases)) expect(strip('image/jpeg', bytes), name).toBeNull()
  })

  it('accepts fill bytes before a marker', () => {
    const filled = join(CLEAN['image/jpeg'].subarray(0, 20), [0xff, 0xff, 0xff], CLEAN['image/jpeg'].subarray(20))
    expect(strip('image/jpeg', filled)).toEqual(CLEAN['image/jpeg'])
  })

  it('refuses broken PNG, WebP and GIF structure', () => {
    const png = CLEAN['image/png']
    const webp = CLEAN['image/webp']
    const gif = CLEAN['image/gif']
    const withRiffSize = (size: number) => join(webp.subarray(0, 4), le32(size), webp.subarray(8))
    const cases: [UploadType, string, Uint8Array][] = [
      ['image/png', 'a chunk length of 2^32 - 1', pngWith(join([0xff, 0xff, 0xff, 0xff], ascii('tEXt')))],
      ['image/png', 'IHDR not first', join(png.subarray(0, 8), pngChunk('gAMA', [0, 0, 0xb1, 0x8f]), png.subarray(8))],
      ['image/png', 'a second IHDR', pngWith(png.subarray(8, 33))],
      ['image/png', 'an unknown critical chunk', pngWith(pngChunk('SECR', ascii('Jane Photographer')))],
      ['image/png', 'a chunk type that is no letters', pngWith(pngChunk('t3Xt', ascii('x')))],
      ['image/png', 'no IDAT', join(png.subarray(0, 33), png.subarray(png.length - 12))],
      ['image/webp', 'RIFF past the file', withRiffSize(webp.length)],
      ['image/webp', 'RIFF too short for a chunk', withRiffSize(4)],
      ['image/webp', 'RIFF of 2^32 - 1', withRiffSize(0xffffffff)],
      [
        'image/webp',
        'no image chunk first',
        join(webp.subarray(0, 12), ascii('EXIF'), [0, 0, 0, 0], webp.subarray(12)),
      ],
      [
        'image/webp',
        'a VP8X shorter than 10 bytes',
        join(webp.subarray(0, 12), ascii('VP8X'), [2, 0, 0, 0, 0, 0], webp.subarray(12)),
      ],
      ['image/gif', 'a colour table past the file', join(gif.subarray(0, 10), [0xf7], gif.subarray(11, 13))],
      ['image/gif', 'no frame before the trailer', join(gif.subarray(0, 13 + 6), [0x3b])],
      ['image/gif', 'a byte that begins no block', join(gif.subarray(0, gif.length - 1), [0x00, 0x3b])],
    ]
    for (const [type, name, bytes] of cases) expect(strip(type, bytes), name).toBeNull()
  })
})
