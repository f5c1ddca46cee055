// A realtor's design settings (docs/product.md §3) as CSS: the main colour through a custom property (hex only,
// src/lib/html.ts), dark modes as classes, the font size clamped to a readable range.
import { safeHexColor } from '../html'
import { HOME_DESIGNS, type HomeDesignName, type Realtor } from '../realtors/types'

export const DEFAULT_MAIN_COLOR = '#1f4e79'
export const FONT_SIZE_RANGE = { min: 14, max: 20, fallback: 16 } as const

export interface HomeDesign {
  style: Record<string, string>
  className: string
}

export function fontSizeOf(value: unknown): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) return FONT_SIZE_RANGE.fallback
  return Math.min(FONT_SIZE_RANGE.max, Math.max(FONT_SIZE_RANGE.min, Math.round(n)))
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * Readable text on the main colour (WCAG AA, 4.5:1): white or near-black, whichever contrasts more, and
 * black where neither reaches 4.5:1 (mid-tones such as #b5651d; white or black always does).
 */
export function contrastTextOn(hex: string): string {
  const best = contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#111827') ? '#ffffff' : '#111827'
  return contrastRatio(hex, best) >= 4.5 ? best : '#000000'
}

/** The design a page is drawn in: one of HOME_DESIGNS, `clean` for anything else (docs/decisions/112). */
export function templateOf(value: unknown): HomeDesignName {
  return HOME_DESIGNS.includes(value as HomeDesignName) ? (value as HomeDesignName) : 'clean'
}

/**
 * The brand as text on `bg` (#rrggbb): the brand itself where it reaches 4.5:1, else mixed step by step towards
 * `to` (black on a light page, white on a dark one) until it does. Any brand colour stays the page's accent.
 */
export function brandInkOn(brand: string, bg: string, to: string): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(i, i + 2), 16)
  let ink = brand
  for (let step = 1; step <= 10 && contrastRatio(ink, bg) < 4.5; step++) {
    ink = `#${[1, 3, 5]
      .map((i) => Math.round(channel(brand, i) + ((channel(to, i) - channel(brand, i)) * step) / 10))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')}`
  }
  return ink
}

export function designOf(
  realtor: Pick<Realtor, 'designMainColor' | 'designMainDarkMode' | 'contentDarkMode' | 'designFontSize'> &
    Partial<Pick<Realtor, 'designTemplate'>>,
): HomeDesign {
  const brand = safeHexColor(realtor.designMainColor, DEFAULT_MAIN_COLOR)
  const template = templateOf(realtor.designTemplate)
  const classes = ['home']
  if (realtor.designMainDarkMode === 'Y') classes.push('home--main-dark')
  if (realtor.contentDarkMode === 'Y') classes.push('home--content-dark')
  // `clean` is the page as it was: no class, so its rules and every page made before are untouched.
  if (template !== 'clean') classes.push(`home--design-${template}`)
  const style: Record<string, string> = {
    '--brand': brand,
    '--brand-contrast': contrastTextOn(brand),
    '--home-font-size': `${fontSizeOf(realtor.designFontSize)}px`,
    // The brand as text (numbers, small headings) on the designs' lightest and darkest papers, in any colour.
    '--brand-ink': brandInkOn(brand, '#ebe3d7', '#000000'),
    '--brand-ink-dark': brandInkOn(brand, '#2c251f', '#ffffff'),
  }
  return { style, className: classes.join(' ') }
}
