// Body streams under any chunking × size (issue 29, finding 4; docs/decisions/079): through the whole worker,
// to the routes that take a body and to one that refuses before reading it, every answer is 2xx or 4xx and
// every body is read to its end or cancelled — never left half-read. test/node/body-streams.test.mjs holds
// the same property against the local server over sockets, with the next request's deadline.
// `npm run fuzz` runs 10,000 cases; `npm test` runs FUZZ_RUNS.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, JANE, login } from '../api/client'
import { bodySource } from '../fixtures/body-source'
import { CLEAN } from '../fixtures/images'
import { call } from '../helpers'

const runs = Number(env.FUZZ_RUNS)
/**
 * A whole PNG: a body that starts with it is stored (200) the first time, 409 after; the `a`s after its end
 * are no part of the image and are not stored (docs/decisions/084). A shorter body is a cut PNG (415).
 */
const PNG_START = CLEAN['image/png']
/** More chunks than this and the rest of the body comes as one. */
const MAX_CHUNKS = 256

let uploadUrl = ''
beforeAll(async () => {
  const response = await api('/v1/realtor/presigned-multi-file-upload', {
    method: 'POST',
    token: await login(JANE),
    json: { realtorId: 2, files: [{ contentType: 'image/png', size: 1000 }] },
  })
  expect(response.status).toBe(200)
  uploadUrl = ((await response.json()) as { uploadUrl: string }[])[0]!.uploadUrl
})

/**
 * The contact form (16 KiB), an upload URL (1,000 bytes), the sign-in (16 KiB), and the view beacon, which
 * refuses a request without its page's Origin before reading the body (403).
 */
const routes = {
  contact: () => ({ method: 'POST', path: '/v1/realtor-contacts', type: 'application/json' }),
  upload: () => ({ method: 'PUT', path: uploadUrl, type: 'image/png' }),
  login: () => ({ method: 'POST', path: '/v1/auth/login', type: 'application/json' }),
  view: () => ({ method: 'POST', path: '/v1/views', type: 'text/plain' }),
}

/** `size` bytes cut at `cuts` (cycled), at most MAX_CHUNKS chunks. */
function chunked(size: number, cuts: number[]): number[] {
  const chunks: number[] = []
  for (let at = 0; at < size; ) {
    const cut = chunks.length === MAX_CHUNKS - 1 ? size : cuts[chunks.length % cuts.length]!
    const length = Math.min(cut, size - at)
    chunks.push(length)
    at += length
  }
  return chunks
}

describe('body streams (property)', () => {
  it(
    'any chunking × size × declared length: 2xx or 4xx, and the body read to its end or cancelled',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('contact', 'upload', 'login', 'view'),
          fc.integer({ min: 0, max: 40 * 1024 }),
          fc.array(fc.integer({ min: 1, max: 20 * 1024 }), { minLength: 1, maxLength: 5 }),
          fc.constantFrom('none', 'true', 'less', 'more'),
          async (name, size, cuts, declared) => {
            const route = routes[name]()
            const chunks = chunked(size, cuts)
            const body = bodySource(chunks, { start: name === 'upload' ? PNG_START : undefined })
            const headers: Record<string, string> = { 'content-type': route.type }
            const length = { none: null, true: size, less: Math.floor(size / 2), more: size * 2 + 1 }[declared]
            if (length !== null) headers['content-length'] = String(length)
            const response = await call(route.path, { method: route.method, body: body.stream, headers })
            await response.arrayBuffer()
            const label = `${name}, ${size} bytes in ${chunks.length} chunks, declared ${length}`
            expect(response.status, label).toBeGreaterThanOrEqual(200)
            expect(response.status, label).toBeLessThan(500)
            expect(body.ended() || body.cancelled(), `${label}: left half-read`).toBe(true)
          },
        ),
        { numRuns: runs },
      )
    },
    10_000 + runs * 20,
  )
})
