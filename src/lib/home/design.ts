// A realtor's design settings (docs/product.md §3) as CSS: the main colour through a custom property (hex only,
// src/lib/html.ts), dark modes as classes, the font size clamped to a readable range.
import { safeHexColor } from '../html'
import type { Realtor } from '../realtors/types'

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

export function designOf(
  realtor: Pick<Realtor, 'designMainColor' | 'designMainDarkMode' | 'contentDarkMode' | 'designFontSize'>,
): HomeDesign {
  const brand = safeHexColor(realtor.designMainColor, DEFAULT_MAIN_COLOR)
  const classes = ['home']
  if (realtor.designMainDarkMode === 'Y') classes.push('home--main-dark')
  if (realtor.contentDarkMode === 'Y') classes.push('home--content-dark')
  return {
    style: {
      '--brand': brand,
      '--brand-contrast': contrastTextOn(brand),
      '--home-font-size': `${fontSizeOf(realtor.designFontSize)}px`,
    },
    className: classes.join(' '),
  }
}
