// The domain service of an environment: its provider (src/lib/domains/provider.ts), the hosts nobody may
// claim, and the purge of what shows a homepage when its address changes. The API and the cron use it.
import type { TagLogBindings } from '../generations/store'
import { purgeRealtor } from '../realtors/service'
import type { FetchLike } from '../upstream'
import { providerOwnedHosts } from './hostname'
import { type DomainsConfig, domainProvider, type ProviderChoice } from './provider'
import { type DomainService, domainService } from './service'

export interface DomainsEnv extends DomainsConfig, TagLogBindings {
  DB: D1Database
}

export type DomainSetup =
  | { kind: 'ready'; choice: Exclude<ProviderChoice, { kind: 'unconfigured' }>; service: DomainService }
  | { kind: 'unconfigured'; missing: string[] }

export function domainSetup(env: DomainsEnv, fetchImpl: FetchLike): DomainSetup {
  const choice = domainProvider(env, env.DB, fetchImpl)
  if (choice.kind === 'unconfigured') return choice
  const service = domainService({
    db: env.DB,
    provider: choice.provider,
    ownedHosts: providerOwnedHosts(env, choice.provider.cnameTarget),
    onAddressChange: (realtorId) => purgeRealtor(env, realtorId),
  })
  return { kind: 'ready', choice, service }
}

/** The cron's pass: a few waiting domains are checked; a failure is logged, never the cron's. */
export async function refreshWaitingDomains(env: DomainsEnv, fetchImpl: FetchLike): Promise<void> {
  const setup = domainSetup(env, fetchImpl)
  if (setup.kind !== 'ready') return
  try {
    await setup.service.refreshDue()
  } catch (error) {
    console.error('[domains] the refresh pass failed:', error)
  }
}
