// The worker: global middleware, every mount, one error handler, and the cron. Each request's Site
// (src/lib/tenant.ts) is resolved once, before routing: it says which site the request is for and the
// path the router matches.
import { Hono } from 'hono'
import type { AppEnv, Bindings } from './env'
import { withBenchStats } from './lib/bench-stats'
import { assertConfig, ConfigError, logRefusalOnce } from './lib/config'
import { type DataCache, dataCache } from './lib/data-cache'
import { refreshWaitingDomains } from './lib/domains/setup'
import { generationStoreOf } from './lib/generations/store'
import { MemoRouter } from './lib/memo-router'
import { outboxConfig } from './lib/outbox/config'
import { retryOutbox } from './lib/outbox/cron'
import { withPageCache } from './lib/page-cache'
import { d1Store } from './lib/realtors/d1-store'
import { purgeDeletedHomepages } from './lib/realtors/lifecycle'
import { purgeRealtor } from './lib/realtors/service'
import type { RealtorStore } from './lib/realtors/store'
import { upstreamStore } from './lib/realtors/upstream-store'
import { DESIRED_URL_ROUTE, DOMAIN_PREFIX, siteOf } from './lib/tenant'
import { type FetchLike, upstreamTimeout } from './lib/upstream'
import { locale } from './middleware/locale'
import { monitoring } from './middleware/monitoring'
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

/** Where each site's pages are routed, Korean then English: the provider's, then a realtor's. */
const PROVIDER_SITE = ['/', '/en']
const TENANT_SITES = [
  `/:desiredUrl{${DESIRED_URL_ROUTE}}`,
  `/en/:desiredUrl{${DESIRED_URL_ROUTE}}`,
  DOMAIN_PREFIX,
  `${DOMAIN_PREFIX}/en`,
]

export function createApp({
  upstreamFetch = (input, init) => fetch(input, init),
  realtors = (env) => defaultRealtorStore(env, upstreamFetch),
  dataCache: cache,
}: AppOptions = {}) {
  const app = new Hono<AppEnv>({
    router: new MemoRouter(),
    getPath: (request, options) =>
      siteOf(request, (options?.env as Partial<Bindings> | undefined)?.PROVIDER_HOSTS).routePath,
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
  app.route('/', pwa)
  app.use('*', tenant())
  // Crawlers' files come before the locale middleware: they are never redirected.
  app.route('/', seo)
  app.use('*', locale())

  for (const base of PROVIDER_SITE) app.route(base, pages)
  for (const base of [...PROVIDER_SITE, ...TENANT_SITES]) app.route(base, inboxPages)
  for (const base of [...PROVIDER_SITE, ...TENANT_SITES]) app.route(base, builder)
  // The editor's preview of the unsaved draft (POST /admin/preview on a realtor's site).
  for (const base of TENANT_SITES) app.route(base, preview)
  // The builder's dashboard of views and contacts (docs/decisions/051-dashboard.md).
  for (const base of TENANT_SITES) app.route(base, dashboard)
  // The builder's Domain screen: the realtor's own domain (docs/decisions/054-domain-screen.md).
  for (const base of TENANT_SITES) app.route(base, domainScreen)
  for (const base of TENANT_SITES) app.route(base, tenantPages)

  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

const app = createApp({ dataCache })

// The Durable Object holding the cache tags' generations (docs/decisions/055-tag-generations.md).
export { TagGenerations } from './lib/generations/object'

export default {
  // Homepage views are counted by the pages' own beacon (POST /v1/views, docs/decisions/071-view-beacon.md).
  // The scale bench's D1 timing and cache counters wrap everything, only when it asks (BENCH_STATS, local).
  fetch: withBenchStats(withPageCache<Bindings>(app.fetch)),
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
