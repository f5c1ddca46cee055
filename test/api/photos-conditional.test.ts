// GET /photos/{key} under conditional requests (RFC 9110 §13): preconditions evaluated in order,
// malformed fields and absurd keys never a 5xx.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { call } from '../helpers'

const KEY = 'seed/conditional/photo.png'
const PATH = `/photos/${KEY}`
let etag = ''
let modified = ''

beforeAll(async () => {
  const object = await env.PHOTOS.put(KEY, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), {
    httpMetadata: { contentType: 'image/png' },
  })
  etag = object!.httpEtag
  modified = object!.uploaded.toUTCString()
})

const get = (headers: Record<string, string>, method = 'GET') => call(PATH, { method, headers })
const past = 'Sat, 01 Jan 2000 00:00:00 GMT'
const future = 'Fri, 01 Jan 2100 00:00:00 GMT'

describe('conditional GET of a photo', () => {
  it.each([
    ['no condition', 200, {}],
    ['If-None-Match of its tag', 304, () => ({ 'if-none-match': etag })],
    ['If-None-Match of its weak tag', 304, () => ({ 'if-none-match': `W/${etag}` })],
    ['If-None-Match: *', 304, { 'if-none-match': '*' }],
    ['If-None-Match of another tag', 200, { 'if-none-match': '"other"' }],
    ['a malformed If-None-Match', 200, { 'if-none-match': 'not-a-tag, "unterminated' }],
    ['a 10,000-character If-None-Match', 200, { 'if-none-match': `"${'x'.repeat(10_000)}"` }],
    ['If-Match of its tag', 200, () => ({ 'if-match': etag })],
    ['If-Match of another tag', 412, { 'if-match': '"other"' }],
    ['If-Match of its weak tag (strong comparison)', 412, () => ({ 'if-match': `W/${etag}` })],
    ['a malformed If-Match', 412, { 'if-match': 'garbage' }],
    ['If-Unmodified-Since in the past', 412, { 'if-unmodified-since': past }],
    ['If-Unmodified-Since in the future', 200, { 'if-unmodified-since': future }],
    ['a malformed If-Unmodified-Since (ignored)', 200, { 'if-unmodified-since': 'yesterday-ish' }],
    ['If-Modified-Since of its own date', 304, () => ({ 'if-modified-since': modified })],
    ['If-Modified-Since in the past', 200, { 'if-modified-since': past }],
    ['a malformed If-Modified-Since (ignored)', 200, { 'if-modified-since': 'Mon, 99 Foo 20x6' }],
    ['If-Match failing before If-None-Match matching', 412, () => ({ 'if-match': '"other"', 'if-none-match': etag })],
  ])('%s → %i', async (_, status, headers) => {
    const response = await get(typeof headers === 'function' ? headers() : headers)
    expect(response.status).toBe(status)
    await response.arrayBuffer()
  })

  it('answers HEAD with the same preconditions and no body', async () => {
    const response = await get({ 'if-match': '"other"' }, 'HEAD')
    expect(response.status).toBe(412)
    const ok = await get({}, 'HEAD')
    expect(ok.status).toBe(200)
    expect(await ok.text()).toBe('')
  })

  it('answers a 6,000-character key with 404, not 500', async () => {
    const response = await call(`/photos/seed/${'a'.repeat(6000)}/x.png`)
    expect(response.status).toBe(404)
  })
})
