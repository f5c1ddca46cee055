// What a realtor may type as their domain and which hostnames nobody may claim (docs/decisions/053-custom-domains.md).
import { normalizeHost } from '../tenant'

/**
 * The hostname in what was typed: `https://`, a path, a port, upper case and a trailing dot go; `www.` stays
 * as typed. Non-ASCII names become their ASCII (punycode) form, the form DNS and the provider use.
 * null when it is no hostname of a public domain (one label, an IP literal, a numeric top-level domain).
 */
export function normalizeDomainInput(input: string): string | null {
  let text = input.trim()
  if (text.length === 0 || text.length > 300) return null
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`
  let host: string
  try {
    const url = new URL(text)
    if (url.username || url.password) return null
    host = url.hostname
  } catch {
    return null
  }
  if (host.startsWith('[')) return null
  const normalized = normalizeHost(host)
  if (!normalized) return null
  const labels = normalized.split('.')
  if (labels.length < 2) return null
  // A numeric top-level domain is an IPv4 literal or no public name at all.
  if (!/[a-z]/.test(labels[labels.length - 1]!)) return null
  return normalized
}

/** The configuration that names the provider's own hosts. */
export interface ProviderHostConfig {
  PROVIDER_HOSTS?: string
  PUBLIC_ORIGIN?: string
  DEV_HOST?: string
  PROD_HOST?: string
  SAAS_CNAME_TARGET?: string
}

/** Hosts that belong to the provider: neither they nor their subdomains can be claimed. */
export function providerOwnedHosts(config: ProviderHostConfig, cnameTarget: string): string[] {
  let publicHost: string | null = null
  try {
    publicHost = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).hostname : null
  } catch {
    publicHost = null
  }
  const hosts = [
    ...(config.PROVIDER_HOSTS ?? '').split(','),
    publicHost,
    config.DEV_HOST,
    config.PROD_HOST,
    config.SAAS_CNAME_TARGET,
    cnameTarget,
  ]
  return [...new Set(hosts.map((host) => normalizeHost(host)).filter((host): host is string => host !== null))]
}

/** True when `hostname` is a provider host or under one. */
export function isProviderOwned(hostname: string, owned: readonly string[]): boolean {
  return owned.some((host) => hostname === host || hostname.endsWith(`.${host}`))
}
