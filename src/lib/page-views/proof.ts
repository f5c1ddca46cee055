// A view's proof (docs/decisions/077-views-proved-by-the-page.md): a public page of a published homepage
// carries, beside its realtor's id, an HMAC of that id and its site, made when the worker rendered it.
// The beacon sends both back and POST /v1/views counts the view when the proof matches the site the
// beacon's own path names — a check with no lookup: a view costs no D1 read and no Durable Object call,
// however many isolates there are and whatever their caches hold.
import { base64url, fromBase64url } from '../base64url'
import { hmacKey } from '../session'
import type { Site } from '../tenant'

/** The longest proof a beacon may carry (an HMAC-SHA256 in base64url is 43 characters). */
export const VIEW_PROOF_MAX_LENGTH = 64

/**
 * The site a page belongs to, as its proof names it: a realtor's own domain by its host, a path address by
 * its segment (addresses match case-insensitively); null for any other address (the landing, the API).
 */
export function proofSiteOf(site: Site): string | null {
  const { target } = site
  if (site.api) return null
  if (target.kind === 'domain') return `domain:${target.host}`
  if (target.kind === 'path' && !target.fromQuery) return `path:${target.desiredUrl.toLowerCase()}`
  return null
}

const encoder = new TextEncoder()
const message = (realtorId: number, site: string) => encoder.encode(`view\n${realtorId}\n${site}`)

/**
 * One imported key per secret (a render and a beacon each need it; importing costs more than signing). The
 * views' HMACs share it, each message starting with its own word (`view`, `visitor`: ./visitor.ts).
 */
let key: { secret: string; key: Promise<CryptoKey> } | null = null
export function viewKeyOf(secret: string): Promise<CryptoKey> {
  if (key?.secret !== secret) key = { secret, key: hmacKey(secret) }
  return key.key
}

/** The proof a page of `site` gives that it showed realtor `realtorId`'s homepage. */
export async function viewProof(secret: string, realtorId: number, site: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await viewKeyOf(secret), message(realtorId, site))
  return base64url(new Uint8Array(signature))
}

/** Whether `proof` is the one a page of `site` showing realtor `realtorId` carried. */
export async function isViewProof(secret: string, realtorId: number, site: string, proof: string): Promise<boolean> {
  try {
    return await crypto.subtle.verify('HMAC', await viewKeyOf(secret), fromBase64url(proof), message(realtorId, site))
  } catch {
    return false
  }
}

/**
 * The proof a page at `site`'s address carries for realtor `realtorId`, as rendered: null without a secret to
 * sign with or for an address that is no realtor's site (proofSiteOf). The render and the scale bench ask this.
 */
export async function pageProofOf(secret: string | null, realtorId: number, site: Site): Promise<string | null> {
  const proved = proofSiteOf(site)
  return secret && proved ? viewProof(secret, realtorId, proved) : null
}
