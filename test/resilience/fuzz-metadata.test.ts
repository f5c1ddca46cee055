// Metadata under damaged files (issue 29, finding 6; docs/decisions/084): any mutation of an image that carries
// GPS, camera, Artist, XMP, IPTC and comments is refused, or stored without any of it; through the stripper
// (every type) and through the upload URL (JPEG): never a 5xx, never the original's metadata in the bucket.
// `npm run fuzz` runs 10,000 cases per property; `npm test` runs FUZZ_RUNS.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stripMetadata } from '../../src/lib/photos/metadata/index'
import { signUploadUrl, UPLOAD_TYPES, type UploadType } from '../../src/lib/uploads'
import { SECRETS, WITH_METADATA } from '../fixtures/images'
import { call } from '../helpers'

const runs = Number(env.FUZZ_RUNS)
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)
const leaked = (bytes: Uint8Array) => SECRETS.filter((secret) => text(bytes).includes(secret))

/** A byte overwritten, inserted or deleted at a fraction of the file's length, or the file cut there. */
const edit = fc.record({
  kind: fc.constantFrom('set', 'set', 'set', 'insert', 'delete', 'cut'),
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  byte: fc.oneof(
    fc.integer({ min: 0, max: 255 }),
    fc.constantFrom(0x00, 0xff, 0xd8, 0xd9, 0xda, 0xc0, 0xc4, 0xdb, 0xe1),
  ),
})
type Edit = { kind: string; at: number; byte: number }

function mutate(image: Uint8Array, edits: Edit[]): Uint8Array<ArrayBuffer> {
  let bytes = [...image]
  for (const { kind, at, byte } of edits) {
    const i = Math.floor(at * bytes.length)
    if (kind === 'set') bytes[i] = byte
    else if (kind === 'insert') bytes.splice(i, 0, byte)
    else if (kind === 'delete') bytes.splice(i, 1)
    else bytes = bytes.slice(0, i)
  }
  return Uint8Array.from(bytes)
}

/** The JPEG's byte half-way through: setting it to itself changes nothing. */
const middleByte = WITH_METADATA['image/jpeg'][Math.floor(0.5 * WITH_METADATA['image/jpeg'].length)]!

/** How many mutated files were stored: the properties must see both answers, not only refusals. */
const seen = { stripped: 0, stored: 0 }

describe('metadata under damaged files (property)', () => {
  it('stripMetadata of any mutated image is null, or no longer than it and free of the metadata', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(UPLOAD_TYPES) as UploadType[])),
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        (type, edits) => {
          const input = mutate(WITH_METADATA[type], edits)
          const output = stripMetadata(input, type)
          if (output === null) return
          seen.stripped++
          expect(output.length).toBeLessThanOrEqual(input.length)
          expect(leaked(output)).toEqual([])
          // What is stored is itself a whole image, with nothing left to take out.
          expect(stripMetadata(output, type)).toEqual(output)
        },
      ),
      { numRuns: runs * 4 },
    )
    expect(seen.stripped).toBeGreaterThan(runs / 10)
  })

  it(
    'a mutated JPEG put to its upload URL: 200 without the metadata, or a 4xx and nothing stored',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 2 }), async (edits) => {
          const input = mutate(WITH_METADATA['image/jpeg'], edits)
          const key = `realtors/2/${crypto.randomUUID()}.jpg`
          const expires = Math.floor(Date.now() / 1000) + 600
          const grant = { key, contentType: 'image/jpeg' as const, maxBytes: 8192, expires }
          const uploadUrl = await signUploadUrl('http://127.0.0.1:8787', grant, env.SESSION_SECRET)
          const response = await call(uploadUrl, {
            method: 'PUT',
            body: input,
            headers: { 'content-type': 'image/jpeg' },
          })
          await response.arrayBuffer()
          const stored = await call(`/photos/${key}`)
          const bytes = new Uint8Array(await stored.arrayBuffer())
          if (response.status === 200) {
            seen.stored++
            expect(stored.status).toBe(200)
            expect(leaked(bytes)).toEqual([])
          } else {
            expect([413, 415]).toContain(response.status)
            expect(stored.status).toBe(404)
          }
        }),
        // One case that must be stored, whatever the random ones do: a byte set to the value it has (a few
        // in a hundred random mutations leave a whole JPEG; the count of those is chance, not a property).
        { numRuns: runs, examples: [[[{ kind: 'set', at: 0.5, byte: middleByte }]]] },
      )
      expect(seen.stored).toBeGreaterThan(0)
    },
    10_000 + runs * 30,
  )
})
