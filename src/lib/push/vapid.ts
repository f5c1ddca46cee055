// VAPID (RFC 8292): the worker's P-256 key pair, which says to a push service which application server is
// sending, and the `Authorization: vapid t=<JWT>, k=<public key>` header of each push, signed ES256 over
// WebCrypto (docs/decisions/065-web-push.md).
import { base64url, fromBase64url } from '../base64url'

/** The application server's keys as browsers and push services take them, and the contact it names. */
export interface VapidKeys {
  /** The uncompressed public point (65 bytes), base64url: the browser's `applicationServerKey`. */
  publicKey: string
  /** The private scalar `d` (32 bytes), base64url. */
  privateKey: string
  /** RFC 8292 §2.1 `sub`: a `mailto:` or https URL a push service operator can reach us at. */
  subject: string
}

/** The environment fields push reads (the worker's Bindings have them). */
export interface VapidEnv {
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  VAPID_SUBJECT?: string
  NOTIFY_FROM_EMAIL?: string
}

/** An uncompressed P-256 point (0x04, then x and y) in base64url: always 87 characters starting with B. */
export const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/
/** A P-256 private scalar in base64url: 43 characters. */
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * The keys when push is configured: both halves well formed and a subject (VAPID_SUBJECT, else
 * `mailto:` NOTIFY_FROM_EMAIL). Null otherwise: the API then answers 503 and deliveries wait and fail.
 */
export function vapidKeys(env: VapidEnv): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? ''
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? ''
  if (!VAPID_PUBLIC_KEY_PATTERN.test(publicKey) || !VAPID_PRIVATE_KEY_PATTERN.test(privateKey)) return null
  const email = env.NOTIFY_FROM_EMAIL?.trim()
  const subject = env.VAPID_SUBJECT?.trim() || (email ? `mailto:${email}` : '')
  return subject ? { publicKey, privateKey, subject } : null
}

const json = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))

/** How long a signature is good for: RFC 8292 allows at most 24 hours. */
export const VAPID_LIFETIME_S = 12 * 60 * 60

/**
 * The Authorization header of a push to `endpoint`: a JWT whose audience is the push service's origin,
 * expiring in 12 hours, signed with the private key (WebCrypto's ECDSA signature is already JWS's r‖s).
 */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, nowMs = Date.now()): Promise<string> {
  const point = fromBase64url(keys.publicKey)
  const signingKey = await crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: base64url(point.slice(1, 33)),
      y: base64url(point.slice(33, 65)),
      d: keys.privateKey,
    },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  )
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(nowMs / 1000) + VAPID_LIFETIME_S,
    sub: keys.subject,
  }
  const unsigned = `${json({ typ: 'JWT', alg: 'ES256' })}.${json(claims)}`
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    signingKey,
    new TextEncoder().encode(unsigned),
  )
  return `vapid t=${unsigned}.${base64url(new Uint8Array(signature))}, k=${keys.publicKey}`
}
