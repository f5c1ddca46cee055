// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188): one record,
// keyed by an ECDH agreement between a fresh key pair of ours and the browser's p256dh key, and the
// browser's auth secret. Only that browser can read a push; the push service sees ciphertext.
import { fromBase64url } from '../base64url'

/** The subscription's keys as the browser gives them (PushSubscription.toJSON().keys). */
export interface SubscriptionKeys {
  p256dh: string
  auth: string
}

/** The record size we declare: a push service only has to take 4096 bytes. */
const RECORD_SIZE = 4096
/** salt (16) + record size (4) + key id length (1) + our public key (65). */
const HEADER_SIZE = 86
/** The delimiter byte and AES-GCM's 16-byte tag. */
const RECORD_OVERHEAD = 17
/** The most plaintext one push can carry. */
export const MAX_PUSH_PLAINTEXT = RECORD_SIZE - HEADER_SIZE - RECORD_OVERHEAD
/** Plaintext is padded to a multiple of this, so a push's length says little about the message's. */
const PAD_TO = 128

const text = (value: string) => new TextEncoder().encode(value)

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

/** HKDF-SHA-256 (RFC 5869), extract and expand, as WebCrypto provides it. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: ArrayBuffer | Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8))
}

/** Whether keys are a P-256 point and a 16-byte secret WebCrypto takes: checked when a device subscribes. */
export async function subscriptionKeysAreUsable(keys: SubscriptionKeys): Promise<boolean> {
  try {
    const auth = fromBase64url(keys.auth)
    const point = fromBase64url(keys.p256dh)
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
    return auth.byteLength === 16 && point.byteLength === 65
  } catch {
    return false
  }
}

/** The body of one push: RFC 8188's header (salt, record size, our public key) and the encrypted record. */
export async function encryptPush(plaintext: Uint8Array, keys: SubscriptionKeys): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.byteLength > MAX_PUSH_PLAINTEXT) throw new Error('the push payload is too large')
  const uaPublic = fromBase64url(keys.p256dh)
  const authSecret = fromBase64url(keys.auth)
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const ours = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', ours.publicKey)) as ArrayBuffer)
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, ours.privateKey, 256)
  // RFC 8291 §3.4: the input keying material binds both public keys and the auth secret.
  const ikm = await hkdf(authSecret, shared, concat(text('WebPush: info\0'), uaPublic, asPublic), 32)
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16)
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12)
  // The last (only) record: the plaintext, the delimiter 0x02, then zeros up to the padded length.
  const padded = Math.min(Math.ceil((plaintext.byteLength + 1) / PAD_TO) * PAD_TO, MAX_PUSH_PLAINTEXT + 1)
  const record = new Uint8Array(padded)
  record.set(plaintext)
  record[plaintext.byteLength] = 2
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt'])
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, record))
  const header = new Uint8Array(HEADER_SIZE)
  header.set(salt)
  new DataView(header.buffer).setUint32(16, RECORD_SIZE)
  header[20] = asPublic.byteLength
  header.set(asPublic, 21)
  return concat(header, sealed)
}
