// Who a view came from, as much as counting needs and no more (docs/decisions/090-views-counted-once.md):
// a view's data point carries a 16-bit bucket of its address for its realtor and UTC day, so the dashboard
// can count a visitor's reloads of a page once per half hour and at most VISITOR_DAILY_VIEWS views a day
// (./analytics.ts), and nothing more. A bucket stands for one in 65,536 of all addresses — of IPv4's four
// billion, some 65,000 — even to whoever holds the secret: it names no one, and tomorrow's is unrelated.
import ipaddr from 'ipaddr.js'
import { viewKeyOf } from './proof'

/** Hex digits of a visitor bucket: 16 bits. */
const BUCKET_HEX = 4

/**
 * The address a visitor is counted by: an IPv4 address whole (also when written as IPv4-mapped IPv6), an
 * IPv6 one by its /64 — the network one household or phone is given, whose 2^64 addresses a script could
 * otherwise cycle through. Null for what is no address.
 */
export function visitorAddressOf(address: string | null | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`
}

const encoder = new TextEncoder()

/**
 * The visitor bucket of a view of realtor `realtorId`'s homepage from `address` (CF-Connecting-IP) at `now`:
 * four hex digits of an HMAC of the realtor, the UTC day and the address's network. Without an address (a
 * local tool's request; Cloudflare always sends one) it is a bucket of its own, `-` and random digits: such a
 * view is counted alone.
 */
export async function visitorOf(
  secret: string,
  realtorId: number,
  address: string | null | undefined,
  now = Date.now(),
): Promise<string> {
  const network = visitorAddressOf(address)
  if (network === null) return `-${crypto.randomUUID().slice(0, 8)}`
  const day = new Date(now).toISOString().slice(0, 10)
  const message = encoder.encode(`visitor\n${realtorId}\n${day}\n${network}`)
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await viewKeyOf(secret), message))
  return Array.from(signature.subarray(0, BUCKET_HEX / 2), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
