// Tenant resolution (DESIGN.md "Tenants"): from the request alone, is this the landing page, a
// path-based tenant on a provider host, or a realtor's custom domain?

/** A desiredUrl slug: letters, underscore and hyphen only (SPEC.md §5). */
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
 * Virtual path prefix under which a custom domain's pages are routed (see sitePath). Its `@` keeps
 * it from ever matching a desiredUrl route.
 */
export const DOMAIN_PREFIX = '/@domain'

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

/** Lower-cases a Host header and strips its port and trailing dot; null when it is no hostname. */
export function normalizeHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null
  let host = hostHeader.trim().toLowerCase()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end > 0 ? host.slice(0, end + 1) : null
  }
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '')
  if (host.length === 0 || host.length > 253) return null
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
  return host.split('.').every((part) => label.test(part)) ? host : null
}

/** Parses the comma-separated PROVIDER_HOSTS var into a set of normalized hosts. */
/** PROVIDER_HOSTS parsed, by its text: the same few values every request (configuration, not data). */
const providerHostSets = new Map<string, ReadonlySet<string>>()

export function parseProviderHosts(value: string | undefined): ReadonlySet<string> {
  const text = value ?? ''
  const known = providerHostSets.get(text)
  if (known) return known
  const hosts = new Set<string>()
  for (const entry of text.split(',')) {
    const host = normalizeHost(entry)
    if (host) hosts.add(host)
  }
  if (providerHostSets.size < 16) providerHostSets.set(text, hosts)
  return hosts
}

export function isProviderHost(hostHeader: string | null | undefined, providerHosts: ReadonlySet<string>): boolean {
  const host = normalizeHost(hostHeader)
  return host !== null && providerHosts.has(host)
}

function firstSegment(pathname: string): string {
  const withoutLocale = pathname.replace(/^\/en(?=\/|$)/, '')
  return decodeSegment(withoutLocale.split('/')[1] ?? '')
}

/** decodeURIComponent that returns malformed input unchanged instead of throwing. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Decides what a request is, from its URL and Host header. */
export function resolveTenant(
  url: URL,
  hostHeader: string | null | undefined,
  providerHosts: ReadonlySet<string>,
): TenantTarget {
  const host = normalizeHost(hostHeader)
  if (host === null) return { kind: 'bad-host' }
  if (!providerHosts.has(host)) {
    const port = url.port ? `:${url.port}` : ''
    return { kind: 'domain', host, origin: `${url.protocol}//${host}${port}` }
  }
  const segment = firstSegment(url.pathname)
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

/**
 * The path the router sees. Provider hosts route the real path. A custom domain's pages route under
 * DOMAIN_PREFIX, so `/admin` on a realtor's domain reaches that realtor's admin, not the provider's;
 * the APIs answer on every host at their real paths.
 */
export function sitePath(url: URL, hostHeader: string | null | undefined, providerHosts: ReadonlySet<string>): string {
  // One trailing slash is forgiven: /en/ and /terms/ are /en and /terms.
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname
  const first = decodeSegment(pathname.split('/')[1] ?? '')
  if (API_SEGMENTS.has(first)) return pathname
  if (first === DOMAIN_PREFIX.slice(1)) return `/_reserved${pathname}`
  if (isProviderHost(hostHeader, providerHosts)) return pathname
  return pathname === '/' ? DOMAIN_PREFIX : `${DOMAIN_PREFIX}${pathname}`
}

/** Paths answered by the APIs (JSON errors, no locale redirects). */
export function isApiPath(pathname: string): boolean {
  return API_SEGMENTS.has(pathname.split('/')[1] ?? '')
}
