// Which responses are homepage views, and the fetch wrapper that counts them (docs/decisions/051-dashboard.md).
// It sits outside the page cache (src/lib/page-cache.ts), so a page served from memory counts like a
// rendered one, and it adds nothing to a response's way out but a few header reads: the write happens
// later, in a batch (./batch.ts), through ctx.waitUntil.
import { deviceType, isBot } from '../environment'
import { DEFAULT_LOCALE } from '../locale'
import { siteOf } from '../tenant'
import { withoutTrailingSlash } from '../urls'
import { FLUSH_AFTER_MS, MAX_FLUSH_AFTER_MS, type PageView, PageViewBatch } from './batch'

/**
 * Set by the tenant pages on a public page of a published homepage: the realtor's id. The page cache
 * keeps it with the page, so a cached copy still says whose view it is; the wrapper removes it before
 * the response leaves the worker.
 */
export const VIEW_HEADER = 'X-Internal-Page-View'

/** The isolate's batch. */
export const pageViews = new PageViewBatch()

/** A browser fetching a page it may never show (link prefetch, speculation rules) is no view. */
function isPrefetch(headers: Headers): boolean {
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? headers.get('x-purpose')
  return purpose !== null && /prefetch|prerender/i.test(purpose)
}

/** The view a request and its response make, or null when they make none. */
export function viewOf(
  request: Request,
  status: number,
  realtorId: string,
  providerHosts?: string,
  now = Date.now(),
): PageView | null {
  if (request.method !== 'GET' || status !== 200) return null
  const id = Number(realtorId)
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const userAgent = request.headers.get('user-agent')
  if (isBot(userAgent) || isPrefetch(request.headers)) return null
  const site = siteOf(request, providerHosts)
  return {
    realtorId: id,
    hour: new Date(now).toISOString().slice(0, 13),
    path: withoutTrailingSlash(site.pagePath),
    locale: site.locale ?? DEFAULT_LOCALE,
    device: deviceType(userAgent),
  }
}

/** PAGE_VIEW_FLUSH_MS, or the default when unset (src/lib/config.ts refuses a bad value). */
export function flushAfterMsOf(value: string | undefined): number {
  if (!value) return FLUSH_AFTER_MS
  return Math.min(Number(value), MAX_FLUSH_AFTER_MS)
}

interface CountingEnv {
  DB: D1Database
  PROVIDER_HOSTS?: string
  PAGE_VIEW_FLUSH_MS?: string
}

type Fetch<E> = (request: Request, env: E, ctx: ExecutionContext) => Response | Promise<Response>

/** Takes the view header off a response and counts the view it names. */
function counted<E extends CountingEnv>(
  request: Request,
  response: Response,
  env: E,
  ctx: ExecutionContext,
  batch: PageViewBatch,
): Response {
  const realtorId = response.headers.get(VIEW_HEADER)
  if (realtorId === null) return response
  let out = response
  try {
    out.headers.delete(VIEW_HEADER)
  } catch {
    // A response whose headers are immutable (one passed through from fetch) is copied first.
    out = new Response(response.body, response)
    out.headers.delete(VIEW_HEADER)
  }
  const view = viewOf(request, response.status, realtorId, env.PROVIDER_HOSTS)
  if (view) batch.add(view, env.DB, (promise) => ctx.waitUntil(promise), flushAfterMsOf(env.PAGE_VIEW_FLUSH_MS))
  return out
}

/** Wraps the worker's fetch (with its page cache): counts the views, keeps a synchronous answer synchronous. */
export function withViewCounting<E extends CountingEnv>(fetch: Fetch<E>, batch = pageViews): Fetch<E> {
  return (request, env, ctx) => {
    const response = fetch(request, env, ctx)
    return response instanceof Response
      ? counted(request, response, env, ctx, batch)
      : response.then((done) => counted(request, done, env, ctx, batch))
  }
}
