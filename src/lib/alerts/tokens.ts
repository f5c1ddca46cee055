// The signed tokens of an alert mail's links (docs/decisions/108-listing-alerts.md): the one-click unsubscribe
// (a buyer of a realtor's site) and the open pixel (an alert). HMAC-SHA256 with the worker's session secret
// (src/lib/session.ts hmacKey), each over its own purpose label so neither can stand for the other. No
// expiry: an unsubscribe link must work whenever the mail is read (RFC 8058), and it only ever turns mail off.
import { base64url, fromBase64url } from '../base64url'
import { hmacKey } from '../session'

const encoder = new TextEncoder()

async function signature(secret: string, text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text))))
}

async function verified(secret: string, text: string, sig: string): Promise<boolean> {
  try {
    return await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64url(sig), encoder.encode(text))
  } catch {
    return false
  }
}

const unsubscribeText = (buyerId: number, realtorId: number) => `alerts-unsubscribe:${buyerId}:${realtorId}`
const openText = (alertId: number) => `alerts-open:${alertId}`

/** `{buyerId}.{realtorId}.{signature}`: what the unsubscribe link's `t` carries. */
export async function unsubscribeToken(secret: string, buyerId: number, realtorId: number): Promise<string> {
  return `${buyerId}.${realtorId}.${await signature(secret, unsubscribeText(buyerId, realtorId))}`
}

/** The buyer and realtor a token names, or null when it is malformed or not signed with this secret. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string | undefined | null,
): Promise<{ buyerId: number; realtorId: number } | null> {
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{20,100})$/.exec(token ?? '')
  if (!match) return null
  const buyerId = Number(match[1])
  const realtorId = Number(match[2])
  return (await verified(secret, unsubscribeText(buyerId, realtorId), match[3]!)) ? { buyerId, realtorId } : null
}

/** The open pixel's `t`: the alert's signature alone (its id is in the path). */
export async function openToken(secret: string, alertId: number): Promise<string> {
  return signature(secret, openText(alertId))
}

export async function verifyOpenToken(
  secret: string,
  alertId: number,
  token: string | undefined | null,
): Promise<boolean> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false
  return verified(secret, openText(alertId), token)
}
