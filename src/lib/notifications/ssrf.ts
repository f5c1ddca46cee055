// Which webhook URLs a realtor may give (docs/decisions/050-notifications.md): in production only https to
// a public host, so a realtor cannot make the worker call into private networks (SSRF). Checked when the
// settings are saved and again before every send, since a rule may tighten after a URL was stored. The one
// check of every URL the worker posts to for a realtor: webhooks and push endpoints alike.
import ipaddr from 'ipaddr.js'
import { isLocalMode } from '../config'

/** Whether the production rules apply: everywhere but a local run (`ENVIRONMENT=local`, tests included). */
export const productionRules = (environment: string | undefined) => !isLocalMode({ ENVIRONMENT: environment })

/** Why a URL is refused, as a catalogue key suffix; null when it may be used. */
export type WebhookUrlProblem = 'invalid' | 'https' | 'private'

const BLOCKED_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i

/**
 * IANA's IPv6 address space gives only 2000::/3 to global unicast; everything else (::/8 with the
 * IPv4-compatible and IPv4-translated forms, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64, 100::/64, the
 * deprecated site-local fec0::/10, ULA, link-local, multicast, unassigned space) is refused whole,
 * whatever IPv4 address it may carry (docs/decisions/080-hardening-round-three-small.md).
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

/**
 * Whether an IP address is public: outside every special-purpose block of IANA's IPv4 and IPv6 registries
 * (ipaddr.js names them; only `unicast` is none), and for IPv6 inside 2000::/3, so 6to4 (2002::/16),
 * Teredo (2001::/32), the rest of 2001::/23 and the documentation blocks are refused with their
 * embedded addresses. An IPv4-mapped address is refused too: a public IPv4 host is written as itself.
 */
export function isPublicAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.range() !== 'unicast') return false
  return address.kind() === 'ipv4' || address.match(GLOBAL_UNICAST_V6)
}

/**
 * Whether the host names a private, loopback, special-purpose or local place: an IP literal (as the URL
 * parser writes it: IPv4 in four decimal parts, IPv6 in brackets) that is not public, or a local name.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) {
    const literal = host.slice(1, -1)
    return !ipaddr.IPv6.isValid(literal) || !isPublicAddress(ipaddr.IPv6.parse(literal))
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return !isPublicAddress(ipaddr.IPv4.parse(host))
  return !host.includes('.') || BLOCKED_NAMES.test(host)
}

/**
 * What is wrong with a webhook URL, or null. Outside production any http(s) URL is taken, so local runs
 * and tests can use a fake on 127.0.0.1.
 */
export function webhookUrlProblem(value: string, production: boolean): WebhookUrlProblem | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'invalid'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid'
  if (url.username || url.password) return 'invalid'
  if (!production) return null
  if (url.protocol !== 'https:') return 'https'
  return isPrivateHost(url.hostname) ? 'private' : null
}
