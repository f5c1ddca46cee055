// Caching said in HTTP (docs/decisions/072-caching-in-http.md). `cachePage` marks a page the same for
// every visitor of its address: it renders completely, without a nonce, and says so in `Cache-Control`
// and `Cache-Tag`, so Workers Cache keeps it in production. `embeddedPageCache` is the tier behind the
// same headers in this isolate: the first middleware, it answers what it holds and keeps what a route
// said may be shared. It also serves what Workers Cache may not share by URL alone: an unprefixed page
// depends on the locale the cookie and languages pick (its `Vary`, the locale middleware's), which its key
// (cacheKey) accounts for.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { revalidateWhenDue, storeWhenRead } from '../lib/cache'
import { generationStoreOf } from '../lib/generations/store'
import {
  CACHE_HEADER,
  CACHE_TAG,
  cacheKey,
  type PageCache,
  responseOf,
  SHARED_PAGE,
  shareablePage,
  sharedTags,
  unsaidCacheControl,
} from '../lib/page-cache'

/** Sets a header on the response, copying it first when its headers are immutable (passed through from fetch). */
function withHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value)
  } catch {
    const copy = new Response(c.res.body, c.res)
    copy.headers.set(name, value)
    c.res = copy
  }
}

export const cachePage = <E extends AppEnv>(tags: (c: Context<E>) => string[]) =>
  createMiddleware<E>(async function cachePage(c, next) {
    c.set('cacheable', true)
    await next()
    if (c.res.status !== 200 || !c.get('cacheable')) return
    withHeader(c, 'Cache-Control', SHARED_PAGE)
    withHeader(c, CACHE_TAG, tags(c).join(','))
  })

/** The isolate's tier of shareable pages; every response that says nothing of caching says it is not shared. */
export const embeddedPageCache = (cache: PageCache | null, storeOf = generationStoreOf) =>
  createMiddleware<AppEnv>(async function embeddedPageCache(c, next) {
    const key = cache ? cacheKey(c.req.raw, c.env.PROVIDER_HOSTS) : null
    const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise)
    const entry = key && cache ? cache.get(key) : null
    if (cache && entry) {
      revalidateWhenDue(cache, entry, storeOf(c.env), waitUntil)
      return responseOf(entry)
    }
    const epoch = cache?.epoch ?? 0
    await next()
    if (!c.res.headers.has('cache-control')) withHeader(c, 'Cache-Control', unsaidCacheControl(c.res))
    const tags = key && cache ? sharedTags(c.res) : null
    if (!cache || !key || !tags) return
    const rendered = c.res
    const { status } = rendered
    const body = await shareablePage(rendered)
    const stored = { ...Object.fromEntries(rendered.headers), [CACHE_HEADER.toLowerCase()]: 'hit' }
    storeWhenRead(
      cache,
      key,
      (generations, now) => ({ body, status, headers: stored, tags, generations, storedAt: now, checkedAt: now }),
      tags,
      epoch,
      storeOf(c.env),
      waitUntil,
    )
    rendered.headers.set(CACHE_HEADER, 'miss')
    c.res = new Response(body, rendered)
  })
