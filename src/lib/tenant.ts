// Which site a request is for (docs/product.md §2), decided once per request from its URL and Host
// header alone: the provider's own site, a realtor's site under /{desiredUrl}, or a realtor's custom
// domain. Routing, the tenant loader, the locale middleware, the page-cache key and canonical URLs all
// read the one `Site` this module returns.
import { isBuilderPath } from './builder/paths'
import { type Locale, splitLocalePath } from './locale'
import { boundedMemo } from './memo'

/** A desiredUrl slug: letters, underscore and hyphen only (docs/product.md §5). */
export const DESIRED_URL_PATTERN = /^[A-Za-z_-]+$/
/** Hono route pattern matching a desiredUrl segment. */
export const DESIRED_URL_ROUTE = '[A-Za-z_-]+'

/** First path segments served by the worker itself, never treated as a page or tenant. */
export const API_SEGMENTS = new Set(['api', 'v1', 'cozying-api', 'assets', 'photos'])

/** First path segments that can never be a desiredUrl. */
export const RESERVED_SEGMENTS = new Set([
  ...API_SEGMENTS,
  'en',
  'ko',
  'ja',
  'admin',
  'agreement',
  'login',
  'logout',
  'process',
  'terms',
  '@domain',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.json',
  'manifest.webmanifest',
  'apple-touch-icon.png',
  '.well-known',
])

/**
 * The app routes every request on one canonical path (docs/architecture.md): the site is resolved first,
 * and its pages are routed under the prefix of what they are, each sub-app mounted once. Every real path
 * but an API's gets a prefix, so no address a visitor types can reach another site's routes.
 */
export const ROUTES = {
  /** The provider's own pages: the landing page, its legal pages, its crawler files. */
  provider: '/@provider',
  /** A realtor's public pages, on the provider's host under /{desiredUrl} or on their own domain. */
  site: '/@site',
  /** The builder's screens on any site (BUILDER_PATHS): sign-in, admin, inbox, dashboard. */
  builder: '/@builder',
} as const

export type TenantTarget =
  /** Provider host, no desiredUrl: the landing page and the provider's own pages. */
  | { kind: 'provider' }
  /** Provider host with a desiredUrl in the first segment (after /en) or in ?desiredUrl=. */
  | { kind: 'path'; desiredUrl: string; fromQuery: boolean }
  /** Provider host whose first segment is neither reserved nor a valid slug: route validation failure. */
  | { kind: 'invalid'; segment: string }
  /** Any other host: a realtor's custom domain, looked up by its origin. */
  | { kind: 'domain'; host: string; origin: string }
  /** A Host header that is not a hostname at all. */
  | { kind: 'bad-host' }

/** Everything the worker needs to know about where a request goes. */
export interface Site {
  /** The Host header normalized (lower case, no port, no trailing dot); null when it is no hostname. */
  host: string | null
  target: TenantTarget
  /** The request's path as sent. */
  pathname: string
  /** The locale its path names (`/en/…`), or null for an unprefixed path. */
  locale: Locale | null
  /** The path without its locale prefix: '/terms' for '/en/terms'. */
  rest: string
  /** The path within the site: '/terms' for '/en/janekim/terms' on a provider host, else `rest`. */
  pagePath: string
  /** An API path (JSON answers, no locale redirects, no tenant): the first segment is an API segment. */
  api: boolean
  /** The canonical path the router matches (ROUTES): `/@site/terms` for `/en/janekim/terms`. */
  routePath: string
}

/** A Host header's port, `:8787`: what normalizeHost strips and an origin made from the header keeps. */
const PORT_SUFFIX = /:\d{1,5}$/

/** The port a Host header names (`:8787`), or '' when it names none. */
export function portOf(hostHeader: string): string {
  return PORT_SUFFIX.exec(hostHeader)?.[0] ?? ''
}

/** Lower-cases a Host header and strips its port and trailing dot; null when it is no hostname. */
export function normalizeHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null
  let host = hostHeader.trim().toLowerCase()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end > 0 ? host.slice(0, end + 1) : null
  }
  host = host.replace(PORT_SUFFIX, '').replace(/\.$/, '')
  if (host.length === 0 || host.length > 253) return null
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
  return host.split('.').every((part) => label.test(part)) ? host : null
}

/** PROVIDER_HOSTS parsed, by its text: the same few values every request (configuration, not data). */
const providerHostSets = boundedMemo<string, ReadonlySet<string>>(16)

/** Parses the comma-separated PROVIDER_HOSTS var into a set of normalized hosts. */
export function parseProviderHosts(value: string | undefined): ReadonlySet<string> {
  return providerHostSets.of(value ?? '', () => {
    const hosts = new Set<string>()
    for (const entry of (value ?? '').split(',')) {
      const host = normalizeHost(entry)
      if (host) hosts.add(host)
    }
    return hosts
  })
}

/** decodeURIComponent that returns malformed input unchanged instead of throwing. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const firstSegmentOf = (path: string) => decodeSegment(path.split('/')[1] ?? '')

function targetOf(url: URL, host: string | null, rest: string, providerHosts: ReadonlySet<string>): TenantTarget {
  if (host === null) return { kind: 'bad-host' }
  if (!providerHosts.has(host)) {
    const port = url.port ? `:${url.port}` : ''
    return { kind: 'domain', host, origin: `${url.protocol}//${host}${port}` }
  }
  const segment = firstSegmentOf(rest)
  if (segment === '') {
    const query = url.searchParams.get('desiredUrl')
    if (query === null || query === '') return { kind: 'provider' }
    return DESIRED_URL_PATTERN.test(query) && !RESERVED_SEGMENTS.has(query.toLowerCase())
      ? { kind: 'path', desiredUrl: query, fromQuery: true }
      : { kind: 'invalid', segment: query }
  }
  if (RESERVED_SEGMENTS.has(segment.toLowerCase())) return { kind: 'provider' }
  return DESIRED_URL_PATTERN.test(segment)
    ? { kind: 'path', desiredUrl: segment, fromQuery: false }
    : { kind: 'invalid', segment }
}

/** '/terms' for '/janekim/terms', '/' for '/janekim': the path after the desiredUrl segment. */
function withinTenant(rest: string): string {
  const end = rest.indexOf('/', 1)
  return end < 0 ? '/' : rest.slice(end)
}

/** '/terms' for '/terms/', '' for '/': a path as it follows a route prefix. */
const trimmed = (path: string) => (path === '/' ? '' : path.replace(/\/$/, ''))

/** Which sub-apps answer a page path: the builder's on any site, else the provider's or a realtor's. */
function routePrefix(target: TenantTarget, pagePath: string): string {
  if (isBuilderPath(pagePath)) return ROUTES.builder
  return target.kind === 'provider' || (target.kind === 'path' && target.fromQuery) ? ROUTES.provider : ROUTES.site
}

/** Decides what a request is, from its URL and Host header. */
export function resolveSite(url: URL, hostHeader: string | null | undefined, providerHosts: ReadonlySet<string>): Site {
  const host = normalizeHost(hostHeader)
  const { pathname } = url
  const { locale, rest } = splitLocalePath(pathname)
  const target = targetOf(url, host, rest, providerHosts)
  // One trailing slash is forgiven by the router: /en/ and /terms/ are /en and /terms.
  const routed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  const first = firstSegmentOf(routed)
  const api = API_SEGMENTS.has(first)
  const pagePath = target.kind === 'path' && !target.fromQuery ? withinTenant(rest) : rest
  const routePath = api ? routed : `${routePrefix(target, pagePath)}${trimmed(pagePath)}`
  return { host, target, pathname, locale, rest, pagePath, api, routePath }
}

/**
 * Whether a request is for one of the provider's hosts (PROVIDER_HOSTS): the only hosts where the builder
 * lives and a session cookie is set or read. A realtor's own domain is not one: its DNS is the realtor's
 * (docs/decisions/087-sign-in-on-the-provider-host.md).
 */
export function isProviderSite(site: Pick<Site, 'target'>): boolean {
  return site.target.kind !== 'domain' && site.target.kind !== 'bad-host'
}

/** The tenant part of resolveSite alone. */
export function resolveTenant(
  url: URL,
  hostHeader: string | null | undefined,
  providerHosts: ReadonlySet<string>,
): TenantTarget {
  return resolveSite(url, hostHeader, providerHosts).target
}

/**
 * The Site of a request, computed once: the router, the middleware and the page cache all ask. Keyed by
 * the inputs it is a pure function of; the same addresses repeat from visitor to visitor, and a full
 * table is simply cleared.
 */
const sites = boundedMemo<string, Site>(256)

/** A request's Site once asked for: the router, the middleware, the page cache and the view count ask again. */
const requestSites = new WeakMap<Request, { providerHostsText: string | undefined; site: Site }>()

export function siteOf(request: Request, providerHostsText: string | undefined): Site {
  const known = requestSites.get(request)
  if (known && known.providerHostsText === providerHostsText) return known.site
  const site = siteOfAddress(request, providerHostsText)
  requestSites.set(request, { providerHostsText, site })
  return site
}

function siteOfAddress(request: Request, providerHostsText: string | undefined): Site {
  const hostHeader = request.headers.get('host')
  return sites.of(`${providerHostsText}\n${hostHeader}\n${request.url}`, () => {
    const url = new URL(request.url)
    // A request made in code may carry no Host header: its URL names the host then.
    return resolveSite(url, hostHeader ?? url.host, parseProviderHosts(providerHostsText))
  })
}

/** Hono's `getPath`: the canonical path of a request (ROUTES), from its Site. */
export function routePathOf(request: Request, options?: { env?: unknown }): string {
  return siteOf(request, (options?.env as { PROVIDER_HOSTS?: string } | undefined)?.PROVIDER_HOSTS).routePath
}
