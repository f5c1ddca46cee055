// Locale detection (docs/product.md §4, §9): locale cookie, then Accept-Language with q-values, then ko.
import { boundedMemo } from './memo'

export const LOCALES = ['ko', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ko'
export const LOCALE_COOKIE = 'locale'
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
/** BCP 47 tags of each locale, as the spec names them (ko_KR, en-US). */
export const LOCALE_TAGS: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' }
export const OG_LOCALES: Record<Locale, string> = { ko: 'ko_KR', en: 'en_US' }

const HANGUL = /\p{Script=Hangul}/u
/** Whether a text holds Hangul: the one test of "written in Korean" (names, legacy sections). */
export function hasHangul(text: string): boolean {
  return HANGUL.test(text)
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The path prefix of a locale: ko has none. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`
}

/** The home page of a locale: '/' for ko, '/en' for en. */
export function localeHome(prefix: string): string {
  return prefix || '/'
}

/** A path that stays on this site: leading slashes and backslashes (`//evil.example`, `/\\evil`) are one '/'. */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`
}

/**
 * A site-relative path in a locale: '/terms' → '/en/terms', and '/' → '/en' (no trailing slash). Every
 * locale redirect goes through here, so it never names another host (`//evil.example?locale=ko`).
 */
export function localizedPath(locale: Locale, rest: string): string {
  const prefix = localePrefix(locale)
  const path = rest === '' ? '' : sameSitePath(rest)
  return prefix && path === '/' ? prefix : `${prefix}${path}`
}

/** Splits `/en/terms` into `{ locale: 'en', rest: '/terms' }`; unprefixed paths have no locale. */
export function splitLocalePath(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/(en)(?=\/|$)(.*)$/.exec(pathname)
  if (!match) return { locale: null, rest: pathname }
  return { locale: match[1] as Locale, rest: match[2] || '/' }
}

/** Languages of an Accept-Language header, best first, honouring q-values; malformed parts are skipped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  const entries: { tag: string; q: number; index: number }[] = []
  header
    .slice(0, 1024)
    .split(',')
    .forEach((part, index) => {
      const [rawTag, ...params] = part.trim().split(';')
      const tag = rawTag?.trim().toLowerCase() ?? ''
      if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return
      let q = 1
      for (const param of params) {
        const [key, value] = param.trim().split('=')
        if (key?.trim() !== 'q') continue
        q = Number(value)
        if (!Number.isFinite(q) || q < 0 || q > 1) q = 0
      }
      if (q > 0) entries.push({ tag, q, index })
    })
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag)
}

/**
 * The locale cookie's value in a Cookie header, if any: `locale=en`, or the quoted `locale="en"` a
 * client may send. The one reader of the cookie, for the router, the APIs and the page cache alike.
 */
export function localeCookieOf(cookieHeader: string | null | undefined): string | undefined {
  return cookieOf(cookieHeader, LOCALE_COOKIE)
}

/** One cookie's value in a Cookie header (quotes removed), or undefined; read without allocating a map. */
export function cookieOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    const value = part.slice(eq + 1).trim()
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
  }
  return undefined
}

/** The locale an Accept-Language header asks for, or ko. */
function localeOfLanguages(acceptLanguage: string | null | undefined): Locale {
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const base = tag.split('-')[0]
    if (isLocale(base)) return base
  }
  return DEFAULT_LOCALE
}

/**
 * Accept-Language values repeat from visitor to visitor, and every request for a page reads one (the
 * locale middleware, the page cache's key): each value is parsed once. Bounded: a full table is cleared.
 */
const languageLocales = boundedMemo<string, Locale>(256)

/** The locale to use for an unprefixed request: cookie, then Accept-Language, then ko. */
export function detectLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie
  if (!acceptLanguage) return DEFAULT_LOCALE
  return languageLocales.of(acceptLanguage, () => localeOfLanguages(acceptLanguage))
}
