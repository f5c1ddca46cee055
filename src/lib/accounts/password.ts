// Password hashes: PBKDF2-SHA256 with WebCrypto, stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>`
// (base64url). 100 000 iterations is the most workerd's WebCrypto allows.
import { base64url, fromBase64url } from '../base64url'

export const PBKDF2_ITERATIONS = 100_000
const SCHEME = 'pbkdf2-sha256'
const encoder = new TextEncoder()

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256)
  return new Uint8Array(bits)
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  return `${SCHEME}$${iterations}$${base64url(salt)}$${base64url(await derive(password, salt, iterations))}`
}

/** Whether the password matches a stored hash; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, rounds, salt, hash, extra] = stored.split('$')
  const iterations = Number(rounds)
  if (scheme !== SCHEME || !salt || !hash || extra !== undefined) return false
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false
  try {
    const expected = fromBase64url(hash)
    const actual = await derive(password, fromBase64url(salt), iterations)
    return timingSafeEqual(actual, expected)
  } catch {
    return false
  }
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}
