import { describe, expect, it } from 'vitest'
import { base64url, fromBase64url } from '../../src/lib/base64url'
import { signSession, verifySession } from '../../src/lib/session'
import { SESSION_CLAIMS } from '../fixtures/forms'

const bytes = (...values: number[]) => new Uint8Array(values)

describe('base64url', () => {
  it('round-trips every length without padding', () => {
    for (let length = 0; length < 40; length++) {
      const data = crypto.getRandomValues(new Uint8Array(length))
      const text = base64url(data)
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
      expect(fromBase64url(text)).toEqual(data)
    }
  })

  it('refuses every form but the canonical one: padding, +/, whitespace, stray bits, bad lengths', () => {
    expect(base64url(bytes(0xfb, 0xff))).toBe('-_8')
    for (const text of ['-_8=', '+/8', '-_8 ', ' -_8', '-_\n8', '-_9', 'A', 'AAAAA', 'A=A', '-_8==', '%%']) {
      expect(() => fromBase64url(text), JSON.stringify(text)).toThrow()
    }
  })
})

describe('session tokens in base64url', () => {
  const user = SESSION_CLAIMS

  it('are accepted only in the canonical form they were issued in', async () => {
    const token = await signSession(user, 'secret-a')
    expect(await verifySession(token, 'secret-a')).not.toBeNull()
    const [body, signature] = token.split('.') as [string, string]
    // The same bytes spelled differently: each is a second valid-looking token for one signature.
    const respelled = [
      `${body}.${signature}=`,
      `${body}=.${signature}`,
      `${body}.${signature.replace(/-/g, '+').replace(/_/g, '/')}`,
      // 32 bytes are 43 characters whose last one carries 2 unused bits: set them.
      `${body}.${signature.slice(0, -1)}${stray(signature.at(-1)!)}`,
    ]
    for (const variant of respelled) {
      if (variant === token) continue
      expect(await verifySession(variant, 'secret-a'), variant).toBeNull()
    }
  })
})

/** The base64url character that differs from `char` only in the unused low bits of a 43rd character. */
function stray(char: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  return alphabet[alphabet.indexOf(char) ^ 1]!
}
