// Locale middleware (docs/product.md §4): /en pages are English; an unprefixed page is Korean
// unless the locale cookie or Accept-Language says otherwise, then it redirects to its /en form.
// `?locale=` (the language switcher's links) saves the choice in the cookie and redirects.
import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
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
  localeCookieOf,
  localePrefix,
  localizedPath,
} from '../lib/locale'
import { requestUrl } from '../lib/request-url'

/** Sets the request's locale variables; also used by the error handler before any middleware ran. */
export function applyLocale(c: Context<AppEnv>, locale: Locale): void {
  c.set('locale', locale)
  c.set('localePrefix', localePrefix(locale))
  c.set('intl', intlFor(locale))
}

/** The locale a request's path or cookie implies, without redirecting: for error pages. */
export function localeOfRequest(c: Context<AppEnv>): Locale {
  return c.get('site').locale ?? detectLocale(localeCookieOf(c.req.header('cookie')), c.req.header('accept-language'))
}

export const locale = () =>
  createMiddleware<AppEnv>(async function locale(c, next) {
    const { api, locale: prefixed, rest } = c.get('site')
    if (api) return next()
    const url = requestUrl(c.req.raw)
    const requested = url.searchParams.get('locale')

    if (requested !== null && c.req.method === 'GET') {
      const withoutChoice = new URL(url)
      withoutChoice.searchParams.delete('locale')
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
      return c.redirect(`${localizedPath(target, rest)}${withoutChoice.search}`, 302)
    }

    // An unprefixed address answers by the visitor's cookie and languages (a page or a redirect). Only
    // reads move: a redirected POST loses its body (the editor's Korean preview posts to an unprefixed path).
    if (prefixed === null && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const detected = detectLocale(localeCookieOf(c.req.header('cookie')), c.req.header('accept-language'))
      if (detected !== DEFAULT_LOCALE) {
        c.header('Vary', VARY, { append: true })
        return c.redirect(`${localizedPath(detected, rest)}${url.search}`, 302)
      }
    }
    applyLocale(c, prefixed ?? DEFAULT_LOCALE)
    await next()
    // Set on the response the route returned (headers set on the context before it do not reach a
    // Response a route builds itself).
    if (prefixed === null) c.res.headers.append('Vary', VARY)
  })

const VARY = 'Cookie, Accept-Language'
