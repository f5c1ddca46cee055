// The rendered-page cache's rules: which requests it may answer, what a shareable page says in HTTP
// (Cache-Control, Cache-Tag, Vary), and the isolate's tier that keeps such pages in memory (the
// middleware src/middleware/page-cache.ts owns its lookup and store; tags and cross-isolate purges are
// src/lib/cache.ts's).
import { type CacheEntry, TaggedCache } from './cache'
import { DEFAULT_LOCALE, detectLocale, localeCookieOf } from './locale'
import { siteOf } from './tenant'

export const CACHE_HEADER = 'X-Page-Cache'

export interface CachedPage extends CacheEntry {
  body: Uint8Array<ArrayBuffer>
  status: number
  /** The response's headers as served from the cache (a plain object is the cheapest to copy). */
  headers: Record<string, string>
}

/**
 * The cache key of a request that may be answered from the cache, or null. Only plain GETs without a
 * query qualify, and an unprefixed (Korean) path only when the visitor's locale is Korean: everyone
 * else gets the locale middleware's redirect. The router resolves tenants by the request's Site
 * (src/lib/tenant.ts), so the key is the Site's host and path.
 */
export function cacheKey(request: Request, providerHosts?: string): string | null {
  if (request.method !== 'GET' || request.url.includes('?')) return null
  const site = siteOf(request, providerHosts)
  if (site.host === null) return null
  if (site.locale === null) {
    const detected = detectLocale(localeCookieOf(request.headers.get('cookie')), request.headers.get('accept-language'))
    if (detected !== DEFAULT_LOCALE) return null
  }
  return `${site.host}${site.pathname}`
}

/** Removes the per-request nonce from a CSP: a cached page is shared, and has no inline script. */
export function sharedCsp(csp: string): string {
  return csp.replace(/\s*'nonce-[^']*'/g, '')
}

/** Pages: 500 entries, 32 MB, 5 minutes. */
export class PageCache extends TaggedCache<CachedPage> {
  constructor(now: () => number = Date.now) {
    super({ maxEntries: 500, maxBytes: 32 * 1024 * 1024, maxAgeMs: 5 * 60_000 }, (entry) => entry.body.byteLength, now)
  }
}

export function responseOf(entry: CachedPage): Response {
  return new Response(entry.body, { status: entry.status, headers: entry.headers })
}

/** The isolate's page cache. */
export const pageCache = new PageCache()

/**
 * What a shareable page says in HTTP (docs/decisions/072-caching-in-http.md): any cache may keep it five
 * minutes (`s-maxage`; purged by tag on every write, so an edit shows at once), a browser checks back
 * every time. Workers Cache keeps it in production; the embedded tier (src/middleware/page-cache.ts)
 * does locally and for what Workers Cache cannot share.
 */
export const SHARED_PAGE = 'public, max-age=0, s-maxage=300'
/** What every other response says, unless it says otherwise: nobody's cache keeps it. */
export const NOT_SHARED = 'private, no-store'
/** The same for a response with a validator (an ETag): the browser keeps it and asks again with it (a 304). */
export const NOT_SHARED_REVALIDATED = 'private, no-cache'

/** What a response that says nothing of caching says: kept by no shared cache, by a browser only to revalidate. */
export const unsaidCacheControl = (response: Response) =>
  response.headers.has('etag') ? NOT_SHARED_REVALIDATED : NOT_SHARED
/** The tags a shareable response is purged by (Cloudflare's header: comma-separated). */
export const CACHE_TAG = 'Cache-Tag'

/** The tags of a response any cache may share, or null when it may not be kept. */
export function sharedTags(response: Response): string[] | null {
  if (response.status !== 200 || response.headers.has('set-cookie')) return null
  const control = response.headers.get('cache-control') ?? ''
  if (!/(^|,)\s*public\b/.test(control) || !/\bs-maxage=\d/.test(control)) return null
  const tags = (response.headers.get(CACHE_TAG) ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
  return tags.length > 0 ? tags : null
}

/** Reads a rendered page for the embedded tier: its body, and its headers made shareable (no nonce in the CSP). */
export async function shareablePage(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const body = new Uint8Array(await response.arrayBuffer())
  const csp = response.headers.get('content-security-policy')
  if (csp) response.headers.set('content-security-policy', sharedCsp(csp))
  return body
}
