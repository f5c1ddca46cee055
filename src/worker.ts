// The worker: global middleware, every mount, one error handler, and the cron. Each request's Site
// (src/lib/tenant.ts) is resolved once, before routing: it says which site the request is for and the
// path the router matches.
import { WorkerEntrypoint } from 'cloudflare:workers'
import { Hono } from 'hono'
import type { AppEnv, Bindings } from './env'
import { exportsOf, front } from './front'
import { alertPass } from './lib/alerts/cron'
import { edgeCacheOf } from './lib/cache'
import { assertConfig, ConfigError, logRefusalOnce } from './lib/config'
import { type DataCache, dataCache } from './lib/data-cache'
import { refreshWaitingDomains } from './lib/domains/setup'
import { tagLogOf } from './lib/generations/store'
import { replicateFeeds } from './lib/mls/cron'
import { outboxConfig } from './lib/outbox/config'
import { retryOutbox } from './lib/outbox/cron'
import { CollapsedRenders, type PageCache, type PageProps, pageCache, pageKey, pageRequestFor } from './lib/page-cache'
import { loadPhoneMetadata } from './lib/phone/metadata'
import { d1Store } from './lib/realtors/d1-store'
import { purgeDeletedHomepages } from './lib/realtors/lifecycle'
import { purgeRealtor } from './lib/realtors/service'
import type { RealtorStore } from './lib/realtors/store'
import { upstreamStore } from './lib/realtors/upstream-store'
import { cancelUnreadBody } from './lib/request-body'
import { ROUTES, routePathOf, siteOf } from './lib/tenant'
import { type FetchLike, upstreamTimeout } from './lib/upstream'
import { builderMessages } from './middleware/builder-messages'
import { locale } from './middleware/locale'
import { monitoring } from './middleware/monitoring'
import { sameOriginWrites } from './middleware/origin'
import { defaultCacheControl } from './middleware/page-cache'
import { securityHeaders } from './middleware/security'
import { session } from './middleware/session'
import { tenant } from './middleware/tenant'
import api from './routes/api'
import builder from './routes/builder'
import dashboard from './routes/dashboard'
import domainScreen from './routes/domain'
import { handleError, handleNotFound } from './routes/errors'
import inboxPages from './routes/inbox'
import pages from './routes/pages'
import preview from './routes/preview'
import pwa from './routes/pwa'
import seo from './routes/seo'
import tenantPages from './routes/tenant'

export interface AppOptions {
  /** The realtor store for a request's environment. */
  realtors?: (env: Bindings) => RealtorStore
  /** fetch for upstream APIs; tests pass a fake upstream. */
  upstreamFetch?: FetchLike
  /** Keeps realtor profiles and listings between renders (the worker's isolate cache); none by default. */
  dataCache?: DataCache
}

/** The realtor API's origin when set (upstream mode), else the embedded D1 store. */
export function defaultRealtorStore(env: Bindings, upstreamFetch: FetchLike): RealtorStore {
  return env.REALTOR_API_ORIGIN
    ? upstreamStore(env.REALTOR_API_ORIGIN, upstreamTimeout(env.UPSTREAM_TIMEOUT_MS), upstreamFetch)
    : d1Store(env.DB)
}

export function createApp({
  upstreamFetch = (input, init) => fetch(input, init),
  realtors = (env) => defaultRealtorStore(env, upstreamFetch),
  dataCache: cache,
}: AppOptions = {}) {
  const app = new Hono<AppEnv>({ getPath: routePathOf })

  // A body the answer was made without is cancelled once it is made (docs/decisions/079): a refusal never
  // waits for the rest of a body it did not read. Bodies a route takes go through limitBody or requestBody.
  app.use('*', async function unreadBody(c, next) {
    const request = c.req.raw
    try {
      await next()
    } finally {
      cancelUnreadBody(request)
    }
  })
  app.use('*', async function requestDefaults(c, next) {
    c.set('site', siteOf(c.req.raw, c.env.PROVIDER_HOSTS))
    c.set('realtor', null)
    c.set('tenantBase', '')
    c.set('user', null)
    assertConfig(c.env)
    c.set('realtors', realtors(c.env))
    c.set(
      'dataCache',
      cache ? { cache, log: tagLogOf(c.env), waitUntil: (promise) => c.executionCtx.waitUntil(promise) } : null,
    )
    c.set('upstreamFetch', upstreamFetch)
    // Phone numbers are read with metadata the deployed worker keeps as a static asset: an isolate's first
    // request reads it (a no-op after, and wherever the library carries its own: docs/decisions/110).
    await loadPhoneMetadata(c.env.ASSETS)
    await next()
  })
  app.use('*', defaultCacheControl())
  app.use('*', securityHeaders())
  app.use('*', monitoring())
  app.use('*', session())
  // Before every route: a write another site's page sent is refused here, whatever it is (decision 085).
  app.use('*', sameOriginWrites())
  // The builder's messages, read from their asset before a builder page or API formats one (decision 094).
  app.use('*', builderMessages())
  app.route('/', api)
  // The builder's app manifest (docs/decisions/065-web-push.md): the same for every site, no tenant needed.
  app.route(ROUTES.builder, pwa)
  app.use('*', tenant())
  // Crawlers' files come before the locale middleware: they are never redirected.
  app.route('/', seo)
  app.use('*', locale())

  // Each sub-app once, on the canonical path of what it serves (ROUTES, src/lib/tenant.ts).
  app.route(ROUTES.provider, pages)
  app.route(ROUTES.builder, inboxPages)
  app.route(ROUTES.builder, builder)
  // The editor's preview of the unsaved draft (POST /admin/preview on a realtor's site).
  app.route(ROUTES.builder, preview)
  // The builder's dashboard of views and contacts (docs/decisions/051-dashboard.md).
  app.route(ROUTES.builder, dashboard)
  // The builder's Domain screen: the realtor's own domain (docs/decisions/054-domain-screen.md).
  app.route(ROUTES.builder, domainScreen)
  app.route(ROUTES.site, tenantPages)

  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

export interface WorkerAppOptions extends AppOptions {
  /** The embedded page tier (where the runtime has no Workers Cache); none: every page request renders. */
  pageCache: PageCache | null
}

/**
 * The worker's two entrypoints over one routes app (docs/decisions/076-cost-flat-caching.md): `fetch`, the
 * front every request meets, and `pages`, what the `Pages` entrypoint answers with its props.
 */
export function createWorkerApp({ pageCache: tier, ...options }: WorkerAppOptions) {
  const routes = createApp(options)
  const renders = new CollapsedRenders()
  const pages = (request: Request, env: Bindings, ctx: ExecutionContext, props: PageProps) =>
    renders.run(
      pageKey(props, new URL(request.url)),
      async () => routes.fetch(pageRequestFor(props, request), env, ctx),
      (promise) => ctx.waitUntil(promise),
    )
  return {
    routes,
    pages,
    fetch: front({
      routes: (request, env, ctx) => routes.fetch(request, env, ctx),
      // Through `ctx.exports` where Workers Cache sits on that call (the deployed worker); without it the
      // call would only cost a hop (and leave the request's own env behind), so the same routes in process.
      pages: (props, request, env, ctx) => {
        const entry = edgeCacheOf(ctx) ? exportsOf(ctx)?.Pages : undefined
        return entry ? entry({ props }).fetch(request) : pages(request, env, ctx, props)
      },
      tier,
    }),
  }
}

const app = createWorkerApp({ dataCache, pageCache })

/**
 * The page entrypoint (decision 076): the landing's and realtors' public pages, called by the front with
 * the site and locale as props. Workers Cache keys its answers by path, query and props, so a page one
 * visitor's request rendered serves every visitor of that site and locale, from any isolate of a location.
 */
export class Pages extends WorkerEntrypoint<Bindings, PageProps> {
  override fetch(request: Request): Promise<Response> {
    return app.pages(request, this.env, this.ctx, this.ctx.props)
  }
}

// The Durable Object logging cache tag changes (docs/decisions/076-cost-flat-caching.md).
export { TagGenerations } from './lib/generations/object'

export default {
  // The front: pages through the `Pages` entrypoint (and Workers Cache), everything else to the routes.
  fetch: app.fetch,
  // Cron: every delivery the request did not get through (leads to Slack, contacts to the webhook) gets
  // another attempt (src/lib/outbox, docs/decisions/024-outbox.md).
  // Homepages deleted over 30 days ago are removed with their photos, a few per run
  // (docs/decisions/047-site-lifecycle.md).
  scheduled(_controller, env, ctx) {
    // A worker that refuses requests for its configuration does no background work either: no deliveries
    // signed with a missing secret, no Cloudflare API calls (docs/decisions/052).
    try {
      assertConfig(env)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      logRefusalOnce(error)
      return
    }
    // The notifications and alerts format phone numbers: their metadata first (docs/decisions/110).
    const phones = loadPhoneMetadata(env.ASSETS)
    phones.catch((error: unknown) => console.error('[phone] the metadata asset could not be read:', error))
    ctx.waitUntil(phones.then(() => retryOutbox(outboxConfig(env, (input, init) => fetch(input, init)))))
    ctx.waitUntil(purgeDeletedHomepages(env.DB, env.PHOTOS, { onRemoved: (id) => purgeRealtor(env, id) }))
    // Custom domains waiting for DNS are checked, a few per run (docs/decisions/053-custom-domains.md).
    ctx.waitUntil(refreshWaitingDomains(env, (input, init) => fetch(input, init)))
    // A bounded step of each MLS feed's replication (docs/decisions/093-reso-replication.md), then the listing
    // alerts of what changed, in the same pass (docs/decisions/108-listing-alerts.md): matched, made and sent.
    ctx.waitUntil(
      replicateFeeds(env, (input, init) => fetch(input, init))
        .catch((error: unknown) => console.error('[mls] the replication step stopped:', error))
        .then(() => phones)
        .then(() => alertPass(outboxConfig(env, (input, init) => fetch(input, init))))
        .catch((error: unknown) => console.error('[alerts] the alert step stopped; the next pass resumes it:', error)),
    )
  },
} satisfies ExportedHandler<Bindings>
