// The worker's front (docs/decisions/076-cost-flat-caching.md): every request meets it first. A public
// page request any visitor of its address would get the same answer to (pageRequestOf) goes to the
// `Pages` entrypoint with its site and locale as props, cookies and tracking parameters left behind; in
// production Workers Cache sits on that call and answers without running the entrypoint. Where the
// runtime has no Workers Cache (Miniflare: `npm start`, tests, benches) the embedded tier stands in for it
// under the same key and the same headers. Everything else goes to the routes as it came.
import type { Bindings } from './env'
import { checkFreshnessWhenDue, edgeCacheOf } from './lib/cache'
import { tagLogOf } from './lib/generations/store'
import { type PageCache, type PageProps, pageRequestOf, requestCacheControl, responseOf } from './lib/page-cache'

type Handler = (request: Request, env: Bindings, ctx: ExecutionContext) => Response | Promise<Response>

/** The `Pages` entrypoint as `ctx.exports` hands it out (absent in a context made by hand). */
type PagesExport = (options: { props: PageProps }) => { fetch(request: Request): Promise<Response> }

/** `ctx.exports` of the runtime's context, when it has one. */
export function exportsOf(ctx: ExecutionContext): { Pages?: PagesExport } | undefined {
  return (ctx as { exports?: { Pages?: PagesExport } }).exports
}

export interface FrontOptions {
  /** Everything that is not a shareable page request. */
  routes: Handler
  /** The page entrypoint, given the props. */
  pages: (props: PageProps, request: Request, env: Bindings, ctx: ExecutionContext) => Promise<Response>
  /** The embedded tier; null: none. */
  tier: PageCache | null
}

export function front({ routes, pages, tier }: FrontOptions): Handler {
  // Not async: a page the embedded tier holds is a synchronous answer.
  return function front(request, env, ctx) {
    const page = pageRequestOf(request, env.PROVIDER_HOSTS)
    if (!page) return routes(request, env, ctx)
    if (!tier || edgeCacheOf(ctx)) return pages(page.props, page.request(), env, ctx)
    checkFreshnessWhenDue(tagLogOf(env), (promise) => ctx.waitUntil(promise))
    const { noCache, noStore } = requestCacheControl(request)
    const entry = noCache ? null : tier.get(page.key)
    if (entry) return responseOf(entry)
    if (noStore) return pages(page.props, page.request(), env, ctx)
    // A purge while the page renders may have removed what it is made of: it is then not kept.
    const epoch = tier.epoch
    return pages(page.props, page.request(), env, ctx).then((response) => tier.keep(page.key, response, epoch))
  }
}
