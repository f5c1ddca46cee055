// JavaScript a visitor downloads, measured in Chromium: before any interaction (load, idle and
// visible islands in the first viewport included), then after scrolling through the page and touching
// every island so all of them hydrate. Sizes are of the bodies compressed with gzip and brotli.
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs'
import { brotliSize, gzipSize } from './report.mjs'

function total(scripts) {
  let gzip = 0
  let brotli = 0
  for (const body of scripts.values()) {
    gzip += gzipSize(body)
    brotli += brotliSize(body)
  }
  return { gzip, brotli, files: scripts.size }
}

export async function measureClientJs(origin, paths) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  const pages = []
  try {
    for (const path of paths) {
      const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      const scripts = new Map()
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return
        const body = await response.body().catch(() => null)
        if (body) scripts.set(response.url(), body)
      })
      await page.goto(`${origin}${path}`, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(2500) // idle islands (requestIdleCallback, timeout 2 s)
      const initial = total(scripts)
      // Scroll through the page, then touch every island.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        for (const island of document.querySelectorAll('[data-island]')) {
          const target = island.firstElementChild ?? island
          for (const type of ['mouseover', 'focusin', 'pointerdown'])
            target.dispatchEvent(new Event(type, { bubbles: true }))
        }
      })
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      pages.push({ path, initial, hydrated: total(scripts) })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return pages
}
