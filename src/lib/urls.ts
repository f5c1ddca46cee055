// The absolute URLs of a page in both locales: its canonical, hreflang alternates, og:url and sitemap
// entries (docs/product.md §2). Built from configuration and the realtor's data, never from the Host
// header. A realtor with a homepage address is canonical there; else under /{desiredUrl} here.
import { parseHttpUrl } from './html'
import { DEFAULT_LOCALE, LOCALES, type Locale, localizedPath, splitLocalePath } from './locale'
import type { Realtor } from './realtors/types'

export type PageUrls = Record<Locale, string>

/**
 * `value` without one trailing slash, the one way a path or an origin loses it: `/terms/` → `/terms`,
 * `https://realtor.example/` → `https://realtor.example`; the root path `/` stays `/`.
 */
export function withoutTrailingSlash(value: string): string {
  return value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value
}

/** Where a request's own site is: its locale prefix ('' or '/en') and its base ('' or '/{desiredUrl}'). */
export interface SiteAddress {
  localePrefix: string
  tenantBase: string
}

/**
 * A link to a page of the request's own site, in its locale: `/en/janekim/admin` for '/admin'; '/' for
 * the home of a site at the root. The one way every route and view links within the site it serves.
 */
export function sitePath({ localePrefix, tenantBase }: SiteAddress, path = ''): string {
  return `${localePrefix}${tenantBase}${path}` || '/'
}

/** Where a site's pages live: its origin, and the path its pages start under ('' or '/{desiredUrl}'). */
export function siteRoot(
  realtor: Pick<Realtor, 'hompageUrl' | 'desiredUrl'> | null,
  publicOrigin: string,
): { origin: string; base: string } {
  const own = realtor ? parseHttpUrl(realtor.hompageUrl) : null
  if (own) return { origin: own.origin, base: '' }
  return { origin: new URL(publicOrigin).origin, base: realtor ? `/${realtor.desiredUrl}` : '' }
}

/**
 * A homepage's addresses on the provider's site (`https://realtor.example.com/janekim`, `/en/janekim`):
 * where it always answers, whatever its own domain; the builder names and links it by them.
 */
export function providerHomeUrls(desiredUrl: string, publicOrigin: string): PageUrls {
  return pageUrls({ desiredUrl, hompageUrl: '' }, publicOrigin, '/')
}

/** The page at `pagePath` within a site ('/' for its home, '/terms'), in each locale. */
export function pageUrls(
  realtor: Pick<Realtor, 'hompageUrl' | 'desiredUrl'> | null,
  publicOrigin: string,
  pagePath: string,
): PageUrls {
  const { origin, base } = siteRoot(realtor, publicOrigin)
  // A realtor's home is the bare root of their site: https://jane.example, /janekim.
  const path = realtor && pagePath === '/' ? base : `${base}${pagePath}`
  return Object.fromEntries(LOCALES.map((locale) => [locale, `${origin}${localizedPath(locale, path)}`])) as PageUrls
}

/**
 * Where a page of a realtor's own domain is on the provider's host: `/en/admin` with `?x=1` →
 * `https://realtor.example.com/en/janekim/admin?x=1`. The builder lives there only
 * (docs/decisions/087-sign-in-on-the-provider-host.md).
 */
export function providerAddressOf(desiredUrl: string, publicOrigin: string, pathname: string, search = ''): URL {
  const { locale, rest } = splitLocalePath(pathname)
  const page = withoutTrailingSlash(rest)
  const address = new URL(pageUrls({ desiredUrl, hompageUrl: '' }, publicOrigin, page)[locale ?? DEFAULT_LOCALE])
  address.search = search
  return address
}
