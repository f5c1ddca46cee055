// AppEnv: the worker's bindings and secrets (src/lib/config.ts) plus the per-request variables.
import type { IntlShape } from '@formatjs/intl'
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

export interface Variables {
  /** Where the request goes (provider site, a realtor's path or domain), resolved once before routing. */
  site: Site
  /** Set by the cachePage middleware: the page is shared by every visitor of its locale and tenant. */
  cacheable?: boolean
  locale: Locale
  intl: IntlShape<string>
  /** Path prefix of the current locale: '' for ko, '/en' for en. */
  localePrefix: string
  realtors: RealtorStore
  /** The isolate's data cache for pages (realtor profiles, listings); null when the app has none. */
  dataCache: DataCacheScope | null
  /** The realtor whose site this is (loaded by the tenant middleware); null on the provider's site. */
  realtor: Realtor | null
  /** Path under which the tenant's pages live: '/{desiredUrl}' on provider hosts, '' on custom domains. */
  tenantBase: string
  user: SessionUser | null
  /** fetch for upstream APIs (a stub in tests). */
  upstreamFetch: FetchLike
  /** Browser monitoring settings, when a client token is configured. */
  monitoring: BrowserMonitoringConfig | null
  secureHeadersNonce?: string
  /** The zone a builder page shows times in (the realtor's or the operator's), set by its route. */
  timeZone?: string
}

export interface AppEnv {
  Bindings: Bindings
  Variables: Variables
}

/** The env of a realtor's own pages: the tenant middleware has loaded the realtor. */
export interface TenantEnv {
  Bindings: Bindings
  Variables: Omit<Variables, 'realtor'> & { realtor: Realtor }
}
