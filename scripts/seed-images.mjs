// Generated demo photos for the seeded realtors: small flat illustrations (logo marks, portraits,
// houses, banners) painted per pixel and encoded as PNG with node:zlib. Deterministic per file name
// and brand colour, so reseeding gives the same bytes.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** Encodes an RGB image whose pixels come from `paint(x, y) → [r, g, b]`. */
export function png(width, height, paint) {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  let i = 0
  for (let y = 0; y < height; y++) {
    raw[i++] = 0
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y)
      raw[i++] = r
      raw[i++] = g
      raw[i++] = b
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const hex = (color) => [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
export function mix(a, b, t) {
  const k = Math.min(1, Math.max(0, t))
  return [
    Math.round(a[0] + (b[0] - a[0]) * k),
    Math.round(a[1] + (b[1] - a[1]) * k),
    Math.round(a[2] + (b[2] - a[2]) * k),
  ]
}
export const WHITE = [255, 255, 255]
export const INK = [28, 32, 40]

export function hash(text) {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return h >>> 0
}

/** A house mark (roof and body with a door) centred in a box of size s at (cx, cy). */
function inHouse(x, y, cx, cy, s) {
  const top = cy - s * 0.42
  const eave = cy - s * 0.02
  const half = s * 0.46
  const roof = y >= top && y <= eave && Math.abs(x - cx) <= ((y - top) / (eave - top)) * half
  const body = y > eave && y <= cy + s * 0.4 && Math.abs(x - cx) <= s * 0.32
  const door = y > cy + s * 0.12 && y <= cy + s * 0.4 && Math.abs(x - cx) <= s * 0.08
  return (roof || body) && !door
}

function logo(brand, inverted) {
  const size = 256
  return png(size, size, (x, y) => {
    const dx = Math.max(Math.abs(x - 128) - 88, 0)
    const dy = Math.max(Math.abs(y - 128) - 88, 0)
    const inTile = dx * dx + dy * dy <= 36 * 36
    const mark = inHouse(x, y, 128, 134, 132)
    if (inverted) return mark ? brand : inTile ? mix(brand, WHITE, 0.88) : WHITE
    return inTile ? (mark ? WHITE : mix(brand, INK, (y / size) * 0.35)) : WHITE
  })
}

function favicon(brand) {
  return png(64, 64, (x, y) => (inHouse(x, y, 32, 34, 40) ? WHITE : brand))
}

function portrait(brand, seed, alt) {
  const w = 480
  const h = 600
  const skin = [
    [241, 206, 178],
    [224, 184, 150],
    [198, 152, 118],
  ][seed % 3]
  const hair = [
    [34, 28, 26],
    [58, 42, 34],
    [20, 20, 24],
  ][(seed >>> 3) % 3]
  const jacket = alt ? mix(brand, WHITE, 0.25) : mix(brand, INK, 0.35)
  const bgTop = alt ? mix(brand, WHITE, 0.8) : mix(brand, WHITE, 0.55)
  return png(w, h, (x, y) => {
    const face = ((x - 240) / 86) ** 2 + ((y - 262) / 104) ** 2 <= 1
    const hairline = y < 214 - Math.abs(x - 240) * 0.25 || Math.abs(x - 240) > 78
    const hairShape = ((x - 240) / 104) ** 2 + ((y - 240) / 122) ** 2 <= 1 && y < 300
    const neck = Math.abs(x - 240) < 38 && y > 340 && y < 410
    const shoulders = ((x - 240) / 215) ** 2 + ((y - 600) / 210) ** 2 <= 1
    const collar = shoulders && Math.abs(x - 240) < 56 - (y - 400) * 0.35 && y < 520
    if (hairShape && (hairline || !face)) return hair
    if (face) return skin
    if (collar) return WHITE
    if (shoulders) return mix(jacket, INK, (y - 400) / 600)
    if (neck) return mix(skin, INK, 0.1)
    return mix(bgTop, WHITE, y / h / 1.5)
  })
}

/** A house in a landscape, with sky, lawn, windows, a door and a tree: its pixels, `(x, y) → [r, g, b]`. */
export function housePainter(brand, seed, w, h) {
  const dusk = seed % 3 === 0
  const skyTop = dusk ? [247, 178, 120] : [126, 178, 224]
  const skyBottom = dusk ? [253, 226, 186] : [214, 233, 247]
  const wall = [
    [238, 232, 220],
    [214, 222, 228],
    [246, 240, 230],
    [226, 214, 200],
  ][seed % 4]
  const roof = mix(brand, INK, 0.45)
  const horizon = h * 0.68
  const hx = w * (0.42 + ((seed >>> 2) % 5) * 0.03)
  const hw = w * 0.28
  const top = h * 0.3
  const eave = h * 0.46
  const treeX = hx + hw * (seed % 2 ? 1.45 : -1.45)
  return (x, y) => {
    const roofHalf = hw * 1.12 * ((y - top) / (eave - top))
    if (y >= top && y <= eave && Math.abs(x - hx) <= roofHalf) return mix(roof, INK, (y - top) / (h * 0.6))
    if (y > eave && y <= horizon + h * 0.04 && Math.abs(x - hx) <= hw) {
      const door = Math.abs(x - hx) < w * 0.025 && y > horizon - h * 0.12
      const row = y > eave + h * 0.05 && y < eave + h * 0.13
      const column = Math.abs(Math.abs(x - hx) - hw * 0.55) < w * 0.035
      if (door) return mix(brand, INK, 0.2)
      if (row && column) return dusk ? [255, 214, 140] : [170, 196, 214]
      return wall
    }
    const trunk = Math.abs(x - treeX) < w * 0.008 && y > horizon - h * 0.1 && y < horizon + h * 0.03
    const crown = ((x - treeX) / (w * 0.07)) ** 2 + ((y - (horizon - h * 0.17)) / (h * 0.13)) ** 2 <= 1
    if (crown) return mix([70, 122, 76], INK, 0.15 + ((x + y) % 7) * 0.01)
    if (trunk) return [92, 70, 52]
    if (y > horizon) {
      const path = Math.abs(x - hx) < w * 0.03 + (y - horizon) * 0.25
      return path ? [214, 206, 190] : mix([128, 170, 96], [88, 134, 70], (y - horizon) / (h - horizon))
    }
    return mix(skyTop, skyBottom, y / horizon)
  }
}

/** A wide brand banner with a row of house silhouettes: the homepage top image and the og:image. */
function banner(brand, w, h) {
  const dark = mix(brand, INK, 0.55)
  const houses = [0.12, 0.3, 0.5, 0.7, 0.88]
  return png(w, h, (x, y) => {
    for (const [i, at] of houses.entries()) {
      const s = h * (0.36 + (i % 2) * 0.12)
      if (inHouse(x, y, w * at, h - s * 0.4, s)) return mix(dark, INK, 0.2)
    }
    return mix(mix(brand, WHITE, 0.15), dark, (x / w) * 0.6 + (y / h) * 0.4)
  })
}

/** The PNG of a seed photo, from its file name (`logo`, `id2`, `gallery-3`, …) and the brand colour. */
export function seedImage(file, brandColor, realtorKey) {
  const brand = hex(brandColor)
  const seed = hash(`${realtorKey}/${file}`)
  if (file === 'logo') return logo(brand, false)
  if (file === 'logo2') return logo(brand, true)
  if (file === 'favicon') return favicon(brand)
  if (file === 'id' || file === 'id2') return portrait(brand, hash(realtorKey), file === 'id2')
  if (file === 'top') return banner(brand, 1200, 420)
  if (file === 'og-image') return banner(brand, 600, 315)
  return png(800, 533, housePainter(brand, seed, 800, 533))
}
