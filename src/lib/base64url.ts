// The one bytes-to-base64 encoder: base64url without padding, for tokens, hashes and signatures, and
// standard padded base64 for MIME bodies and headers. Decoding base64url accepts only the canonical form
// encoding gives, so one value has exactly one spelling (no `=`, `+`, `/`, whitespace or stray bits).

/** Standard base64 (RFC 4648 §4), padded. */
export function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** base64url (RFC 4648 §5) without padding. */
export function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const CANONICAL = /^[A-Za-z0-9_-]*$/

/** The bytes of a canonical base64url text; throws on any other spelling. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!CANONICAL.test(text) || text.length % 4 === 1) throw new TypeError('Not canonical base64url')
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  // Unused low bits of the last character must be zero: re-encoding gives the text back.
  if (base64url(bytes) !== text) throw new TypeError('Not canonical base64url')
  return bytes
}
