// Signed session tokens (HMAC-SHA256, WebCrypto): the browser's HttpOnly session cookie and the
// bearer token of API clients carry the same token. A token names an account and the account's token
// version at sign-in; src/middleware/session.ts accepts it only while both still hold.
import { base64url, fromBase64url } from './base64url'

/** The signed-in account, when there is one. */
export interface SessionUser {
  id: number
  email: string
  name: string
  role: 'admin' | 'realtor'
  realtorId: number | null
}

/** What a token claims: the user at sign-in and the account's token version then. */
export interface SessionClaims extends SessionUser {
  tokenVersion: number
}

export const SESSION_COOKIE = 'session'
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60

interface SessionPayload extends SessionUser {
  ver: number
  exp: number
}

const encoder = new TextEncoder()

export async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
}

export async function signSession(claims: SessionClaims, secret: string, now = Date.now()): Promise<string> {
  const { tokenVersion, ...user } = claims
  const payload: SessionPayload = { ...user, ver: tokenVersion, exp: Math.floor(now / 1000) + SESSION_TTL_SECONDS }
  const body = base64url(encoder.encode(JSON.stringify(payload)))
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body))
  return `${body}.${base64url(new Uint8Array(signature))}`
}

/**
 * What a token claims, or null when it is malformed, forged, expired or has no token version. Whether
 * the account still exists at that version is the caller's check (src/middleware/session.ts).
 */
export async function verifySession(
  token: string | undefined | null,
  secret: string,
  now = Date.now(),
): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  try {
    const valid = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(signature),
      encoder.encode(body),
    )
    if (!valid) return null
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(body))) as Partial<SessionPayload>
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null
    if (typeof payload.id !== 'number' || (payload.role !== 'admin' && payload.role !== 'realtor')) return null
    if (typeof payload.ver !== 'number') return null
    return {
      id: payload.id,
      email: String(payload.email ?? ''),
      name: String(payload.name ?? ''),
      role: payload.role,
      realtorId: typeof payload.realtorId === 'number' ? payload.realtorId : null,
      tokenVersion: payload.ver,
    }
  } catch {
    return null
  }
}
