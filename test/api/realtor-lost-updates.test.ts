// Lost updates (issue 29, finding 2; docs/decisions/082-profile-versions.md): two sessions of one realtor
// saving at once. Without If-Match each PATCH is applied to the profile as stored at its write, so fields
// it does not name are never reverted; with If-Match a stale tag is a 412 that changes and releases nothing.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Photo, Realtor } from '../../src/lib/realtors/types'
import { call } from '../helpers'
import { api, errorOf, JANE, login } from './client'

/** Two sessions of Jane (realtor 2): two sign-ins, as two browsers would have. */
let first: string
let second: string

beforeAll(async () => {
  first = await login(JANE)
  second = await login(JANE)
})

const patch = (token: string, json: object, headers: Record<string, string> = {}) =>
  api('/v1/realtor/2', { method: 'PATCH', token, json, headers })
const read = async (token = first) => {
  const response = await api('/v1/realtor/2', { token })
  return { etag: response.headers.get('etag'), realtor: (await response.json()) as Realtor }
}

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

/** An upload of Jane's through the real grant and PUT; its stored URL. */
async function upload(): Promise<string> {
  const response = await api('/v1/realtor/presigned-multi-file-upload', {
    method: 'POST',
    token: first,
    json: { realtorId: 2, files: [{ name: 'p.png', contentType: 'image/png', size: PNG.length }] },
  })
  const [grant] = (await response.json()) as { uploadUrl: string; url: string }[]
  expect(
    (await call(grant!.uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status,
  ).toBe(200)
  return grant!.url
}

describe('two sessions saving different fields at once', () => {
  it('keeps both changes in each of 40 rounds, without If-Match', async () => {
    const lost: number[] = []
    for (let round = 0; round < 40; round++) {
      const [a, b] = await Promise.all([
        patch(first, { aboutMeEn: `about ${round}` }),
        patch(second, { licenseNumber: `LIC-${round}` }),
      ])
      expect([a.status, b.status], `round ${round}`).toEqual([200, 200])
      const { realtor } = await read()
      if (realtor.aboutMeEn !== `about ${round}` || realtor.licenseNumber !== `LIC-${round}`) lost.push(round)
    }
    expect(lost).toEqual([])
  })

  it('keeps both changes with If-Match when each session saves on the version it read last', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await read(first)
      const saved = await patch(first, { aboutMeKr: `소개 ${round}` }, { 'if-match': a.etag! })
      expect(saved.status).toBe(200)
      // The answer's ETag is the new version's: the second session reads it and saves on it.
      const b = await read(second)
      expect(b.etag).toBe(saved.headers.get('etag'))
      expect((await patch(second, { salesCount: round }, { 'if-match': b.etag! })).status).toBe(200)
      const { realtor } = await read()
      expect([realtor.aboutMeKr, realtor.salesCount]).toEqual([`소개 ${round}`, round])
    }
  })

  it('lets exactly one of two saves on the same version through; the other is a 412 that changes nothing', async () => {
    for (let round = 0; round < 20; round++) {
      const { etag } = await read()
      const [a, b] = await Promise.all([
        patch(first, { kakaoLink: `https://open.kakao.com/o/a${round}` }, { 'if-match': etag! }),
        patch(second, { snsInstagramUrl: `https://instagram.com/b${round}` }, { 'if-match': etag! }),
      ])
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 412])
      const { realtor } = await read()
      const won = a.status === 200
      expect(realtor.kakaoLink === `https://open.kakao.com/o/a${round}`).toBe(won)
      expect(realtor.snsInstagramUrl === `https://instagram.com/b${round}`).toBe(!won)
    }
  })
})

describe('a save on a stale version', () => {
  it('is a 412 in the caller’s language with the current ETag, and changes nothing', async () => {
    const stale = await read()
    expect(stale.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const moved = await patch(first, { aboutMeEn: 'saved first' }, { 'if-match': stale.etag! })
    expect(moved.status).toBe(200)
    const current = await read()
    for (const [language, text] of [
      ['en', 'changed'],
      ['ko', '변경'],
    ] as const) {
      const refused = await patch(
        second,
        { aboutMeEn: 'saved second' },
        { 'if-match': stale.etag!, 'accept-language': language },
      )
      expect(refused.status).toBe(412)
      expect(refused.headers.get('etag')).toBe(current.etag)
      const error = await errorOf(refused)
      expect(error.code).toBe('precondition_failed')
      expect(error.message).toContain(text)
    }
    expect(await read()).toEqual(current)
  })

  it('never releases a photo the other session just saved', async () => {
    const stale = await read()
    const url = await upload()
    const photo: Photo = { path: 'gallery', imageType: 'fullsize', url }
    expect((await patch(first, { photos: [...stale.realtor.photos, photo] })).status).toBe(200)
    // The second session still holds the photos it loaded: saving them would drop the new one.
    const refused = await patch(second, { photos: stale.realtor.photos }, { 'if-match': stale.etag! })
    expect(refused.status).toBe(412)
    expect((await read()).realtor.photos).toContainEqual(photo)
    expect((await call(url)).status).toBe(200)
    expect(await env.PHOTOS.head(new URL(url).pathname.slice('/photos/'.length))).not.toBeNull()
  })

  it('compares strongly: a weak or unknown tag fails, * and a list naming the current tag pass', async () => {
    const { etag } = await read()
    for (const match of [`W/${etag}`, '"0123"', 'not a tag'])
      expect((await patch(first, { licenseNumber: 'weak' }, { 'if-match': match })).status, match).toBe(412)
    expect((await read()).etag).toBe(etag)
    expect((await patch(first, { licenseNumber: 'any' }, { 'if-match': '*' })).status).toBe(200)
    const next = await read()
    expect((await patch(first, { licenseNumber: 'listed' }, { 'if-match': `"0123", ${next.etag}` })).status).toBe(200)
    // If-None-Match: * asks for a write only where there is no profile: there is one.
    expect((await patch(first, { licenseNumber: 'none' }, { 'if-none-match': '*' })).status).toBe(412)
    expect((await read()).realtor.licenseNumber).toBe('listed')
  })
})

describe('the version a realtor reads', () => {
  it('is the ETag of their own GET, fresh, and of the PATCH answer', async () => {
    const own = await api('/v1/realtor/2', { token: first })
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    const etag = own.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect((await api('/v1/realtor/2', { token: first, headers: { 'if-none-match': etag } })).status).toBe(304)
    const saved = await patch(first, { aboutMeEn: 'fresh' })
    const after = await api('/v1/realtor/2', { token: second })
    expect(after.headers.get('etag')).toBe(saved.headers.get('etag'))
    expect(after.headers.get('etag')).not.toBe(etag)
  })
})
