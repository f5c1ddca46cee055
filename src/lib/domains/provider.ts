// Which hostname provider answers (docs/decisions/053-custom-domains.md): Cloudflare for SaaS when
// CF_API_TOKEN is set, the simulator in local mode without it, and otherwise none — custom domains are
// "not configured" and say so, rather than pretending.
import { isLocalMode } from '../config'
import type { FetchLike } from '../upstream'
import { upstreamTimeout } from '../upstream'
import { cloudflareProvider } from './cloudflare'
import type { ProviderHostConfig } from './hostname'
import { type SimulatorProvider, simulatorProvider } from './simulator'
import type { HostnameProvider } from './types'

export interface DomainsConfig extends ProviderHostConfig {
  ENVIRONMENT?: string
  CF_API_TOKEN?: string
  CF_ZONE_ID?: string
  CF_API_BASE?: string
  UPSTREAM_TIMEOUT_MS?: string
}

export type ProviderChoice =
  | { kind: 'cloudflare'; provider: HostnameProvider }
  | { kind: 'simulator'; provider: SimulatorProvider }
  /** Outside local mode without Cloudflare's settings: `missing` names them. */
  | { kind: 'unconfigured'; missing: string[] }

/** Where the simulator's CNAME points when SAAS_CNAME_TARGET is empty: a provider host that looks real. */
export function localCnameTarget(config: DomainsConfig): string {
  return config.SAAS_CNAME_TARGET?.trim() || `customers.${config.PROD_HOST?.trim() || 'realtor.example.com'}`
}

/**
 * True when realtors' domains really reach this worker (Cloudflare for SaaS, CF_API_TOKEN set): only then do
 * visitors get sent to them (the path address's 301, the carousel's link). The simulator's domains resolve
 * nowhere, so locally the path address keeps serving while canonical URLs name the domain.
 */
export function ownDomainsReachable(config: Pick<DomainsConfig, 'CF_API_TOKEN'>): boolean {
  return Boolean(config.CF_API_TOKEN?.trim())
}

export function domainProvider(config: DomainsConfig, db: D1Database, fetchImpl: FetchLike): ProviderChoice {
  const token = config.CF_API_TOKEN?.trim()
  if (!token) {
    if (isLocalMode(config)) return { kind: 'simulator', provider: simulatorProvider(db, localCnameTarget(config)) }
    return { kind: 'unconfigured', missing: ['CF_API_TOKEN', 'CF_ZONE_ID', 'SAAS_CNAME_TARGET'] }
  }
  const missing = (['CF_ZONE_ID', 'SAAS_CNAME_TARGET'] as const).filter((name) => !config[name]?.trim())
  if (missing.length > 0) return { kind: 'unconfigured', missing }
  return {
    kind: 'cloudflare',
    provider: cloudflareProvider(
      {
        token,
        zoneId: config.CF_ZONE_ID!.trim(),
        cnameTarget: config.SAAS_CNAME_TARGET!.trim().toLowerCase(),
        apiBase: config.CF_API_BASE?.trim() || undefined,
        timeoutMs: upstreamTimeout(config.UPSTREAM_TIMEOUT_MS),
      },
      fetchImpl,
    ),
  }
}
