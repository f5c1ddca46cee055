// The rendered-page cache. Pages that are the same for every visitor of a locale (the landing page, a
// realtor's public homepage) are rendered once per isolate and served from memory afterwards, before
// any routing or middleware runs. Each entry carries tags (`realtors`, `realtor:42`); a write purges its
// tags here at once and bumps their generation in KV, which other isolates check at most once a second
// in the background (stale-while-revalidate), so a profile change is visible everywhere within ~1 s.
import { DEFAULT_LOCALE, detectLocale, LOCALE_COOKIE, splitLocalePath } from './locale'
import { normalizeHost } from './tenant'

export const CACHE_HEADER = 'X-Page-Cache'
const MAX_ENTRIES = 500
const MAX_BYTES = 32 * 1024 * 1024
const MAX_AGE_MS = 5 * 60_000
const REVALIDATE_MS = 1_000
const GENERATION_PREFIX = 'page-generation:'

export interface CachedPage {
  body: Uint8Array<ArrayBuffer>
  status: number
  headers: [string, string][]
  tags: string[]
  /** Generation of each tag when the page was rendered. */
  generations: string[]
  storedAt: number
  checkedAt: number
}

/** The generation store: KV in the worker, a Map in tests. */
export interface GenerationStore {
  get(key: string): Promise<string | null>
  put(key: string, value: string): Promise<void>
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

/**
 * The cache key of a request that may be answered from the cache, or null. Only plain GETs without a
 * query qualify, and an unprefixed (Korean) path only when the visitor's locale is Korean: everyone
 * else gets the locale middleware's redirect.
 */
export function cacheKey(request: Request): string | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.search) return null
  const { locale } = splitLocalePath(url.pathname)
  if (locale === null) {
    const detected = detectLocale(
      cookieValue(request.headers.get('cookie'), LOCALE_COOKIE),
      request.headers.get('accept-language'),
    )
    if (detected !== DEFAULT_LOCALE) return null
  }
  // The router resolves tenants by the Host header (src/lib/tenant.ts), so the key does too.
  const host = normalizeHost(request.headers.get('host') ?? url.host)
  return host === null ? null : `${host}${url.pathname}`
}

/** Removes the per-request nonce from a CSP: a cached page is shared, and has no inline script. */
export function sharedCsp(csp: string): string {
  return csp.replace(/\s*'nonce-[^']*'/g, '')
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private bytes = 0

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size
  }

  /** A fresh entry, moved to the most-recently-used end. */
  get(key: string): CachedPage | null {
    const entry = this.entries.get(key)
    if (!entry) return null
    if (this.now() - entry.storedAt > MAX_AGE_MS) {
      this.delete(key)
      return null
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, entry: CachedPage): void {
    if (entry.body.byteLength > MAX_BYTES / 8) return
    this.delete(key)
    this.entries.set(key, entry)
    this.bytes += entry.body.byteLength
    for (const [oldest] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.bytes -= entry.body.byteLength
    this.entries.delete(key)
  }

  /** Drops every entry carrying one of the tags. */
  purge(tags: string[]): number {
    let purged = 0
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) {
        this.delete(key)
        purged++
      }
    }
    return purged
  }

  /** Whether the entry should be checked against the generation store now (and marks it checked). */
  due(entry: CachedPage): boolean {
    if (this.now() - entry.checkedAt < REVALIDATE_MS) return false
    entry.checkedAt = this.now()
    return true
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}

export async function generationsOf(store: GenerationStore | undefined, tags: string[]): Promise<string[]> {
  if (!store) return tags.map(() => '0')
  return Promise.all(tags.map(async (tag) => (await store.get(GENERATION_PREFIX + tag)) ?? '0'))
}

/** Drops the entry when another isolate has purged one of its tags since it was rendered. */
export async function revalidate(
  cache: PageCache,
  key: string,
  entry: CachedPage,
  store: GenerationStore | undefined,
): Promise<void> {
  const current = await generationsOf(store, entry.tags)
  if (current.some((generation, index) => generation !== entry.generations[index])) cache.delete(key)
}

/** Purges tags in this isolate and bumps their generation for every other. */
export async function purgeTags(cache: PageCache, store: GenerationStore | undefined, tags: string[]): Promise<void> {
  cache.purge(tags)
  if (!store) return
  const generation = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`
  await Promise.all(tags.map((tag) => store.put(GENERATION_PREFIX + tag, generation)))
}

export function responseOf(entry: CachedPage): Response {
  const headers = new Headers(entry.headers)
  headers.set(CACHE_HEADER, 'hit')
  return new Response(entry.body, { status: entry.status, headers })
}

/** The isolate's page cache. */
export const pageCache = new PageCache()

/** Tags of the pages to purge when a realtor changes: their homepage and the landing carousel. */
export function realtorTags(realtorId: number | string): string[] {
  return [`realtor:${realtorId}`, 'realtors']
}

/** Set by the cachePage middleware on a response that may be cached; never sent to the client. */
export const TAGS_HEADER = 'X-Internal-Page-Cache-Tags'

type Fetch<E> = (request: Request, env: E, ctx: ExecutionContext) => Response | Promise<Response>

/**
 * Wraps the worker's fetch: answers cached pages before the router, and stores the responses the
 * routes marked cacheable (a 200 HTML page without cookies, for a request that has a cache key).
 */
export function withPageCache<E extends { CACHE?: GenerationStore }>(fetch: Fetch<E>, cache = pageCache): Fetch<E> {
  return async (request, env, ctx) => {
    const key = cacheKey(request)
    const entry = key ? cache.get(key) : null
    if (key && entry) {
      if (cache.due(entry)) ctx.waitUntil(revalidate(cache, key, entry, env.CACHE).catch(() => cache.delete(key)))
      return responseOf(entry)
    }
    const response = await fetch(request, env, ctx)
    const tags = response.headers.get(TAGS_HEADER)
    if (tags === null) return response
    const headers = new Headers(response.headers)
    headers.delete(TAGS_HEADER)
    if (!key || response.status !== 200 || headers.has('set-cookie')) {
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    }
    const body = new Uint8Array(await response.arrayBuffer())
    const csp = headers.get('content-security-policy')
    if (csp) headers.set('content-security-policy', sharedCsp(csp))
    const tagList = tags.split(' ').filter(Boolean)
    const now = Date.now()
    cache.set(key, {
      body,
      status: response.status,
      headers: [...headers],
      tags: tagList,
      generations: await generationsOf(env.CACHE, tagList).catch(() => tagList.map(() => 'unknown')),
      storedAt: now,
      checkedAt: now,
    })
    headers.set(CACHE_HEADER, 'miss')
    return new Response(body, { status: response.status, headers })
  }
}
