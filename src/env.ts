// AppEnv: the worker's bindings and secrets (src/lib/config.ts) plus the per-request variables.
import type { IntlShape } from '@formatjs/intl'
import type { Buyer } from './lib/buyers/store'
import type { Bindings } from './lib/config'
import type { DataCacheScope } from './lib/data-cache'
import type { BrowserMonitoringConfig } from './lib/environment'
import type { Locale } from './lib/locale'
import type { RealtorStore } from './lib/realtors/store'
import type { Realtor } from './lib/realtors/types'
import type { SessionUser } from './lib/session'
import type { Site } from './lib/tenant'
import type { FetchLike } from './lib/upstream'

export type { Bindings, Secrets } from './lib/config'
export type { SessionUser } from './lib/session'

/** Set first, for every request (worker.ts `requestDefaults`): the site and the stores it is served from. */
export interface RequestVariables {
  /** Where the request goes (provider site, a realtor's path or domain), resolved once before routing. */
  site: Site
  realtors: RealtorStore
  /** The isolate's data cache for pages (realtor profiles, listings); null when the app has none. */
  dataCache: DataCacheScope | null
  /** fetch for upstream APIs (a stub in tests). */
  upstreamFetch: FetchLike
}

/** The session middleware's (src/middleware/session.ts): the signed-in user, if any. */
export interface SessionVariables {
  user: SessionUser | null
}

/** The tenant middleware's (src/middleware/tenant.ts). */
export interface TenantVariables {
  /** The realtor whose site this is; null on the provider's site. */
  realtor: Realtor | null
  /** Path under which the tenant's pages live: '/{desiredUrl}' on provider hosts, '' on custom domains. */
  tenantBase: string
}

/** The locale middleware's (src/middleware/locale.ts). */
export interface LocaleVariables {
  locale: Locale
  intl: IntlShape<string>
  /** Path prefix of the current locale: '' for ko, '/en' for en. */
  localePrefix: string
}

/** The monitoring middleware's (src/middleware/monitoring.ts). */
export interface MonitoringVariables {
  /** Browser monitoring settings, when a client token is configured. */
  monitoring: BrowserMonitoringConfig | null
}

/** Hono's secure-headers middleware's (src/middleware/security.ts). */
export interface SecurityVariables {
  secureHeadersNonce?: string
}

/** A page's own: set by cachePage and the routes that render. */
export interface PageVariables {
  /** Set by the cachePage middleware: the page is shared by every visitor of its address. */
  cacheable?: boolean
  /** The buyer signed in on this realtor's site (src/middleware/buyer-session.ts); null or unset when none. */
  buyer?: Buyer | null
  /** That buyer's saved homes' listing keys (their hearts drawn filled). */
  savedHomes?: ReadonlySet<string>
  /** The zone a builder page shows times in (the realtor's or the operator's), set by its route. */
  timeZone?: string
}

/** Every middleware's variables: what a route of the app may read. */
export type Variables = RequestVariables &
  SessionVariables &
  TenantVariables &
  LocaleVariables &
  MonitoringVariables &
  SecurityVariables &
  PageVariables

export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}

/** The env of a realtor's own pages: the tenant middleware has loaded the realtor. */
export interface TenantEnv {
  Bindings: Bindings
  Variables: Omit<Variables, 'realtor'> & { realtor: Realtor }
}
