import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { signUploadUrl } from '../../src/lib/uploads'
import { call } from '../helpers'
import { ADMIN, api, errorOf, JANE, login } from './client'

let admin: string
let jane: string

beforeAll(async () => {
  admin = await login(ADMIN)
  jane = await login(JANE)
})

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

interface Grant {
  uploadUrl: string
  url: string
  contentType: string
  maxBytes: number
}

async function grants(files: unknown[], token = jane, realtorId = 2): Promise<Response> {
  return api('/v1/realtor/presigned-multi-file-upload', { method: 'POST', token, json: { realtorId, files } })
}

async function grantFor(contentType = 'image/png', size = PNG.length): Promise<Grant> {
  const response = await grants([{ name: 'logo.png', contentType, size }])
  expect(response.status).toBe(200)
  return ((await response.json()) as Grant[])[0]!
}

const put = (url: string, body: BodyInit, contentType = 'image/png') =>
  call(url, { method: 'PUT', body, headers: { 'content-type': contentType } })

describe('POST /v1/realtor/presigned-multi-file-upload', () => {
  it('returns one signed upload URL per file, under the realtor prefix', async () => {
    const response = await grants([
      { name: 'a.png', contentType: 'image/png', size: 1000 },
      { name: 'b.jpg', contentType: 'image/jpeg', size: 2000 },
    ])
    expect(response.status).toBe(200)
    const list = (await response.json()) as Grant[]
    expect(list).toHaveLength(2)
    expect(list[0]!.uploadUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/photos\/realtors\/2\/[0-9a-f-]{36}\.png\?type=image%2Fpng&max=1000&expires=\d+&sig=/,
    )
    expect(list[1]!.url).toMatch(/\/photos\/realtors\/2\/[0-9a-f-]{36}\.jpg$/)
    expect(list[0]!.url).toBe(list[0]!.uploadUrl.split('?')[0])
  })

  it('refuses SVG and other types, oversize files, and too many files with 400', async () => {
    const svg = await grants([{ contentType: 'image/svg+xml', size: 10 }])
    expect((await errorOf(svg)).fields).toEqual([
      { path: 'files.0.contentType', message: '지원하지 않는 파일 형식입니다.' },
    ])
    const big = await grants([{ contentType: 'image/png', size: 6 * 1024 * 1024 }])
    expect((await errorOf(big)).fields![0]!.path).toBe('files.0.size')
    const many = await grants(Array.from({ length: 11 }, () => ({ contentType: 'image/png', size: 10 })))
    expect((await errorOf(many)).fields![0]!.path).toBe('files')
  })

  it("refuses a signed-out caller (401) and another realtor's prefix (403)", async () => {
    expect((await grants([{ contentType: 'image/png', size: 10 }], '')).status).toBe(401)
    expect((await grants([{ contentType: 'image/png', size: 10 }], jane, 1)).status).toBe(403)
    expect((await grants([{ contentType: 'image/png', size: 10 }], admin, 1)).status).toBe(200)
  })
})

describe('PUT and GET /photos/{key}', () => {
  it('stores the file and serves it at the URL without the query, with type, nosniff and immutable caching', async () => {
    const grant = await grantFor()
    const stored = await put(grant.uploadUrl, PNG)
    expect(stored.status).toBe(200)
    expect(await stored.json()).toEqual({ url: grant.url })
    const served = await call(grant.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('access-control-allow-origin')).toBe('*')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    const head = await call(grant.url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(PNG.length))
    const etag = served.headers.get('etag')!
    expect((await call(grant.url, { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it('refuses a tampered signature, key, type or size limit with 403', async () => {
    const grant = await grantFor()
    const url = new URL(grant.uploadUrl)
    const tampered = [
      // One character of the signature changed (to another character: it may already be an A).
      url.toString().replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`),
      url.toString().replace(/\/realtors\/2\//, '/realtors/1/'),
      url.toString().replace('max=', 'max=9'),
      url.toString().replace('type=image%2Fpng', 'type=image%2Fgif'),
      url.toString().replace(/&sig=[^&]+/, ''),
    ]
    for (const target of tampered) {
      const response = await put(target, PNG, target.includes('gif') ? 'image/gif' : 'image/png')
      expect(response.status, target).toBe(403)
      expect((await errorOf(response)).code).toBe('invalid_signature')
    }
    expect((await call(grant.url)).status).toBe(404)
  })

  it('refuses an expired URL with 403', async () => {
    const expired = await signUploadUrl(
      'http://127.0.0.1:8787',
      {
        key: 'realtors/2/expired.png',
        contentType: 'image/png',
        maxBytes: 100,
        expires: Math.floor(Date.now() / 1000) - 1,
      },
      env.SESSION_SECRET,
    )
    const response = await put(expired, PNG)
    expect(response.status).toBe(403)
    expect((await errorOf(response)).code).toBe('upload_expired')
  })

  it('refuses a wrong content type (415), an oversize body (413) and a non-image pretending to be a PNG (415)', async () => {
    const grant = await grantFor()
    expect((await put(grant.uploadUrl, PNG, 'image/jpeg')).status).toBe(415)
    const tooBig = new Uint8Array(PNG.length + 1)
    tooBig.set(PNG)
    expect((await put(grant.uploadUrl, tooBig)).status).toBe(413)
    const html = new TextEncoder().encode('<script>alert(1)</script>'.padEnd(PNG.length, ' '))
    const fake = await put(grant.uploadUrl, html)
    expect(fake.status).toBe(415)
    expect((await errorOf(fake)).code).toBe('not_an_image')
    expect((await call(grant.url)).status).toBe(404)
  })

  it('refuses a second upload to the same URL with 409', async () => {
    const grant = await grantFor()
    expect((await put(grant.uploadUrl, PNG)).status).toBe(200)
    expect((await put(grant.uploadUrl, PNG)).status).toBe(409)
  })

  it('serves anything but the upload image types as a download, never inline', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    await env.PHOTOS.put('legacy/1/logo.svg', svg, { httpMetadata: { contentType: 'image/svg+xml' } })
    const response = await call('/photos/legacy/1/logo.svg')
    expect(response.headers.get('content-disposition')).toBe('attachment')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const grant = await grantFor()
    expect((await put(grant.uploadUrl, PNG)).status).toBe(200)
    const png = await call(grant.url)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-disposition')).toBeNull()
  })

  it('answers an unknown photo and a path outside the bucket layout with a JSON 404', async () => {
    expect((await call('/photos/realtors/2/nothing.png')).status).toBe(404)
    expect((await call('/photos/realtors/%E0%A4%A.png')).status).toBe(404)
    const traversal = await call('/photos/realtors/..%2F..%2Fsecret')
    expect(traversal.status).toBe(404)
    expect(traversal.headers.get('content-type')).toMatch(/json/)
  })
})
