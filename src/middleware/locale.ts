// Locale middleware (DESIGN.md "Locales"): /en pages are English; an unprefixed page is Korean
// unless the locale cookie or Accept-Language says otherwise, then it redirects to its /en form.
// `?locale=` (the language switcher's links) saves the choice in the cookie and redirects.
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { intlFor } from '../lib/i18n'
import {
  DEFAULT_LOCALE,
  detectLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  type Locale,
  localePrefix,
  splitLocalePath,
} from '../lib/locale'
import { isApiPath } from '../lib/tenant'

/** Sets the request's locale variables; also used by the error handler before any middleware ran. */
export function applyLocale(c: Context<AppEnv>, locale: Locale): void {
  c.set('locale', locale)
  c.set('localePrefix', localePrefix(locale))
  c.set('intl', intlFor(locale))
}

/** The locale a request's path or cookie implies, without redirecting: for error pages. */
export function localeOfRequest(c: Context<AppEnv>): Locale {
  const { locale } = splitLocalePath(new URL(c.req.url).pathname)
  return locale ?? detectLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'))
}

export const locale = () =>
  createMiddleware<AppEnv>(async function locale(c, next) {
    const url = new URL(c.req.url)
    if (isApiPath(url.pathname)) return next()
    const { locale: prefixed, rest } = splitLocalePath(url.pathname)
    const requested = url.searchParams.get('locale')

    if (requested !== null && c.req.method === 'GET') {
      url.searchParams.delete('locale')
      const target = isLocale(requested) ? requested : (prefixed ?? DEFAULT_LOCALE)
      if (isLocale(requested)) {
        setCookie(c, LOCALE_COOKIE, requested, {
          path: '/',
          maxAge: LOCALE_COOKIE_MAX_AGE,
          sameSite: 'Lax',
          httpOnly: true,
          secure: url.protocol === 'https:',
        })
      }
      return c.redirect(localizedUrl(target, rest, url.search), 302)
    }

    if (prefixed === null) {
      const detected = detectLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'))
      c.header('Vary', 'Cookie, Accept-Language', { append: true })
      if (detected !== DEFAULT_LOCALE) {
        return c.redirect(localizedUrl(detected, rest, url.search), 302)
      }
    }
    applyLocale(c, prefixed ?? DEFAULT_LOCALE)
    await next()
  })

function localizedUrl(locale: Locale, rest: string, search: string): string {
  const prefix = localePrefix(locale)
  const path = prefix && rest === '/' ? prefix : `${prefix}${rest}`
  return `${path}${search}`
}
