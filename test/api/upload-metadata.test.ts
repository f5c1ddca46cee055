import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { signUploadUrl, UPLOAD_TYPES, type UploadType } from '../../src/lib/uploads'
import { SECRETS, WITH_METADATA } from '../fixtures/images'
import { call } from '../helpers'
import { errorOf } from './client'

// Uploads are stored without their metadata (issue 29, finding 6; docs/decisions/084): what GET serves has no
// GPS, camera, Artist, XMP, IPTC or comment, whatever the client sent.
const TYPES = Object.keys(UPLOAD_TYPES) as UploadType[]
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)

/** A signed upload URL for one of Jane's keys, the size of `bytes`. */
async function grant(type: UploadType, maxBytes: number): Promise<{ uploadUrl: string; url: string }> {
  const key = `realtors/2/${crypto.randomUUID()}.${UPLOAD_TYPES[type]}`
  const expires = Math.floor(Date.now() / 1000) + 600
  const uploadUrl = await signUploadUrl(
    'http://127.0.0.1:8787',
    { key, contentType: type, maxBytes, expires },
    env.SESSION_SECRET,
  )
  return { uploadUrl, url: uploadUrl.split('?')[0]! }
}

const put = (url: string, body: Uint8Array<ArrayBuffer>, type: string, language = 'ko') =>
  call(url, { method: 'PUT', body, headers: { 'content-type': type, 'accept-language': language } })

const md5 = async (bytes: Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('MD5', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('')

describe('PUT /photos/{key}: metadata taken out before R2', () => {
  it.each(TYPES)('a %s with GPS, camera, Artist, XMP and comments is served without any of it', async (type) => {
    const input = WITH_METADATA[type]
    const { uploadUrl, url } = await grant(type, input.length)
    const stored = await put(uploadUrl, input, type)
    expect(stored.status).toBe(200)
    expect(await stored.json()).toEqual({ url })
    const served = await call(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe(type)
    const bytes = new Uint8Array(await served.arrayBuffer())
    for (const secret of SECRETS) expect(text(bytes), secret).not.toContain(secret)
    // The stored file is the stripped one: its size and ETag are those of what is served.
    expect(bytes.length).toBeLessThan(input.length)
    expect(served.headers.get('content-length')).toBe(String(bytes.length))
    expect(served.headers.get('etag')).toBe(`"${await md5(bytes)}"`)
    expect((await call(url, { method: 'HEAD' })).headers.get('content-length')).toBe(String(bytes.length))
  })

  it('keeps a JPEG upright: Exif holds the orientation (6) and nothing else', async () => {
    const { uploadUrl, url } = await grant('image/jpeg', WITH_METADATA['image/jpeg'].length)
    expect((await put(uploadUrl, WITH_METADATA['image/jpeg'], 'image/jpeg')).status).toBe(200)
    const bytes = new Uint8Array(await (await call(url)).arrayBuffer())
    const exif = text(bytes).indexOf('Exif\0\0')
    // APP1 of 34 bytes: "Exif\0\0", a big-endian TIFF header, IFD0 with one entry (0x0112, SHORT, 1, 6), no next IFD.
    expect([...bytes.subarray(exif - 4, exif + 32)]).toEqual([
      ...[0xff, 0xe1, 0, 34, 0x45, 0x78, 0x69, 0x66, 0, 0],
      ...[0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0],
    ])
    expect(text(bytes).indexOf('Exif', exif + 1)).toBe(-1)
  })

  it('refuses a truncated image with a translated 415, stores nothing, and the URL still takes the whole file', async () => {
    const input = WITH_METADATA['image/jpeg']
    const { uploadUrl, url } = await grant('image/jpeg', input.length)
    const cut = input.subarray(0, input.length - 40)
    const korean = await put(uploadUrl, cut, 'image/jpeg')
    expect(korean.status).toBe(415)
    expect(await errorOf(korean)).toEqual({
      code: 'unreadable_image',
      message: 'image/jpeg 이미지가 손상되었거나 중간에 잘려 있어 읽을 수 없습니다.',
    })
    const english = await put(uploadUrl, cut, 'image/jpeg', 'en')
    expect((await errorOf(english)).message).toBe(
      'The file is not a whole image/jpeg image: it may be damaged or cut short.',
    )
    expect((await call(url)).status).toBe(404)
    expect((await put(uploadUrl, input, 'image/jpeg')).status).toBe(200)
  })

  it.each(TYPES)('refuses a %s one byte short of its end with 415, and stores nothing', async (type) => {
    const input = WITH_METADATA[type].subarray(0, -1)
    const { uploadUrl, url } = await grant(type, input.length)
    const response = await put(uploadUrl, input, type)
    expect(response.status).toBe(415)
    expect((await errorOf(response)).code).toBe('unreadable_image')
    expect((await call(url)).status).toBe(404)
  })
})
