import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { faviconPhoto, groupPhotos, sharingPhoto } from '../../src/lib/home/photos'
import { hasDotSegment, uploadedKeyOf } from '../../src/lib/photos/keys'
import { ABANDONED_UPLOAD_MS, releaseAbandonedUploads, releasePhotos } from '../../src/lib/photos/release'
import type { Photo, Realtor } from '../../src/lib/realtors/types'
import { call } from '../helpers'
import { api, EQUITY, errorOf, JANE, login } from './client'

// Photos leave R2 once no profile refers to them (docs/decisions/045-photo-slots.md), and the share
// image and favicon fall back to the top photo and the logo.
let jane: string
let equity: string

beforeAll(async () => {
  jane = await login(JANE)
  equity = await login(EQUITY)
})

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

/**
 * Uploads a PNG through the real grant and PUT, for Jane (id 2) unless told otherwise; returns its stored
 * (absolute) URL.
 */
async function upload(as = { token: jane, realtorId: 2 }): Promise<string> {
  const response = await api('/v1/realtor/presigned-multi-file-upload', {
    method: 'POST',
    token: as.token,
    json: { realtorId: as.realtorId, files: [{ name: 'p.png', contentType: 'image/png', size: PNG.length }] },
  })
  const [grant] = (await response.json()) as { uploadUrl: string; url: string }[]
  const put = await call(grant!.uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })
  expect(put.status).toBe(200)
  return grant!.url
}

const patchPhotos = (photos: Photo[], headers: Record<string, string> = {}) =>
  api('/v1/realtor/2', { method: 'PATCH', token: jane, json: { photos }, headers })
const photoStatus = async (url: string) => (await call(url)).status
const photo = (path: Photo['path'], url: string): Photo => ({ path, imageType: 'fullsize', url })

describe('uploadedKeyOf', () => {
  it('names the key of uploaded photos only, absolute or root-relative', () => {
    expect(uploadedKeyOf('/photos/realtors/2/abc-1.jpg')).toBe('realtors/2/abc-1.jpg')
    expect(uploadedKeyOf('https://jane.example/photos/realtors/2/abc.webp')).toBe('realtors/2/abc.webp')
    for (const url of [
      '/photos/seed/janekim/top.png',
      'https://cdn.example.com/me.jpg',
      '/photos/realtors/2/../seed/x.png',
      '/photos/realtors/2/a.svg',
      '//evil.example/photos/realtors/2/a.png',
      'javascript:alert(1)',
    ])
      expect(uploadedKeyOf(url), url).toBeNull()
  })
})

describe('releasePhotos', () => {
  it('deletes unreferenced uploads, keeps referenced ones, never seed or external photos', async () => {
    for (const key of ['realtors/2/kept.png', 'realtors/2/gone.png', 'seed/janekim/top.png'])
      await env.PHOTOS.put(key, PNG, { httpMetadata: { contentType: 'image/png' } })
    // Another realtor's profile still shows one of them.
    const other = (await (await api('/v1/realtor/1')).json()) as Realtor
    await env.DB.prepare('UPDATE realtors SET profile = json_set(profile, ?, json(?)) WHERE id = ?')
      .bind('$.photos', JSON.stringify([...other.photos, photo('gallery', '/photos/realtors/2/kept.png')]), 1)
      .run()
    const deleted = await releasePhotos(env.DB, env.PHOTOS, 2, [
      'http://127.0.0.1:8787/photos/realtors/2/kept.png',
      '/photos/realtors/2/gone.png',
      '/photos/realtors/2/gone.png',
      '/photos/seed/janekim/top.png',
      'https://cdn.example.com/photos/seed/top.png',
      '/photos/realtors/2/never-uploaded.png',
    ])
    expect(deleted).toBe(1)
    expect(await env.PHOTOS.head('realtors/2/gone.png')).toBeNull()
    expect(await env.PHOTOS.head('realtors/2/kept.png')).not.toBeNull()
    expect(await env.PHOTOS.head('seed/janekim/top.png')).not.toBeNull()
  })

  it('a failing bucket is logged and deletes nothing, without throwing', async () => {
    const broken = { head: () => Promise.reject(new Error('R2 down')) } as unknown as R2Bucket
    expect(await releasePhotos(env.DB, broken, 2, ['/photos/realtors/2/x.png'])).toBe(0)
  })
})

describe('releaseAbandonedUploads', () => {
  it("deletes the realtor's day-old uploads no profile mentions, never newer or kept ones", async () => {
    for (const key of ['realtors/5/in-profile.png', 'realtors/5/abandoned.png', 'realtors/6/other.png'])
      await env.PHOTOS.put(key, PNG, { httpMetadata: { contentType: 'image/png' } })
    const kept = ['http://127.0.0.1:8787/photos/realtors/5/in-profile.png']
    expect(await releaseAbandonedUploads(env.DB, env.PHOTOS, 5, kept)).toBe(0)
    const later = Date.now() + ABANDONED_UPLOAD_MS + 60_000
    expect(await releaseAbandonedUploads(env.DB, env.PHOTOS, 5, kept, later)).toBe(1)
    expect(await env.PHOTOS.head('realtors/5/abandoned.png')).toBeNull()
    expect(await env.PHOTOS.head('realtors/5/in-profile.png')).not.toBeNull()
    expect(await env.PHOTOS.head('realtors/6/other.png')).not.toBeNull()
  })
})

describe('a write that drops a photo deletes its R2 object', () => {
  it('save (PATCH): removing a photo makes it 404; the kept one still serves', async () => {
    const [first, second] = [await upload(), await upload()]
    expect((await patchPhotos([photo('id', first), photo('gallery', second)])).status).toBe(200)
    expect(await photoStatus(first)).toBe(200)
    expect((await patchPhotos([photo('gallery', second)])).status).toBe(200)
    expect(await photoStatus(first)).toBe(404)
    expect(await photoStatus(second)).toBe(200)
  })

  it('a save that fails validation deletes nothing', async () => {
    const url = await upload()
    expect((await patchPhotos([photo('id', url)])).status).toBe(200)
    const bad = await api('/v1/realtor/2', { method: 'PATCH', token: jane, json: { photos: [], contactPhone: 'x' } })
    expect(bad.status).toBe(400)
    expect(await photoStatus(url)).toBe(200)
  })

  it('import (replace): the photos the imported profile lacks are deleted', async () => {
    const url = await upload()
    expect((await patchPhotos([photo('top', url)])).status).toBe(200)
    const exported = (await (await api('/v1/realtor/export/2', { token: jane })).json()) as Realtor
    const body = new FormData()
    body.set('file', new File([JSON.stringify({ ...exported, photos: [] })], 'jane.json'))
    body.set('realtorId', '2')
    const response = await api('/v1/realtor/import/2', { method: 'POST', token: jane, body })
    expect(response.status).toBe(201)
    expect(await photoStatus(url)).toBe(404)
  })
})

describe('a realtor’s writes touch only their own uploads (issue 29, finding 7)', () => {
  /** An upload of Equity Realty (id 1) not saved in any profile yet. */
  const equityUpload = () => upload({ token: equity, realtorId: 1 })

  it('refuses another realtor’s upload in a save, in the caller’s language, and it stays', async () => {
    const theirs = await equityUpload()
    const key = new URL(theirs).pathname.slice('/photos/'.length)
    for (const [language, text] of [
      ['en', 'This photo belongs to another homepage'],
      ['ko', '다른 홈페이지의 사진입니다'],
    ] as const) {
      const refused = await patchPhotos([photo('gallery', theirs)], { 'accept-language': language })
      expect(refused.status).toBe(400)
      const error = await errorOf(refused)
      expect(error.fields).toEqual([{ path: 'photos.0.url', message: expect.stringContaining(text) }])
    }
    // Every spelling of the same object: root-relative, another host, percent-encoded.
    for (const url of [
      `/photos/${key}`,
      `https://jane.example/photos/${key}`,
      `https://jane.example/photos/%72ealtors/${key.slice('realtors/'.length)}`,
      `https://jane.example/photos/realtors%2F${key.slice('realtors/'.length)}`,
    ])
      expect((await patchPhotos([photo('gallery', url)])).status, url).toBe(400)
    // Saving without it afterwards deletes nothing of theirs.
    expect((await patchPhotos([])).status).toBe(200)
    expect(await photoStatus(theirs)).toBe(200)
  })

  it('refuses it in an import too', async () => {
    const theirs = await equityUpload()
    const exported = (await (await api('/v1/realtor/export/2', { token: jane })).json()) as Realtor
    const body = new FormData()
    body.set('file', new File([JSON.stringify({ ...exported, photos: [photo('top', theirs)] })], 'jane.json'))
    body.set('realtorId', '2')
    const response = await api('/v1/realtor/import/2', { method: 'POST', token: jane, body })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields?.[0]?.path).toBe('photos.0.url')
    expect(await photoStatus(theirs)).toBe(200)
  })

  it('never releases another realtor’s upload that a profile already held, and lets the profile save', async () => {
    const theirs = await equityUpload()
    const mine = await upload()
    expect((await patchPhotos([photo('id', mine)])).status).toBe(200)
    // A profile written before this rule, holding Equity's unsaved upload.
    const held = [photo('id', mine), photo('gallery', theirs)]
    await env.DB.prepare('UPDATE realtors SET profile = json_set(profile, ?, json(?)) WHERE id = 2')
      .bind('$.photos', JSON.stringify(held))
      .run()
    // Other fields still save with it (nothing new is referenced)…
    const other = await api('/v1/realtor/2', { method: 'PATCH', token: jane, json: { aboutMeEn: 'Hello' } })
    expect(other.status).toBe(200)
    // …and dropping it releases only Jane's own.
    expect((await patchPhotos([])).status).toBe(200)
    expect(await photoStatus(theirs)).toBe(200)
    expect(await photoStatus(mine)).toBe(404)
    expect(await releasePhotos(env.DB, env.PHOTOS, 2, [theirs])).toBe(0)
    expect(await photoStatus(theirs)).toBe(200)
  })

  it('takes the realtor’s own uploads, seed photos and other hosts’ photos as before', async () => {
    const mine = await upload()
    const urls = [mine, '/photos/seed/janekim/top.png', 'https://cdn.example.com/me.jpg']
    expect((await patchPhotos(urls.map((url) => photo('gallery', url)))).status).toBe(200)
  })
})

describe('photo URLs with dot segments (issue 29, finding 16)', () => {
  const DOTTED = [
    '/photos/realtors/2/../1/x.png',
    '/photos/./seed/janekim/top.png',
    '/photos/realtors/2/..',
    'https://jane.example/photos/realtors/2/../1/x.png',
    'https://jane.example/photos/realtors/2/%2e%2e/1/x.png',
    'https://jane.example/photos/realtors/2/.%2E/1/x.png',
    'https://jane.example/photos/realtors/2/%2E/x.png',
    'https://jane.example/photos/realtors/2/..%2f1/x.png',
    'https://jane.example/photos/realtors/2/..\\1/x.png',
  ]

  it('names them, whatever the spelling', () => {
    for (const url of DOTTED) expect(hasDotSegment(url), url).toBe(true)
    for (const url of [
      '/photos/realtors/2/a.b.png',
      'https://cdn.example.com/x..y/.well.jpg',
      '/photos/seed/x/top.png',
    ])
      expect(hasDotSegment(url), url).toBe(false)
  })

  it('refuses them in a save with a 400 in the caller’s language', async () => {
    for (const url of DOTTED) {
      for (const [language, text] of [
        ['en', 'cannot contain . or ..'],
        ['ko', '. 또는 .. 경로'],
      ] as const) {
        const response = await patchPhotos([photo('gallery', url)], { 'accept-language': language })
        expect(response.status, url).toBe(400)
        expect((await errorOf(response)).fields).toEqual([
          { path: 'photos.0.url', message: expect.stringContaining(text) },
        ])
      }
    }
  })

  it('answers a dotted photo path with a translated 404, never a 5xx', async () => {
    await env.PHOTOS.put('realtors/2/./dot.png', PNG, { httpMetadata: { contentType: 'image/png' } })
    for (const path of [
      '/photos/realtors/2/.%2Fdot.png',
      '/photos/realtors/2/%2E%2Fdot.png',
      '/photos/realtors/%2E%2E%2F2/x.png',
    ]) {
      for (const [language, text] of [
        ['en', 'not found'],
        ['ko', '찾을 수 없'],
      ] as const) {
        const response = await call(path, { headers: { 'accept-language': language } })
        expect(response.status, path).toBe(404)
        expect((await errorOf(response)).message.toLowerCase()).toContain(text)
      }
    }
  })
})

describe('favicon and share image defaults', () => {
  const groups = groupPhotos([
    { path: 'logo', imageType: 'fullsize', url: '/photos/l-full.png' },
    { path: 'logo', imageType: 'thumbnail', url: '/photos/l-thumb.png' },
    photo('top', '/photos/top.jpg'),
    photo('id', '/photos/me.jpg'),
  ])

  it('favicon falls back to the logo thumbnail; og:image to the top photo, then the portrait', () => {
    expect(faviconPhoto(groups)?.url).toBe('/photos/l-thumb.png')
    expect(sharingPhoto(groups)?.url).toBe('/photos/top.jpg')
    expect(sharingPhoto(groupPhotos([photo('id', '/photos/me.jpg')]))?.url).toBe('/photos/me.jpg')
    const own = groupPhotos([photo('favicon', '/photos/f.png'), photo('ogImage', '/photos/og.jpg'), ...groups.logo])
    expect(faviconPhoto(own)?.url).toBe('/photos/f.png')
    expect(sharingPhoto(own)?.url).toBe('/photos/og.jpg')
  })

  it('the homepage head carries them when the realtor set neither', async () => {
    const logo = await upload()
    const top = await upload()
    expect((await patchPhotos([{ path: 'logo', imageType: 'thumbnail', url: logo }, photo('top', top)])).status).toBe(
      200,
    )
    const html = await (await call('/janekim')).text()
    expect(html).toContain(`<link rel="icon" href="${logo}"/>`)
    expect(html).toContain(`<meta property="og:image" content="${top}"/>`)
  })
})
