// Bodies through the whole worker (docs/decisions/079-bounded-request-bodies.md; issue 29, finding 4): a
// chunked body over a route's limit is refused 413, what is still arriving read off and discarded up to 1 MiB
// (decision 098) and the rest cancelled, never left half-read; and a body
// refused before it is read (a bad upload signature, a path that is no photo) is cancelled once the answer is
// made. test/node/body-streams.test.mjs sends the same bodies to the local server over sockets.
import { describe, expect, it } from 'vitest'
import { type BodySource, bodySource, chunksOf } from '../fixtures/body-source'
import { call } from '../helpers'
import { api, errorOf, JANE, login } from './client'

/** 200 KB in 4 KB chunks, as the attack sent it. */
const attack = () => bodySource(chunksOf(50, 4096))

const send = (method: string, path: string, body: BodySource, type = 'application/json', language = 'ko') =>
  call(path, { method, body: body.stream, headers: { 'content-type': type, 'accept-language': language } })

async function uploadUrl(): Promise<string> {
  const token = await login(JANE)
  const response = await api('/v1/realtor/presigned-multi-file-upload', {
    method: 'POST',
    token,
    json: { realtorId: 2, files: [{ contentType: 'image/png', size: 1000 }] },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { uploadUrl: string }[])[0]!.uploadUrl
}

describe('a chunked body over a route’s limit', () => {
  it('the contact form: 413 in the caller’s language, the rest of the body read off and discarded', async () => {
    for (const [language, message] of [
      ['ko', '요청 본문이 너무 큽니다. 16384바이트까지 보낼 수 있습니다.'],
      ['en', 'The request body is larger than 16384 bytes.'],
    ] as const) {
      const body = attack()
      const response = await send('POST', '/v1/realtor-contacts', body, 'application/json', language)
      expect(response.status).toBe(413)
      expect(await errorOf(response)).toEqual({ code: 'payload_too_large', message })
      expect(body.ended()).toBe(true)
    }
  })

  it('an upload URL: 413 naming the grant’s size; past 1 MiB more, the rest cancelled', async () => {
    // 2.4 MB in 4 KB chunks: the grant's 1,000 bytes, a mebibyte discarded, and nothing asked for after.
    const body = bodySource(chunksOf(600, 4096))
    const response = await send('PUT', await uploadUrl(), body, 'image/png', 'en')
    expect(response.status).toBe(413)
    expect((await errorOf(response)).message).toBe('This upload URL takes at most 1000 bytes.')
    expect(body.cancelled()).toBe(true)
    expect(body.pulled()).toBeLessThanOrEqual(1 + 256 + 2)
  })
})

describe('a body refused before it is read', () => {
  it('is cancelled once the answer is made: a bad upload signature (403), a path that is no photo (404)', async () => {
    const url = await uploadUrl()
    for (const [path, status] of [
      [url.replace(/sig=[^&]+/, 'sig=AAAA'), 403],
      ['/photos/no-such-key', 404],
    ] as const) {
      const body = attack()
      const response = await send('PUT', path, body, 'image/png')
      expect(response.status, path).toBe(status)
      expect((await errorOf(response)).message).toMatch(/[가-힣]/)
      expect(body.pulled(), path).toBe(0)
      expect(body.cancelled(), path).toBe(true)
    }
  })
})
