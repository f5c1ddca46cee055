// Draws the builder's app icons (public/icons/*.png, docs/decisions/065-web-push.md): the logo's house
// (src/views/Layout.tsx, 32-unit grid) in white on the brand blue, as PNGs written with zlib alone. Run
// `node scripts/make-icons.mjs` after changing the logo; the PNGs are committed.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'

const BRAND = [0x1d, 0x4e, 0xd8]
const out = path.join(import.meta.dirname, '../public/icons')

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes) => {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC[(c ^ byte) & 255] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
function png(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The logo's house on its 32-unit grid (centred on y = 17.5): roof, walls, and the door cut out. */
function inHouse(x, y) {
  const roof = y >= 10 && y <= 17.5 && Math.abs(x - 16) <= ((y - 10) / 7.5) * 8
  const walls = x >= 8 && x <= 24 && y >= 17.5 && y <= 25
  const door = x >= 13.5 && x <= 18.5 && y >= 20 && y <= 25
  return (roof || walls) && !door
}

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 32 - radius)
  const cy = Math.min(Math.max(y, radius), 32 - radius)
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

/** `radius`: the background's corner (0: full bleed); `scale`: the house's size (a maskable icon's safe zone). */
function draw(size, { radius, scale }) {
  const rgba = new Uint8Array(size * size * 4)
  const samples = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0
      let house = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32
          const y = ((py + (sy + 0.5) / samples) / size) * 32
          if (!inRoundedSquare(x, y, radius)) continue
          background++
          if (inHouse(16 + (x - 16) / scale, 17.5 + (y - 16) / scale)) house++
        }
      }
      const total = samples * samples
      const white = house / Math.max(background, 1)
      const i = (py * size + px) * 4
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(BRAND[c] * (1 - white) + 255 * white)
      rgba[i + 3] = Math.round((background / total) * 255)
    }
  }
  return png(size, rgba)
}

const icons = {
  'icon-192.png': draw(192, { radius: 8, scale: 1.3 }),
  'icon-512.png': draw(512, { radius: 8, scale: 1.3 }),
  // Full bleed, the house within the central 80% a mask may keep.
  'maskable-512.png': draw(512, { radius: 0, scale: 1.1 }),
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon.png': draw(180, { radius: 0, scale: 1.3 }),
}
for (const [name, bytes] of Object.entries(icons)) writeFileSync(path.join(out, name), bytes)
console.log(`→ ${Object.keys(icons).join(', ')} in public/icons`)
