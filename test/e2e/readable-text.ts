// The WCAG contrast of every visible text on a page against what is really painted behind it. The page
// is walked a screen at a time; at each text line, `elementsFromPoint` gives the boxes under the text in
// paint order, and their background colours are composited (with opacity) down to the first opaque one.
// Where a photo, gradient or other image lies behind the text, the rendered pixels are read instead: the
// text is made transparent, the screen is captured, and the ratio is the one 99% of the pixels behind the
// line reach (a stray highlight in a photo does not fail it; a dark photo behind dark text does).
// axe gives up on such text ("incomplete"): this is the check that does not.
import type { Page } from '@playwright/test'

export interface TextContrast {
  selector: string
  text: string
  ratio: number
  /** 4.5, or 3 for large text (≥ 24px, or ≥ 18.66px bold). */
  required: number
  fg: string
  bg: string
  via: 'css' | 'pixels'
}

export interface PageContrast {
  checked: TextContrast[]
  /** Texts that were visible but always under something painted on top (e.g. a sticky header). */
  covered: string[]
}

interface Probe {
  rect: { x: number; y: number; w: number; h: number }
  fg: [number, number, number, number]
}

type Base = Omit<TextContrast, 'ratio' | 'fg' | 'bg' | 'via'>

/** A text on the page; `host` is the box that shows it when that is not its parent (a <select>). */
interface Item {
  node: Text
  host: HTMLElement | null
  /** Per line: measured (or never visible) yet; null before the first look. */
  parts: boolean[] | null
}

interface Step {
  /** Lines measured from CSS colours, by text. */
  done: { id: number; result: TextContrast }[]
  /** Lines with an image behind them, to measure from pixels. */
  pixels: { id: number; probe: Probe; base: Base }[]
  remaining: number
}

/** Makes every glyph, underline and caret transparent, leaving all boxes, borders and images as painted. */
const HIDE_TEXT = `*, *::before, *::after, *::marker, *::placeholder { -webkit-text-fill-color: transparent !important;
  text-decoration-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }`

/** Adds or removes a constructed style sheet (no <style> element, nothing for the page's CSP to refuse). */
function toggleSheet({ css, on }: { css: string; on: boolean }) {
  const w = window as unknown as { __sheets?: Map<string, CSSStyleSheet> }
  w.__sheets ??= new Map()
  let sheet = w.__sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    w.__sheets.set(css, sheet)
  }
  const others = document.adoptedStyleSheets.filter((s) => s !== sheet)
  document.adoptedStyleSheets = on ? [...others, sheet] : others
}

export async function textContrasts(page: Page): Promise<PageContrast> {
  await page.evaluate(indexTexts)
  const viewport = page.viewportSize()
  if (!viewport) throw new Error('no viewport')
  const worst = new Map<number, TextContrast>()
  const keep = (id: number, result: TextContrast) => {
    const before = worst.get(id)
    if (!before || result.ratio < before.ratio) worst.set(id, result)
  }
  for (let top = 0; ; top += viewport.height - 160) {
    const scrolled = await page.evaluate(async (y) => {
      window.scrollTo({ top: y, behavior: 'instant' })
      // Images on this screen (lazy ones start loading now) are drawn before anything is read.
      // On screen across too: a lazy image of a swipeable row beyond the screen's edge does not load, and its
      // decode() would wait for ever.
      const onScreen = [...document.images].filter((img) => {
        const box = img.getBoundingClientRect()
        return (
          box.bottom > 0 &&
          box.top < window.innerHeight &&
          box.right > 0 &&
          box.left < window.innerWidth &&
          box.width > 0
        )
      })
      await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return { y: window.scrollY, height: document.documentElement.scrollHeight }
    }, top)
    const step: Step = await page.evaluate(measureScreen)
    for (const { id, result } of step.done) keep(id, result)
    if (step.pixels.length > 0) {
      await page.evaluate(toggleSheet, { css: HIDE_TEXT, on: true })
      const png = await page.screenshot({ scale: 'css', animations: 'disabled', caret: 'hide' })
      await page.evaluate(toggleSheet, { css: HIDE_TEXT, on: false })
      const measured = await page.evaluate(samplePixels, { png: png.toString('base64'), items: step.pixels })
      for (const { id, result } of measured) keep(id, result)
    }
    if (step.remaining === 0 || scrolled.y + viewport.height >= scrolled.height) break
  }
  const covered = await page.evaluate(() => {
    const texts = (window as unknown as { __texts: Item[] }).__texts
    return texts
      .filter((t) => t.parts === null || t.parts.some((done) => !done))
      .map((t) => (t.node.textContent ?? '').trim().slice(0, 60))
  })
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  return { checked: [...worst.values()], covered }
}

/** Every non-blank text node of the page whose element is rendered, kept on window for the steps; a
 * <select> shows its chosen option's text in its own box. */
function indexTexts() {
  const texts: Item[] = []
  for (const select of document.querySelectorAll<HTMLElement>('select')) {
    const option = select.querySelector('option:checked')?.firstChild
    if (option instanceof Text && select.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
      texts.push({ node: option, host: select, parts: null })
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || !node.textContent?.trim()) continue
    if (parent.closest('script, style, noscript, template, option, title')) continue
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue
    texts.push({ node: node as Text, host: null, parts: null })
  }
  ;(window as unknown as { __texts: typeof texts }).__texts = texts
}

/** The lines of text on this screen and not under anything painted: measured from CSS, or left for pixels. */
function measureScreen(): Step {
  type Rgba = [number, number, number, number]
  const texts = (window as unknown as { __texts: Item[] }).__texts
  const vw = document.documentElement.clientWidth
  const vh = window.innerHeight
  // Computed colours are rgb()/rgba(), or color(srgb …) where color-mix() made them.
  const parse = (value: string): Rgba => {
    const rgb = value.match(/^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/)
    if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])]
    const srgb = value.match(/^color\(srgb ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)(?: \/ ([\d.]+))?\)$/)
    if (!srgb) throw new Error(`unparsed colour ${value}`)
    const channel = (v: string) => Math.min(255, Math.max(0, Number(v) * 255))
    return [channel(srgb[1]!), channel(srgb[2]!), channel(srgb[3]!), srgb[4] === undefined ? 1 : Number(srgb[4])]
  }
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3] + bottom[3] * (1 - top[3])
    if (a === 0) return [0, 0, 0, 0]
    const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a
    return [mix(0), mix(1), mix(2), a]
  }
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  }
  const ratioOf = (a: Rgba, b: Rgba) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
    return (l1 + 0.05) / (l2 + 0.05)
  }
  const hex = (c: Rgba) =>
    `#${c
      .slice(0, 3)
      .map((v) => Math.round(v).toString(16).padStart(2, '0'))
      .join('')}`
  /** Opacity of `el` and its ancestors up to, not including, the first one that also contains `other`. */
  const opacityBetween = (el: Element, other: Element) => {
    let product = 1
    for (let e: Element | null = el; e && !e.contains(other); e = e.parentElement) {
      product *= Number(getComputedStyle(e).opacity)
    }
    return product
  }
  const describe = (el: Element) => {
    const parts: string[] = []
    for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const classes = [...e.classList].slice(0, 2).map((c) => `.${c}`)
      parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes.join('')}`)
    }
    return parts.join(' > ')
  }
  /** The part of `rect` not clipped away by an ancestor (overflow, clip, clip-path), or null. */
  const visiblePart = (el: Element, rect: DOMRect) => {
    let { left, top, right, bottom } = rect
    // Outside the page (a skip link parked above it until focused): never on screen.
    if (bottom + window.scrollY <= 0 || right + window.scrollX <= 0) return null
    for (let e: Element | null = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e)
      if (cs.clip !== 'auto' && (cs.position === 'absolute' || cs.position === 'fixed')) return null
      if (cs.clipPath === 'inset(50%)') return null
      if (e !== document.documentElement && (cs.overflowX !== 'visible' || cs.overflowY !== 'visible')) {
        const box = e.getBoundingClientRect()
        left = Math.max(left, box.left)
        top = Math.max(top, box.top)
        right = Math.min(right, box.right)
        bottom = Math.min(bottom, box.bottom)
      }
    }
    // Beyond the sides of the screen nothing is seen (the page itself does not scroll sideways).
    left = Math.max(left, 0)
    right = Math.min(right, vw)
    return right - left >= 2 && bottom - top >= 2 ? { x: left, y: top, w: right - left, h: bottom - top } : null
  }
  const painted = (e: Element, cs: CSSStyleDeclaration) =>
    /^(IMG|VIDEO|CANVAS|IFRAME|EMBED|OBJECT)$/.test(e.tagName) ||
    e.tagName.toLowerCase() === 'svg' ||
    cs.backgroundImage !== 'none'

  const done: Step['done'] = []
  const pixels: Step['pixels'] = []
  // elementsFromPoint skips boxes that ignore the pointer; they are painted all the same.
  const unblock = new CSSStyleSheet()
  unblock.replaceSync('* { pointer-events: auto !important; }')
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, unblock]
  try {
    for (const [id, item] of texts.entries()) {
      if (item.parts?.every(Boolean)) continue
      const el = item.host ?? item.node.parentElement!
      const range = document.createRange()
      range.selectNodeContents(item.node)
      const rects = (item.host ? [item.host.getBoundingClientRect()] : [...range.getClientRects()]).filter(
        (r) => r.width >= 1 && r.height >= 1,
      )
      const parts = rects.map((r) => visiblePart(el, r))
      // Clipped-away lines (visually hidden text, text scrolled out of its box) are not seen.
      item.parts ??= parts.map((part) => part === null)
      if (item.parts.length !== parts.length) throw new Error(`the lines of "${item.node.textContent}" changed`)
      if (el.closest(':disabled, [aria-disabled="true"]')) {
        item.parts.fill(true) // inactive controls are exempt (WCAG 1.4.3)
        continue
      }
      const cs = getComputedStyle(el)
      const size = Number.parseFloat(cs.fontSize)
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700)
      const base: Base = {
        selector: describe(el),
        text: (item.node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
        required: large ? 3 : 4.5,
      }
      const fgRaw = parse(cs.webkitTextFillColor || cs.color)
      for (const [i, part] of parts.entries()) {
        if (item.parts[i] || !part) continue
        if (part.y < 0 || part.y + part.h > vh || part.x < 0 || part.x + part.w > vw) continue
        const stack = document.elementsFromPoint(part.x + part.w / 2, part.y + part.h / 2)
        const at = stack.findIndex((e) => e === el || e.contains(el))
        const above = at < 0 ? stack : stack.slice(0, at).filter((e) => !el.contains(e))
        const hidden = above.some((e) => {
          const s = getComputedStyle(e)
          return painted(e, s) || parse(s.backgroundColor)[3] > 0
        })
        if (at < 0 || hidden) continue // under a sticky header or the like here: measured on another screen
        item.parts[i] = true
        const layers: Rgba[] = []
        let image = false
        let topLayer: Element | null = null
        for (const e of stack.slice(at)) {
          const s = getComputedStyle(e)
          if (painted(e, s)) {
            image = true
            topLayer ??= e
            break
          }
          const bg = parse(s.backgroundColor)
          if (bg[3] === 0) continue
          topLayer ??= e
          bg[3] *= opacityBetween(e, el)
          layers.push(bg)
          if (bg[3] >= 0.999) break
        }
        const fg: Rgba = [...fgRaw]
        fg[3] *= opacityBetween(el, topLayer ?? document.documentElement)
        if (image) {
          pixels.push({ id, probe: { rect: part, fg }, base })
          continue
        }
        let bg: Rgba = [255, 255, 255, 1] // the canvas
        for (const layer of layers.reverse()) bg = over(layer, bg)
        const shown = over(fg, bg)
        done.push({ id, result: { ...base, ratio: ratioOf(shown, bg), fg: hex(shown), bg: hex(bg), via: 'css' } })
      }
    }
  } finally {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== unblock)
  }
  return { done, pixels, remaining: texts.filter((t) => !t.parts?.every(Boolean)).length }
}

/** Reads the screen capture (text hidden) behind each probed line: the ratio 99% of its pixels reach. */
async function samplePixels({ png, items }: { png: string; items: Step['pixels'] }) {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  })
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const context = canvas.getContext('2d')!
  context.drawImage(bitmap, 0, 0)
  const luminance = (r: number, g: number, b: number) => {
    const lin = (c: number) => {
      const s = c / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
  }
  const hex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`
  const results: { id: number; result: TextContrast }[] = []
  for (const { id, probe, base } of items) {
    const { rect, fg } = probe
    const x = Math.max(0, Math.floor(rect.x))
    const y = Math.max(0, Math.floor(rect.y))
    const w = Math.max(1, Math.min(bitmap.width - x, Math.ceil(rect.w)))
    const h = Math.max(1, Math.min(bitmap.height - y, Math.ceil(rect.h)))
    const data = context.getImageData(x, y, w, h).data
    const samples: { ratio: number; bg: number[]; fg: number[] }[] = []
    for (let i = 0; i < data.length; i += 4) {
      const bg = [data[i]!, data[i + 1]!, data[i + 2]!]
      const text = bg.map((c, k) => fg[k]! * fg[3] + c * (1 - fg[3]))
      const [l1, l2] = [luminance(text[0]!, text[1]!, text[2]!), luminance(bg[0]!, bg[1]!, bg[2]!)].sort(
        (p, q) => q - p,
      ) as [number, number]
      samples.push({ ratio: (l1 + 0.05) / (l2 + 0.05), bg, fg: text })
    }
    samples.sort((p, q) => p.ratio - q.ratio)
    const at = samples[Math.floor(samples.length * 0.01)]!
    results.push({ id, result: { ...base, ratio: at.ratio, fg: hex(at.fg), bg: hex(at.bg), via: 'pixels' } })
  }
  bitmap.close()
  return results
}

/** The texts below their required ratio, one line each: where, what, how much. */
export function failures(result: PageContrast): string[] {
  return result.checked
    .filter((t) => t.ratio < t.required)
    .map((t) => `${t.selector} "${t.text}" ${t.ratio.toFixed(2)}:1 < ${t.required}:1 (${t.fg} on ${t.bg}, ${t.via})`)
}
