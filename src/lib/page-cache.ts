// The rendered-page cache. Pages that are the same for every visitor of a locale (the landing page, a
// realtor's public homepage) are rendered once per isolate and served from memory afterwards, before
// any routing or middleware runs; tags and cross-isolate purges are src/lib/cache.ts's.
import { type CacheEntry, type GenerationStore, revalidateWhenDue, storeWhenRead, TaggedCache } from './cache'
import { type GenerationBindings, generationStoreOf } from './generations/store'
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

/** Set by the cachePage middleware on a response that may be cached; never sent to the client. */
export const TAGS_HEADER = 'X-Internal-Page-Cache-Tags'

type Fetch<E> = (request: Request, env: E, ctx: ExecutionContext) => Response | Promise<Response>

/**
 * Wraps the worker's fetch: answers cached pages before the router, and stores the responses the
 * routes marked cacheable (a 200 HTML page without cookies, for a request that has a cache key).
 */
export function withPageCache<E extends GenerationBindings & { PROVIDER_HOSTS?: string }>(
  fetch: Fetch<E>,
  cache = pageCache,
  storeOf: (env: E) => GenerationStore | undefined = generationStoreOf,
): Fetch<E> {
  async function renderAndStore(request: Request, env: E, ctx: ExecutionContext, key: string | null) {
    const epoch = cache.epoch
    const response = await fetch(request, env, ctx)
    const tags = response.headers.get(TAGS_HEADER)
    if (tags === null) return response
    if (!key || response.status !== 200 || response.headers.has('set-cookie')) {
      // Not kept: the route's own response (its headers were set by cachePage, so they can change) goes
      // out as it is, without a copy around its body (decision 058).
      response.headers.delete(TAGS_HEADER)
      return response
    }
    const headers = new Headers(response.headers)
    headers.delete(TAGS_HEADER)
    const body = new Uint8Array(await response.arrayBuffer())
    const csp = headers.get('content-security-policy')
    if (csp) headers.set('content-security-policy', sharedCsp(csp))
    const tagList = tags.split(' ').filter(Boolean)
    const stored = { ...Object.fromEntries(headers), [CACHE_HEADER.toLowerCase()]: 'hit' }
    storeWhenRead(
      cache,
      key,
      (generations, now) => {
        const entry = { body, status: response.status, headers: stored, tags: tagList, generations }
        return { ...entry, storedAt: now, checkedAt: now }
      },
      tagList,
      epoch,
      storeOf(env),
      (promise) => ctx.waitUntil(promise),
    )
    headers.set(CACHE_HEADER, 'miss')
    return new Response(body, { status: response.status, headers })
  }

  // A hit is answered synchronously: no promise, nothing but the lookup between request and response.
  return (request, env, ctx) => {
    const key = cacheKey(request, env.PROVIDER_HOSTS)
    const entry = key ? cache.get(key) : null
    if (key && entry) {
      revalidateWhenDue(cache, entry, storeOf(env), (promise) => ctx.waitUntil(promise))
      return responseOf(entry)
    }
    return renderAndStore(request, env, ctx, key)
  }
}
