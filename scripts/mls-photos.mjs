// The embedded MLS's photos (docs/decisions/095-embedded-mls.md): a few dozen generated pictures of homes —
// fronts, rooms, back yards — that every seeded listing's Media share in turns, kept in local R2 under
// `mls/seed/` at each width a listing photo is stored at, as replication stores a feed's photos. Painted per
// pixel like the realtors' demo photos (./seed-images.mjs): deterministic, no binary files in the repository.
import { hex, housePainter, INK, mix, png, WHITE } from './seed-images.mjs'

/** The widths each picture is stored at, narrowest first (a card takes 480, a home page's srcset both). */
export const MLS_PHOTO_WIDTHS = [480, 960]
/** Every picture is 3:2, the usual shape of a listing photo. */
const heightOf = (width) => Math.round((width * 2) / 3)

/** The kinds of picture, how many of each, and the ShortDescription (the alt text) a listing gives them. */
const KINDS = [
  { kind: 'front', count: 16, alt: 'Exterior' },
  { kind: 'living', count: 6, alt: 'Living room' },
  { kind: 'kitchen', count: 4, alt: 'Kitchen' },
  { kind: 'bedroom', count: 4, alt: 'Bedroom' },
  { kind: 'backyard', count: 4, alt: 'Backyard' },
]

/** The pictures, by name (`front-01`, `kitchen-03`, …). */
export const MLS_PHOTOS = KINDS.flatMap(({ kind, count, alt }) =>
  Array.from({ length: count }, (_, i) => ({ name: `${kind}-${String(i + 1).padStart(2, '0')}`, kind, alt, n: i })),
)

/** The R2 key of a picture at a width. */
export const mlsPhotoKey = (name, width) => `mls/seed/${name}-${width}.png`

/** A picture as a stored listing photo (src/lib/mls/record.ts's ListingPhoto): its sizes, narrowest first. */
export function mlsListingPhoto(photo) {
  const widest = MLS_PHOTO_WIDTHS.at(-1)
  return {
    sizes: MLS_PHOTO_WIDTHS.map((width) => ({ key: mlsPhotoKey(photo.name, width), width })),
    width: widest,
    height: heightOf(widest),
    alt: photo.alt,
  }
}

const ROOFS = ['#5b3a29', '#3f4a5a', '#7a4b3a', '#2f3b34', '#6b5d52', '#44546a', '#8a5a44', '#354052']
const WALLS = [
  [236, 230, 218],
  [222, 226, 222],
  [242, 236, 226],
  [214, 206, 196],
  [228, 222, 232],
  [236, 224, 206],
]
const ACCENTS = [
  [64, 92, 120],
  [148, 84, 64],
  [88, 112, 84],
  [120, 104, 140],
  [176, 140, 72],
  [72, 72, 80],
]
const inBox = (x, y, x0, y0, x1, y1) => x >= x0 && x < x1 && y >= y0 && y < y1

/** A window in a wall: a frame, a cross of mullions, sky and a garden outside. */
function windowPixel(x, y, [x0, y0, x1, y1], w) {
  if (!inBox(x, y, x0, y0, x1, y1)) return null
  const frame = w * 0.01
  const midX = (x0 + x1) / 2
  const midY = (y0 + y1) / 2
  if (x < x0 + frame || x >= x1 - frame || y < y0 + frame || y >= y1 - frame) return WHITE
  if (Math.abs(x - midX) < frame / 2 || Math.abs(y - midY) < frame / 2) return WHITE
  const t = (y - y0) / (y1 - y0)
  if (t > 0.7 + 0.08 * Math.sin(x / (w * 0.03))) return [96, 142, 88]
  return mix([150, 196, 232], [222, 238, 248], t)
}

/** Wood floor boards under `horizon`, a wall above with a baseboard. */
function roomBase(x, y, w, h, horizon, wall) {
  if (y >= horizon) {
    const board = Math.floor(x / (w * 0.09) + (y - horizon) / (h * 0.08)) % 3
    return mix([176, 132, 92], INK, 0.06 + board * 0.05 + ((y - horizon) / h) * 0.2)
  }
  if (y > horizon - h * 0.02) return WHITE
  return mix(wall, INK, (y / h) * 0.12)
}

function living(seed, w, h) {
  const wall = WALLS[seed % WALLS.length]
  const sofa = ACCENTS[(seed + 1) % ACCENTS.length]
  const rug = mix(ACCENTS[(seed + 3) % ACCENTS.length], WHITE, 0.55)
  const win = [w * 0.6, h * 0.14, w * 0.88, h * 0.56]
  return (x, y) => {
    const pane = windowPixel(x, y, win, w)
    if (pane) return pane
    if (inBox(x, y, w * 0.2, h * 0.18, w * 0.4, h * 0.36)) {
      const inner = inBox(x, y, w * 0.21, h * 0.195, w * 0.39, h * 0.345)
      return inner ? mix(sofa, WHITE, 0.5 + 0.3 * Math.sin((x + y) / (w * 0.05))) : [60, 48, 40]
    }
    if (inBox(x, y, w * 0.1, h * 0.46, w * 0.5, h * 0.6)) return mix(sofa, INK, 0.1)
    if (inBox(x, y, w * 0.08, h * 0.56, w * 0.52, h * 0.76)) return mix(sofa, INK, y > h * 0.66 ? 0.25 : 0)
    if (inBox(x, y, w * 0.055, h * 0.2, w * 0.06, h * 0.74)) return INK
    if (y > h * 0.18 && y < h * 0.28 && Math.abs(x - w * 0.058) < w * 0.02 + (y - h * 0.18) * 0.25)
      return [246, 232, 200]
    if (((x - w * 0.4) / (w * 0.3)) ** 2 + ((y - h * 0.86) / (h * 0.07)) ** 2 <= 1) return rug
    return roomBase(x, y, w, h, h * 0.74, wall)
  }
}

function kitchen(seed, w, h) {
  const wall = WALLS[(seed + 2) % WALLS.length]
  const cabinet = seed % 2 ? [244, 244, 240] : mix(ACCENTS[seed % ACCENTS.length], WHITE, 0.2)
  const stone = [226, 224, 218]
  const win = [w * 0.66, h * 0.12, w * 0.9, h * 0.46]
  return (x, y) => {
    const door = Math.abs((x % (w * 0.11)) - w * 0.055) > w * 0.052
    if (inBox(x, y, 0, h * 0.1, w * 0.45, h * 0.38)) return door ? mix(cabinet, INK, 0.25) : cabinet
    const pane = windowPixel(x, y, win, w)
    if (pane) return pane
    for (const at of [0.5, 0.6]) {
      if (Math.abs(x - w * at) < w * 0.002 && y < h * 0.4) return INK
      if (((x - w * at) / (w * 0.03)) ** 2 + ((y - h * 0.43) / (h * 0.03)) ** 2 <= 1) return [250, 220, 150]
    }
    if (inBox(x, y, w * 0.3, h * 0.68, w * 0.78, h * 0.72)) return stone
    if (inBox(x, y, w * 0.31, h * 0.72, w * 0.77, h * 0.94)) return mix(cabinet, INK, 0.35)
    if (inBox(x, y, 0, h * 0.5, w, h * 0.53)) return stone
    if (inBox(x, y, 0, h * 0.53, w, h * 0.76)) return door ? mix(cabinet, INK, 0.25) : cabinet
    return roomBase(x, y, w, h, h * 0.76, wall)
  }
}

function bedroom(seed, w, h) {
  const wall = WALLS[(seed + 4) % WALLS.length]
  const blanket = mix(ACCENTS[(seed + 2) % ACCENTS.length], WHITE, 0.3)
  const win = [w * 0.08, h * 0.14, w * 0.3, h * 0.52]
  return (x, y) => {
    const pane = windowPixel(x, y, win, w)
    if (pane) return pane
    if (inBox(x, y, w * 0.4, h * 0.3, w * 0.86, h * 0.56)) return mix(blanket, INK, 0.45)
    for (const at of [0.52, 0.74])
      if (((x - w * at) / (w * 0.09)) ** 2 + ((y - h * 0.56) / (h * 0.05)) ** 2 <= 1) return WHITE
    if (inBox(x, y, w * 0.37, h * 0.58, w * 0.89, h * 0.84)) return mix(blanket, INK, y > h * 0.78 ? 0.2 : 0)
    if (inBox(x, y, w * 0.9, h * 0.56, w * 0.98, h * 0.76)) return [120, 92, 68]
    if (y < h * 0.56 && y > h * 0.46 && Math.abs(x - w * 0.94) < w * 0.015 + (y - h * 0.46) * 0.2)
      return [246, 232, 200]
    return roomBase(x, y, w, h, h * 0.76, wall)
  }
}

function backyard(seed, w, h) {
  const pool = seed % 2 === 0
  const fence = mix([156, 116, 80], INK, (seed % 3) * 0.08)
  const treeX = w * (0.7 + (seed % 3) * 0.08)
  return (x, y) => {
    if (((x - treeX) / (w * 0.12)) ** 2 + ((y - h * 0.32) / (h * 0.2)) ** 2 <= 1)
      return mix([66, 118, 72], INK, 0.1 + ((x * 7 + y * 3) % 11) * 0.01)
    if (Math.abs(x - treeX) < w * 0.012 && y > h * 0.4 && y < h * 0.6) return [92, 70, 52]
    if (y < h * 0.38) return mix([126, 178, 224], [214, 233, 247], y / (h * 0.38))
    if (y < h * 0.58) return x % (w * 0.04) < w * 0.004 ? mix(fence, INK, 0.3) : fence
    if (pool && ((x - w * 0.42) / (w * 0.28)) ** 2 + ((y - h * 0.78) / (h * 0.12)) ** 2 <= 1)
      return Math.sin((x + y * 2) / (w * 0.015)) > 0.6 ? [170, 222, 240] : [64, 160, 206]
    if (!pool && inBox(x, y, w * 0.05, h * 0.7, w * 0.5, h)) {
      const joint = x % (w * 0.06) < w * 0.003 || y % (h * 0.07) < h * 0.004
      return joint ? [170, 164, 150] : [206, 198, 182]
    }
    return mix([128, 170, 96], [88, 134, 70], (y - h * 0.58) / (h * 0.42))
  }
}

/** The pixels of a picture `width` wide, `(x, y) → [r, g, b]`, by its kind's painter. */
function painterOf(photo, width) {
  const height = heightOf(width)
  const seed = photo.n
  if (photo.kind === 'front') return housePainter(hex(ROOFS[seed % ROOFS.length]), seed * 7 + 3, width, height)
  if (photo.kind === 'living') return living(seed, width, height)
  if (photo.kind === 'kitchen') return kitchen(seed, width, height)
  if (photo.kind === 'bedroom') return bedroom(seed, width, height)
  return backyard(seed, width, height)
}

/**
 * The PNGs of a picture by width: the widest painted, each narrower one averaged down from it (every pixel
 * the mean of the block it covers), smoother than painting it again and a fraction of the work.
 */
export function mlsPhotoPngs(photo) {
  const widest = MLS_PHOTO_WIDTHS.at(-1)
  const paint = painterOf(photo, widest)
  const rgb = new Uint8Array(widest * heightOf(widest) * 3)
  const pngs = new Map()
  pngs.set(
    widest,
    png(widest, heightOf(widest), (x, y) => {
      const pixel = paint(x, y)
      const at = (y * widest + x) * 3
      rgb[at] = pixel[0]
      rgb[at + 1] = pixel[1]
      rgb[at + 2] = pixel[2]
      return pixel
    }),
  )
  for (const width of MLS_PHOTO_WIDTHS.slice(0, -1)) {
    const step = widest / width
    const mean = (x, y, c) => {
      let sum = 0
      for (let dy = 0; dy < step; dy++)
        for (let dx = 0; dx < step; dx++) sum += rgb[((y * step + dy) * widest + x * step + dx) * 3 + c]
      return Math.round(sum / (step * step))
    }
    pngs.set(
      width,
      png(width, heightOf(width), (x, y) => [mean(x, y, 0), mean(x, y, 1), mean(x, y, 2)]),
    )
  }
  return pngs
}
