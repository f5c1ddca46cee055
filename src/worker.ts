// The worker: global middleware, the APIs, the provider site and custom-domain sites, one error
// handler for all of them.
import { Hono } from 'hono'
import type { AppEnv, Bindings } from './env'
import { assertConfig } from './lib/config'
import { type DataCache, dataCache } from './lib/data-cache'
import { outboxConfig } from './lib/outbox/config'
import { retryOutbox } from './lib/outbox/cron'
import { withPageCache } from './lib/page-cache'
import { d1Store } from './lib/realtors/d1-store'
import type { RealtorStore } from './lib/realtors/store'
import { upstreamStore } from './lib/realtors/upstream-store'
import { requestUrl } from './lib/request-url'
import { DOMAIN_PREFIX, parseProviderHosts, sitePath } from './lib/tenant'
import { type FetchLike, upstreamTimeout } from './lib/upstream'
import { handleError, handleNotFound } from './middleware/errors'
import { locale } from './middleware/locale'
import { monitoring } from './middleware/monitoring'
import { securityHeaders } from './middleware/security'
import { session } from './middleware/tenant'
import api from './routes/api'
import contacts from './routes/api/contacts'
import leads from './routes/api/leads'
import listings from './routes/api/listings'
import pages from './routes/pages'
import tenantPages from './routes/tenant-pages'
import tenantSeo from './routes/tenant-seo'

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
  const app = new Hono<AppEnv>({
    // A custom domain's pages route under DOMAIN_PREFIX, so the same paths mean the realtor's pages
    // there and the provider's pages on provider hosts (src/lib/tenant.ts, sitePath).
    getPath: (request, options) => {
      const env = options?.env as Partial<Bindings> | undefined
      return sitePath(requestUrl(request), request.headers.get('host'), parseProviderHosts(env?.PROVIDER_HOSTS))
    },
  })

  app.use('*', async function requestDefaults(c, next) {
    assertConfig(c.env)
    c.set('realtor', null)
    c.set('tenantBase', '')
    c.set('user', null)
    c.set('realtors', realtors(c.env))
    c.set(
      'dataCache',
      cache ? { cache, store: c.env.CACHE, waitUntil: (promise) => c.executionCtx.waitUntil(promise) } : null,
    )
    c.set('upstreamFetch', upstreamFetch)
    await next()
  })
  app.use('*', securityHeaders())
  app.use('*', monitoring())
  app.use('*', session())
  app.route('/', tenantSeo)
  app.use('*', locale())

  app.route('/', api)
  app.route('/v1/realtor-contacts', contacts)
  app.route('/cozying-api', listings)
  app.route('/api', leads)
  // Pages of a realtor's custom domain, then the provider site (which holds /{desiredUrl} tenants).
  app.route(`${DOMAIN_PREFIX}/en`, tenantPages)
  app.route(DOMAIN_PREFIX, tenantPages)
  app.route('/en', pages)
  app.route('/', pages)

  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

const app = createApp({ dataCache })

export default {
  fetch: withPageCache(app.fetch),
  // Cron: every delivery the request did not get through (leads to Slack, contacts to the webhook) gets
  // another attempt (src/lib/outbox, docs/decisions/024-outbox.md).
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(retryOutbox(outboxConfig(env, (input, init) => fetch(input, init))))
  },
} satisfies ExportedHandler<Bindings>
