// Caching said in HTTP (docs/decisions/072-caching-in-http.md, 076-cost-flat-caching.md). `cachePage` marks
// a page the same for every visitor of its address: it renders completely and says so in `Cache-Control`
// and `Cache-Tag`, so Workers Cache keeps it in production and the embedded tier (src/front.ts) locally.
// `defaultCacheControl` makes every other response say it is not shared, and a shared one's CSP carry no nonce.
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
 * Every response that says nothing of caching says it is not shared (a browser keeps it only to revalidate),
 * and a shared one says no nonce in its CSP: that render's nonce would be served to every visitor of the
 * page. Here, not in cachePage: the security headers middleware sets the CSP once the route has answered,
 * and this middleware wraps it (src/worker.ts).
 */
export const defaultCacheControl = () =>
  createMiddleware<AppEnv>(async function defaultCacheControl(c, next) {
    await next()
    if (!c.res.headers.has('cache-control')) withHeader(c, 'Cache-Control', unsaidCacheControl(c.res))
    const csp = c.res.headers.get('content-security-policy')
    if (csp && sharedTags(c.res)) withHeader(c, 'content-security-policy', sharedCsp(csp))
  })
