// The rendered-page cache's rules (docs/decisions/072-caching-in-http.md, 076-cost-flat-caching.md): which
// requests go to the cached page entrypoint and under which key, what a shareable page says in HTTP
// (Cache-Control, Cache-Tag, Vary), and the isolate's tier that stands in for Workers Cache where the
// runtime has none (Miniflare). The worker's front (src/front.ts) acts on them; tags and purges are
// src/lib/cache.ts's.
import { BUYER_COOKIE } from './buyers/store'
import { type CacheEntry, TaggedCache } from './cache'
import { cookieOf, DEFAULT_LOCALE, detectLocale, type Locale, localeCookieOf } from './locale'
import { SESSION_COOKIE } from './session'
import { portOf, ROUTES, siteOf } from './tenant'

export const CACHE_HEADER = 'X-Page-Cache'

/**
 * What the front passes to the page entrypoint as `ctx.props`: the site the page is of and its locale.
 * Workers Cache keys an entrypoint's answers by path, query and props, never by Host: the site must be
 * in the props, or two realtors' domains serving `/` would share one entry.
 */
export interface PageProps {
  /** The site's origin as the visitor addressed it (scheme, host, port): the landing's or a realtor's. */
  origin: string
  locale: Locale
}

/**
 * Query parameters that only say where a visitor came from (ad and campaign tracking): they change no
 * page, so they are no part of a page's key. Any other query keeps its meaning (and its own entry).
 */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|gclsrc|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok)$/i

/** The URL without its tracking parameters (the others in their order). */
export function withoutTracking(url: URL): URL {
  if (!url.search) return url
  const kept = new URL(url)
  for (const name of new Set(url.searchParams.keys())) if (TRACKING.test(name)) kept.searchParams.delete(name)
  // `?` alone is no query: the key of `/x?utm_source=a` is `/x`.
  if (kept.searchParams.size === 0) kept.search = ''
  return kept
}

/**
 * A cookie header that names a session: a signed-in visitor's pages are theirs (the owner's preview, say), and
 * so are a signed-in buyer's (their hearts filled: docs/decisions/107-buyer-accounts.md).
 */
const hasSession = (cookie: string | null) =>
  cookieOf(cookie, SESSION_COOKIE) !== undefined || cookieOf(cookie, BUYER_COOKIE) !== undefined

/**
 * The request the front hands the cached page entrypoint, with its props; null when the request is not
 * one any visitor of the address would get the same answer to. Only a GET of a public page (the landing's
 * or a realtor's, not the builder, not an API) qualifies, without a session or Authorization, without
 * the language switcher's `?locale=` (it sets a cookie), and — for an unprefixed (Korean) path — only when
 * the visitor's cookie and languages pick Korean: everyone else gets the locale middleware's redirect.
 * The request handed on carries no cookie and no Accept-Language (the answer cannot depend on them: they are
 * not in the key) and no tracking parameter.
 */
export function pageRequestOf(
  request: Request,
  providerHosts?: string,
): { props: PageProps; key: string; request: () => Request } | null {
  if (request.method !== 'GET' || request.headers.has('authorization')) return null
  const site = siteOf(request, providerHosts)
  if (site.host === null || site.api) return null
  if (!site.routePath.startsWith(ROUTES.site) && !site.routePath.startsWith(ROUTES.provider)) return null
  const cookie = request.headers.get('cookie')
  if (hasSession(cookie)) return null
  // Parsed only when there is a query (a hit on a plain address is the common case): the site has the path.
  const url = request.url.includes('?') ? withoutTracking(new URL(request.url)) : null
  if (url?.searchParams.has('locale')) return null
  if (
    site.locale === null &&
    detectLocale(localeCookieOf(cookie), request.headers.get('accept-language')) !== DEFAULT_LOCALE
  )
    return null
  const origin = originOf(request.url, site.host, request.headers.get('host'))
  // A host the router takes (`a.0`, whose last label a URL reads as an IPv4 number; an IPv6 literal it cannot check) may still be no origin a URL accepts:
  // such a request goes to the routes as it came, which answer it.
  if (!URL.canParse(origin)) return null
  const props: PageProps = { origin, locale: site.locale ?? DEFAULT_LOCALE }
  const key = pageKey(props, url ?? { pathname: site.pathname, search: '' })
  // Made only when the page entrypoint is called: a page the embedded tier holds needs just the key.
  const handedOn = () => {
    const headers = new Headers(request.headers)
    headers.delete('cookie')
    headers.delete('accept-language')
    // `manual`: the entrypoint's redirects (the locale's, an old address's) go to the visitor as they are. A
    // Request made here follows them by default, and the front would answer the target's page at this URL.
    return new Request(url ?? request.url, { method: 'GET', headers, redirect: 'manual' })
  }
  return { props, key, request: handedOn }
}

/** The origin a visitor addressed: the URL's scheme, the site's host and the Host header's port. */
function originOf(requestUrl: string, host: string, hostHeader: string | null): string {
  // The site's host as resolveSite normalized it (lower case, no trailing dot): `Jane.Example.` is one entry with `jane.example`.
  const protocol = requestUrl.slice(0, requestUrl.indexOf(':') + 1)
  return `${protocol}//${host}${portOf(hostHeader ?? new URL(requestUrl).host)}`
}

/**
 * The key of a page in the embedded tier, made of what Workers Cache keys the page entrypoint by: the
 * props and the path with its query (the entrypoint and the worker's version are one per isolate).
 */
export function pageKey(props: PageProps, url: Pick<URL, 'pathname' | 'search'>): string {
  return `${props.origin} ${props.locale} ${url.pathname}${url.search}`
}

/** The request as the page entrypoint answers it: addressed to the props' origin, whatever it arrived with. */
export function pageRequestFor(props: PageProps, request: Request): Request {
  const url = new URL(request.url)
  const origin = new URL(props.origin)
  url.protocol = origin.protocol
  url.host = origin.host
  const headers = new Headers(request.headers)
  headers.set('host', origin.host)
  return new Request(url, { method: request.method, headers })
}

/** Removes the per-request nonce from a CSP: a shared page has no inline script. */
export function sharedCsp(csp: string): string {
  return csp.replace(/\s*'nonce-[^']*'/g, '')
}

/**
 * What a shareable page says in HTTP: any cache may keep it `seconds` (`s-maxage`; purged by tag on
 * every write, so an edit shows at once), a browser checks back every time. Workers Cache keeps it in
 * production; the embedded tier does locally.
 */
export const sharedPage = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`
/** How long a shared page is kept unless PAGE_CACHE_SECONDS says otherwise: five minutes. */
export const PAGE_CACHE_SECONDS = 300
/** The longest PAGE_CACHE_SECONDS a configuration may ask for: a day. */
export const MAX_PAGE_CACHE_SECONDS = 86_400
/** PAGE_CACHE_SECONDS, or the default when unset (src/lib/config.ts refuses a bad value). */
export const pageCacheSecondsOf = (value: string | undefined) => (value ? Number(value) : PAGE_CACHE_SECONDS)
export const SHARED_PAGE = sharedPage(PAGE_CACHE_SECONDS)
/** What every other response says, unless it says otherwise: nobody's cache keeps it. */
export const NOT_SHARED = 'private, no-store'
/** The same for a response with a validator (an ETag): the browser keeps it and asks again with it (a 304). */
export const NOT_SHARED_REVALIDATED = 'private, no-cache'

/** What a response that says nothing of caching says: kept by no shared cache, by a browser only to revalidate. */
export const unsaidCacheControl = (response: Response) =>
  response.headers.has('etag') ? NOT_SHARED_REVALIDATED : NOT_SHARED
/** The tags a shareable response is purged by (Cloudflare's header: comma-separated). */
export const CACHE_TAG = 'Cache-Tag'

/** How long a shared cache may keep a response (its s-maxage), or null when it may not keep it. */
function sharedSeconds(response: Response): number | null {
  if (response.status !== 200 || response.headers.has('set-cookie')) return null
  const control = response.headers.get('cache-control') ?? ''
  const seconds = /\bs-maxage=(\d+)/.exec(control)?.[1]
  return /(^|,)\s*public\b/.test(control) && seconds ? Number(seconds) : null
}

/**
 * What a request's own Cache-Control asks of the embedded tier (RFC 9111 §5.2.1): `no-cache`, not to be
 * answered from it; `no-store`, that its answer not be kept. A developer's hard reload sends `no-cache`, and
 * `npm run bench` measures a render with both. A visitor gains nothing by it that a new query string would not
 * give (either renders the page); Workers Cache in production follows its own rules.
 */
export function requestCacheControl(request: Request): { noCache: boolean; noStore: boolean } {
  const control = request.headers.get('cache-control')
  if (!control) return NO_DIRECTIVES
  return { noCache: /(^|,)\s*no-cache\s*(,|$)/i.test(control), noStore: /(^|,)\s*no-store\s*(,|$)/i.test(control) }
}
const NO_DIRECTIVES = Object.freeze({ noCache: false, noStore: false })

/** The tags of a response any cache may share, or null when it may not be kept. */
export function sharedTags(response: Response): string[] | null {
  if (sharedSeconds(response) === null) return null
  const tags = (response.headers.get(CACHE_TAG) ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
  return tags.length > 0 ? tags : null
}

export interface CachedPage extends CacheEntry {
  body: Uint8Array<ArrayBuffer>
  status: number
  /** The response's headers as served from the cache (a plain object is the cheapest to copy). */
  headers: Record<string, string>
}

/**
 * The isolate's pages: bounded by bytes (32 MB; the 4,000 entries only stop a flood of tiny ones) and by
 * each page's own s-maxage. In production Workers Cache keeps pages, shared by every isolate of a
 * location and bounded by nothing this isolate holds; this tier is for where the runtime has none.
 */
export class PageCache extends TaggedCache<CachedPage> {
  constructor(now: () => number = Date.now) {
    super(
      { maxEntries: 4_000, maxBytes: 32 * 1024 * 1024, maxAgeMs: MAX_PAGE_CACHE_SECONDS * 1000 },
      (entry) => entry.body.byteLength,
      now,
    )
  }

  /** Keeps a response a shared cache may keep, under `key`, unless a purge happened since `epoch`; returns what to answer. */
  async keep(key: string, response: Response, epoch: number): Promise<Response> {
    const tags = sharedTags(response)
    if (!tags) return response
    const body = new Uint8Array(await response.arrayBuffer())
    const headers = { ...Object.fromEntries(response.headers), [CACHE_HEADER.toLowerCase()]: 'hit' }
    const maxAgeMs = (sharedSeconds(response) ?? 0) * 1000
    this.set(key, { body, status: response.status, headers, tags, storedAt: this.now(), maxAgeMs }, epoch)
    const answer = new Response(body, response)
    answer.headers.set(CACHE_HEADER, 'miss')
    return answer
  }
}

export function responseOf(entry: CachedPage): Response {
  return new Response(entry.body, { status: entry.status, headers: entry.headers })
}

/** The isolate's page cache. */
export const pageCache = new PageCache()

/** A shareable answer as the renders waiting for it receive it: bytes, never a stream of another request. */
interface SharedAnswer {
  body: Uint8Array<ArrayBuffer>
  status: number
  headers: [string, string][]
}

/** How long a render waits for the same page's render already under way before it renders itself. */
export const COLLAPSE_WAIT_MS = 5_000

/**
 * Concurrent misses of one page in an isolate, collapsed: the first renders (its answer streams to its
 * visitor as it comes), the others wait for its bytes and answer with them — when the answer may be shared;
 * otherwise, or when it takes over COLLAPSE_WAIT_MS or fails, each renders its own. A waiting request holds
 * a resolver of its own promise (a promise belongs to the request that made it); the first request only
 * calls it. In production this runs in the `Pages` entrypoint behind Workers Cache, so a purged popular page
 * costs one render per isolate, not one per visitor.
 */
export class CollapsedRenders {
  private readonly waiting = new Map<string, ((answer: SharedAnswer | null) => void)[]>()

  /** Renders in flight (tests). */
  get size(): number {
    return this.waiting.size
  }

  async run(
    key: string,
    render: () => Promise<Response>,
    waitUntil: (promise: Promise<unknown>) => void,
  ): Promise<Response> {
    const queue = this.waiting.get(key)
    if (queue) {
      const answer = await new Promise<SharedAnswer | null>((resolve) => {
        queue.push(resolve)
        setTimeout(() => resolve(null), COLLAPSE_WAIT_MS)
      })
      return answer ? new Response(answer.body, { status: answer.status, headers: answer.headers }) : render()
    }
    const waiters: ((answer: SharedAnswer | null) => void)[] = []
    this.waiting.set(key, waiters)
    const settle = (answer: SharedAnswer | null) => {
      if (this.waiting.get(key) === waiters) this.waiting.delete(key)
      for (const resolve of waiters) resolve(answer)
    }
    let response: Response
    try {
      response = await render()
    } catch (error) {
      settle(null)
      throw error
    }
    if (!sharedTags(response) || !response.body) {
      settle(null)
      return response
    }
    const [mine, theirs] = response.body.tee()
    const { status } = response
    const headers = [...response.headers]
    waitUntil(
      new Response(theirs)
        .arrayBuffer()
        .then((bytes) => settle({ body: new Uint8Array(bytes), status, headers }))
        .catch(() => settle(null)),
    )
    return new Response(mine, response)
  }
}
