// One-time tokens that travel in a link or a redirect (sign-in codes, notification address confirmations):
// 32 random bytes in canonical base64url, stored only as their SHA-256 so a database read yields none.
import { base64url } from './base64url'

/** A new token: 256 random bits. */
export const newToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)))

/** What is stored of a token. */
export async function tokenHash(token: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))))
}

/** The exact shape newToken gives (43 characters, the last one's unused bits zero). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/
