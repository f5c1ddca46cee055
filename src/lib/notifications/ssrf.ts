// Which webhook URLs a realtor may give (docs/decisions/050-notifications.md): in production only https to
// a public host, so a realtor cannot make the worker call into private networks (SSRF). Checked when the
// settings are saved and again before every send, since a rule may tighten after a URL was stored.
import { isLocalMode } from '../config'

/** Whether the production rules apply: everywhere but a local run (`ENVIRONMENT=local`, tests included). */
export const productionRules = (environment: string | undefined) => !isLocalMode({ ENVIRONMENT: environment })

/** Why a URL is refused, as a catalogue key suffix; null when it may be used. */
export type WebhookUrlProblem = 'invalid' | 'https' | 'private'

const BLOCKED_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i

function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null
  const octets = parts.map(Number)
  return octets.every((octet) => octet <= 255) ? octets : null
}

/** Loopback, private, link-local, carrier-grade NAT, "this network", multicast and reserved ranges. */
function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  )
}

/** The 8 groups of an IPv6 address as the URL parser writes it (compressed, lower case, no zone). */
function ipv6Groups(host: string): number[] | null {
  const [head = '', tail] = host.split('::')
  const part = (text: string) => (text ? text.split(':') : [])
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  // An embedded IPv4 tail (::ffff:1.2.3.4) is written by the parser as two hex groups already.
  const missing = 8 - left.length - right.length
  if (missing < 0 || (tail === undefined && missing !== 0)) return null
  const groups = [...left, ...Array(missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16))
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null
}

function isPrivateIpv6(groups: number[]): boolean {
  const [first = 0] = groups
  const zeroHead = groups.slice(0, 5).every((group) => group === 0)
  if (zeroHead && groups[5] === 0xffff) {
    // An IPv4-mapped address is that IPv4 address.
    return isPrivateIpv4([groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255])
  }
  if (groups.slice(0, 7).every((group) => group === 0)) return groups[7]! <= 1 // :: and ::1
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00
}

/** Whether the host names a private, loopback or link-local place (an IP literal or a local name). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1))
    return groups === null || isPrivateIpv6(groups)
  }
  const octets = ipv4Octets(host)
  if (octets) return isPrivateIpv4(octets)
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
