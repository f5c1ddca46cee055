// Caching said in HTTP (docs/decisions/072-caching-in-http.md, 076-cost-flat-caching.md). `cachePage` marks
// a page the same for every visitor of its address: it renders completely, and it says so in `Cache-Control` and `Cache-Tag`, so Workers Cache keeps it in production and the embedded tier
// (src/front.ts) locally. `defaultCacheControl` makes every other response say it is not shared.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { CACHE_TAG, pageCacheSecondsOf, sharedCsp, sharedPage, sharedTags, unsaidCacheControl } from '../lib/page-cache'

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
    withHeader(c, 'Cache-Control', sharedPage(pageCacheSecondsOf(c.env.PAGE_CACHE_SECONDS)))
    withHeader(c, CACHE_TAG, tags(c).join(','))
  })

/**
 * What every response says of caching, once every other middleware has set its headers (registered before
 * the security headers, so it sees their CSP): one that says nothing is not shared (a browser keeps it only
 * to revalidate); one any cache may share carries no nonce — this render's would be served to every visitor.
 */
export const defaultCacheControl = () =>
  createMiddleware<AppEnv>(async function defaultCacheControl(c, next) {
    await next()
    if (!c.res.headers.has('cache-control')) withHeader(c, 'Cache-Control', unsaidCacheControl(c.res))
    const csp = c.res.headers.get('content-security-policy')
    if (csp && sharedTags(c.res)) withHeader(c, 'content-security-policy', sharedCsp(csp))
  })
