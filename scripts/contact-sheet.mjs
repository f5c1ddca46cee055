// The contact sheet of the homepage designs (issue 33, docs/decisions/112-homepage-designs.md): every design of
// two demo realtors in Korean and English, light and dark (dark header and dark body together), at 1280 and 390
// px, screenshotted from a running local server and composed into labelled PNG sheets under docs/designs/.
//
//   PORT=8811 npm start            # in another shell: the local site with its demo realtors
//   node scripts/contact-sheet.mjs [--base http://127.0.0.1:8811] [--shots .tmp/designs] [--only janekim]
//
// The demo admin switches each realtor's design and modes through the API and restores them at the end. Full
// screenshots stay under --shots (gitignored .tmp/ by default) to look at; the sheets hold thumbnails.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, request } from 'playwright'
import sharp from 'sharp'

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8811}` },
    shots: { type: 'string', default: '.tmp/designs' },
    out: { type: 'string', default: 'docs/designs' },
    only: { type: 'string' },
  },
})
const REALTORS = values.only ? [values.only] : ['janekim', 'danielpark']
const DESIGNS = ['clean', 'editorial', 'warm']
const MODES = {
  light: { designMainDarkMode: 'N', contentDarkMode: 'N' },
  dark: { designMainDarkMode: 'Y', contentDarkMode: 'Y' },
}
const LOCALES = { ko: '', en: '/en' }
/** Width of the page, height of the part of it each thumbnail shows, width of the thumbnail. */
const WIDTHS = {
  1280: { crop: 2600, thumb: 360 },
  390: { crop: 2400, thumb: 180 },
}
const ADMIN = { email: 'admin@realtor.local', password: 'realtor-admin-2026' }

const api = await request.newContext({ baseURL: values.base })
const login = await api.post('/v1/auth/login', { data: ADMIN })
if (login.status() !== 200) throw new Error(`admin sign-in: ${login.status()} ${await login.text()}`)
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
await mkdir(values.shots, { recursive: true })
await mkdir(values.out, { recursive: true })

const patch = async (id, data) => {
  const response = await api.patch(`/v1/realtor/${id}`, { data })
  if (response.status() !== 200) throw new Error(`PATCH ${id}: ${response.status()} ${await response.text()}`)
}

try {
  for (const slug of REALTORS) {
    const realtor = await (await api.get(`/v1/realtor/${slug}`)).json()
    const own = {
      designTemplate: realtor.designTemplate ?? 'clean',
      designMainDarkMode: realtor.designMainDarkMode,
      contentDarkMode: realtor.contentDarkMode,
    }
    /** shots[width][design] = [{ label, file }] in column order. */
    const shots = {}
    try {
      for (const design of DESIGNS) {
        for (const [mode, modes] of Object.entries(MODES)) {
          await patch(realtor.id, { designTemplate: design, ...modes })
          for (const [locale, prefix] of Object.entries(LOCALES)) {
            for (const width of Object.keys(WIDTHS)) {
              const page = await browser.newPage({
                viewport: { width: Number(width), height: 900 },
                locale: locale === 'ko' ? 'ko-KR' : 'en-US',
              })
              await page.goto(`${values.base}${prefix}/${slug}`, { waitUntil: 'networkidle' })
              // Lazy images below the first screen are loaded before the full-page capture.
              await page.evaluate(async () => {
                for (const img of document.images) img.loading = 'eager'
                await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
                await document.fonts.ready
              })
              const file = path.join(values.shots, `${slug}-${design}-${mode}-${locale}-${width}.png`)
              await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
              await page.close()
              shots[width] ??= {}
              shots[width][design] ??= []
              shots[width][design].push({ label: `${locale} · ${mode}`, file })
              console.log(`→ ${file}`)
            }
          }
        }
      }
    } finally {
      await patch(realtor.id, own)
    }
    for (const [width, byDesign] of Object.entries(shots)) {
      const out = path.join(values.out, `${slug}-${width}.png`)
      await writeFile(out, await sheetOf(`${slug} · ${width} px`, byDesign, WIDTHS[width]))
      console.log(`✓ ${out}`)
    }
  }
} finally {
  await browser.close()
  await api.dispose()
}

/** One sheet: a row per design, a column per locale and mode, each thumbnail labelled above. */
async function sheetOf(title, byDesign, { crop, thumb }) {
  const gap = 16
  const label = 28
  const head = 56
  const rows = Object.entries(byDesign)
  const columns = rows[0][1].length
  const thumbs = []
  let rowHeight = 0
  for (const [, cells] of rows) {
    const row = []
    for (const cell of cells) {
      const image = sharp(cell.file)
      const { width, height } = await image.metadata()
      const buffer = await image
        .extract({ left: 0, top: 0, width, height: Math.min(height, crop) })
        .resize({ width: thumb })
        .png()
        .toBuffer()
      const meta = await sharp(buffer).metadata()
      rowHeight = Math.max(rowHeight, meta.height)
      row.push({ ...cell, buffer })
    }
    thumbs.push(row)
  }
  const sheetWidth = gap + columns * (thumb + gap)
  const sheetHeight = head + rows.length * (label * 2 + rowHeight + gap)
  const text = (x, y, body, size, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#1f2937">${body}</text>`
  const labels = [text(gap, 36, `Homepage designs — ${title}`, 22, 700)]
  const composites = []
  let y = head
  for (const [r, [design]] of rows.entries()) {
    labels.push(text(gap, y + 22, design, 18, 700))
    for (const [c, cell] of thumbs[r].entries()) {
      const x = gap + c * (thumb + gap)
      labels.push(text(x, y + label + 20, cell.label, 14))
      composites.push({ input: cell.buffer, left: x, top: y + label * 2 })
    }
    y += label * 2 + rowHeight + gap
  }
  composites.unshift({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetWidth}" height="${sheetHeight}">${labels.join('')}</svg>`,
    ),
    left: 0,
    top: 0,
  })
  return sharp({ create: { width: sheetWidth, height: sheetHeight, channels: 3, background: '#f3f4f6' } })
    .composite(composites)
    .png({ palette: true, quality: 80, effort: 8 })
    .toBuffer()
}
