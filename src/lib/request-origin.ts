// Where a request says it comes from, by the two headers only a browser sets and no page can forge
// (docs/decisions/085-one-origin-check-for-writes.md): Sec-Fetch-Site and Origin. The one judgement behind
// the origin check of every write (src/middleware/origin.ts) and the CORS answers (src/middleware/cors.ts).

/** Methods that change nothing (RFC 9110 §9.2.1) and a CORS preflight: every other method is a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method.toUpperCase())

/**
 * - `same-origin`: a page of the request's own origin (or the user, by typing or a bookmark) sent it;
 * - `allowed-origin`: a page of one of API_ALLOWED_ORIGINS sent it;
 * - `cross-origin`: a browser says another origin's page (or an opaque one, `Origin: null`) sent it;
 * - `unnamed`: neither header: no browser sent it (curl, a server), or one older than both headers.
 */
export type RequestSource = 'same-origin' | 'allowed-origin' | 'cross-origin' | 'unnamed'

/** An origin as the URL parser writes it (lower-case host, no default port), or null for anything else. */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** The comma-separated API_ALLOWED_ORIGINS as origins; an entry that is no URL is ignored. */
export function parseOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>()
  for (const entry of (value ?? '').split(',')) {
    const origin = entry.trim() ? originOf(entry.trim()) : null
    if (origin) origins.add(origin)
  }
  return origins
}

/**
 * The origin a request was sent to: its URL's scheme and its Host header, as the site is resolved
 * (src/lib/tenant.ts). On Cloudflare the two agree; a request made in code may name only its URL.
 */
export function ownOriginOf(request: Request): string {
  const url = new URL(request.url)
  const host = request.headers.get('host')
  return (host && originOf(`${url.protocol}//${host}`)) || url.origin
}

/**
 * Judges a request by what its browser says. A browser's word that another origin sent it, from either
 * header, decides: Sec-Fetch-Site (every current browser) names same-origin, same-site, cross-site or
 * none (the user's own navigation); Origin (sent with every POST, PUT, PATCH and DELETE since before
 * Sec-Fetch-Site) names the page's origin, or `null` for an opaque one. `Origin: null` with
 * `Sec-Fetch-Site: same-origin` is our own page under a no-referrer policy. Referer is not read: policies
 * and extensions drop it, and a browser that sends neither header above honours the session cookie's
 * SameSite=Lax, which keeps the cookie off another site's POST.
 */
export function requestSourceOf(request: Request, allowedOrigins: ReadonlySet<string>): RequestSource {
  const fetchSite = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
  const originHeader = request.headers.get('origin')?.trim()
  if (!fetchSite && !originHeader) return 'unnamed'
  const origin = originHeader ? originOf(originHeader) : null
  const allowed = origin !== null && allowedOrigins.has(origin)
  const own = ownOriginOf(request)
  // An Origin that names a page of another origin, or one that is no origin at all.
  if (originHeader && originHeader !== 'null' && origin !== own) return allowed ? 'allowed-origin' : 'cross-origin'
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return 'same-origin'
    return allowed ? 'allowed-origin' : 'cross-origin'
  }
  // No Sec-Fetch-Site: the Origin alone, own (above: another) or `null`.
  return origin === own ? 'same-origin' : 'cross-origin'
}
