// The worker: global middleware, every mount, one error handler, and the cron. Each request's Site
// (src/lib/tenant.ts) is resolved once, before routing: it says which site the request is for and the
// path the router matches.
import { Hono } from 'hono'
import type { AppEnv, Bindings } from './env'
import { assertConfig, ConfigError, logRefusalOnce } from './lib/config'
import { type DataCache, dataCache } from './lib/data-cache'
import { refreshWaitingDomains } from './lib/domains/setup'
import { generationStoreOf } from './lib/generations/store'
import { outboxConfig } from './lib/outbox/config'
import { retryOutbox } from './lib/outbox/cron'
import { type PageCache, pageCache } from './lib/page-cache'
import { d1Store } from './lib/realtors/d1-store'
import { purgeDeletedHomepages } from './lib/realtors/lifecycle'
import { purgeRealtor } from './lib/realtors/service'
import type { RealtorStore } from './lib/realtors/store'
import { upstreamStore } from './lib/realtors/upstream-store'
import { ROUTES, routePathOf, siteOf } from './lib/tenant'
import { type FetchLike, upstreamTimeout } from './lib/upstream'
import { locale } from './middleware/locale'
import { monitoring } from './middleware/monitoring'
import { embeddedPageCache } from './middleware/page-cache'
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

  app.use('*', async function requestDefaults(c, next) {
    c.set('site', siteOf(c.req.raw, c.env.PROVIDER_HOSTS))
    c.set('realtor', null)
    c.set('tenantBase', '')
    c.set('user', null)
    assertConfig(c.env)
    c.set('realtors', realtors(c.env))
    c.set(
      'dataCache',
      cache
        ? { cache, store: generationStoreOf(c.env), waitUntil: (promise) => c.executionCtx.waitUntil(promise) }
        : null,
    )
    c.set('upstreamFetch', upstreamFetch)
    await next()
  })
  app.use('*', securityHeaders())
  app.use('*', monitoring())
  app.use('*', session())
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

/**
 * The worker's app (docs/decisions/072-caching-in-http.md): the embedded tier of shareable pages, one Hono
 * middleware, in front of the routes. A page it holds is answered before the routes' router matches
 * anything (their table of every sub-app is Hono's TrieRouter's, whose search a hit does not need); what it
 * does not hold goes to the routes, and it keeps what their answer says may be shared.
 */
export function createWorkerApp({ pageCache: tier, ...options }: AppOptions & { pageCache: PageCache }) {
  const routes = createApp(options)
  return new Hono<AppEnv>()
    .use('*', embeddedPageCache(tier))
    .all('*', (c) => routes.fetch(c.req.raw, c.env, c.executionCtx))
}

const app = createWorkerApp({ dataCache, pageCache })

// The Durable Object holding the cache tags' generations (docs/decisions/055-tag-generations.md).
export { TagGenerations } from './lib/generations/object'

export default {
  // The app's own fetch: caching is said in HTTP and views come from the pages' beacon (decisions 071, 072).
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
    ctx.waitUntil(retryOutbox(outboxConfig(env, (input, init) => fetch(input, init))))
    ctx.waitUntil(purgeDeletedHomepages(env.DB, env.PHOTOS, { onRemoved: (id) => purgeRealtor(env, id) }))
    // Custom domains waiting for DNS are checked, a few per run (docs/decisions/053-custom-domains.md).
    ctx.waitUntil(refreshWaitingDomains(env, (input, init) => fetch(input, init)))
  },
} satisfies ExportedHandler<Bindings>
