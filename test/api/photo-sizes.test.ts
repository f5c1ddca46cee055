// Photos that load fast (issue 33, docs/decisions/113-photo-sizes.md): an upload's WebP sizes are made when
// it is stored, a photo stored before gets them on its first request, /photos/ answers from the edge cache
// without reading R2, and the homepage's <img>s name the sizes in srcset.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { releasePhotos } from '../../src/lib/photos/release'
import { srcsetOf } from '../../src/lib/photos/srcset'
import worker, { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { JPEG_1200 } from '../fixtures/photo-1200'
import { RICH } from '../fixtures/rich-realtor'
import { call, ORIGIN, settled } from '../helpers'
import { api, errorOf, JANE, login } from './client'

let jane: string
beforeAll(async () => {
  jane = await login(JANE)
})

async function grant(contentType = 'image/jpeg', size = JPEG_1200.length) {
  const response = await api('/v1/realtor/presigned-multi-file-upload', {
    method: 'POST',
    token: jane,
    json: { realtorId: 2, files: [{ name: 'house.jpg', contentType, size }] },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { uploadUrl: string; url: string }[])[0]!
}

const keyOf = (url: string) => new URL(url).pathname.slice('/photos/'.length)

async function widthOf(key: string) {
  const object = await env.PHOTOS.get(key)
  expect(object, key).not.toBeNull()
  const info = await env.IMAGES.info(object!.body)
  return { width: 'width' in info ? info.width : 0, type: object!.httpMetadata?.contentType }
}

/** env with a PHOTOS bucket that counts its reads. */
function counting() {
  const reads: string[] = []
  const bucket = new Proxy(env.PHOTOS, {
    get(target, prop) {
      if (prop === 'get' || prop === 'head')
        return (key: string, ...rest: unknown[]) => {
          reads.push(key)
          return (target[prop] as (...args: unknown[]) => unknown).call(target, key, ...rest)
        }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { reads, bindings: { ...env, PHOTOS: bucket } }
}

describe('sizes made at upload', () => {
  it('stores 480, 960 and 1600 px WebP sizes beside the original, never enlarged', async () => {
    const { uploadUrl, url } = await grant()
    const put = await call(uploadUrl, { method: 'PUT', body: JPEG_1200, headers: { 'content-type': 'image/jpeg' } })
    expect(put.status).toBe(200)
    const key = keyOf(url)
    expect(await widthOf(`${key}.w480.webp`)).toEqual({ width: 480, type: 'image/webp' })
    expect(await widthOf(`${key}.w960.webp`)).toEqual({ width: 960, type: 'image/webp' })
    expect(await widthOf(`${key}.w1600.webp`)).toEqual({ width: 1200, type: 'image/webp' })
    const size = await call(`${url}.w480.webp`)
    expect(size.status).toBe(200)
    expect(size.headers.get('content-type')).toBe('image/webp')
    expect(size.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('refuses a file that is not the image it claims with a translated 415, storing nothing', async () => {
    const bytes = new TextEncoder().encode('<html>not a photo</html>')
    const { uploadUrl, url } = await grant('image/jpeg', bytes.length)
    const response = await call(uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'image/jpeg', 'accept-language': 'ko' },
    })
    expect(response.status).toBe(415)
    expect((await errorOf(response)).message).toMatch(/[가-힣]/)
    const key = keyOf(url)
    const listed = await env.PHOTOS.list({ prefix: key })
    expect(listed.objects).toEqual([])
  })
})

describe('a released upload', () => {
  it('leaves R2 with its sizes, and the edge cache', async () => {
    const { uploadUrl, url } = await grant()
    await call(uploadUrl, { method: 'PUT', body: JPEG_1200, headers: { 'content-type': 'image/jpeg' } })
    const key = keyOf(url)
    expect((await call(`${url}.w960.webp`)).status).toBe(200) // now in the cache too
    expect(await releasePhotos(env.DB, env.PHOTOS, 2, [url])).toBe(1)
    expect((await env.PHOTOS.list({ prefix: key })).objects).toEqual([])
    expect((await call(`${url}.w960.webp`)).status).toBe(404)
  })
})

describe('photos stored before sizes existed', () => {
  it('derives a missing size once from the original and stores it', async () => {
    await env.PHOTOS.put('seed/sizes-test/old.jpg', JPEG_1200, { httpMetadata: { contentType: 'image/jpeg' } })
    const response = await call('/photos/seed/sizes-test/old.jpg.w480.webp')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(await widthOf('seed/sizes-test/old.jpg.w480.webp')).toEqual({ width: 480, type: 'image/webp' })
  })

  it('answers a size it cannot make with the original, never a 5xx', async () => {
    const bytes = new TextEncoder().encode('stored as a photo, no image inside')
    await env.PHOTOS.put('seed/sizes-test/broken.jpg', bytes, { httpMetadata: { contentType: 'image/jpeg' } })
    const response = await call('/photos/seed/sizes-test/broken.jpg.w480.webp')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes)
    expect(await env.PHOTOS.get('seed/sizes-test/broken.jpg.w480.webp')).toBeNull()
  })

  it('answers 404 for the size of a photo that does not exist', async () => {
    expect((await call('/photos/seed/sizes-test/none.jpg.w480.webp')).status).toBe(404)
  })
})

describe('/photos/ from the edge cache', () => {
  it('answers a second request from caches.default without reading R2', async () => {
    await env.PHOTOS.put('seed/sizes-test/cached.jpg', JPEG_1200, { httpMetadata: { contentType: 'image/jpeg' } })
    const url = `${ORIGIN}/photos/seed/sizes-test/cached.jpg`
    const first = counting()
    const miss = await settled(worker, url, {}, first.bindings)
    expect(miss.status).toBe(200)
    expect(new Uint8Array(await miss.arrayBuffer())).toEqual(JPEG_1200)
    expect(first.reads).toEqual(['seed/sizes-test/cached.jpg'])

    const second = counting()
    const hit = await settled(worker, url, {}, second.bindings)
    expect(hit.status).toBe(200)
    expect(hit.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await hit.arrayBuffer())).toEqual(JPEG_1200)
    expect(second.reads).toEqual([])

    const etag = hit.headers.get('etag')!
    const conditional = await settled(worker, url, { headers: { 'if-none-match': etag } }, second.bindings)
    expect(conditional.status).toBe(304)
    expect(second.reads).toEqual([])
  })
})

describe('srcset on the homepage', () => {
  it('names the WebP sizes of /photos/ URLs and leaves other sites’ photos as they are', () => {
    expect(srcsetOf('/photos/realtors/2/a.jpg')).toBe(
      '/photos/realtors/2/a.jpg.w480.webp 480w, /photos/realtors/2/a.jpg.w960.webp 960w, /photos/realtors/2/a.jpg.w1600.webp 1600w',
    )
    expect(srcsetOf('https://x.example/photos/realtors/2/a.png')).toContain('a.png.w960.webp 960w')
    expect(srcsetOf('https://cdn.example.com/a.jpg')).toBeUndefined()
    expect(srcsetOf('/photos/realtors/2/a.jpg.w480.webp')).toBeUndefined()
  })

  it('gives the hero, portrait, about photo and gallery srcset and sizes; only the hero is fetched first', async () => {
    const app = createApp({ realtors: () => fixtureStore([RICH]) })
    const html = await (await call(`/${RICH.desiredUrl}`, { app })).text()
    const imgs = html.match(/<img\b[^>]*>/g) ?? []
    const of = (pattern: RegExp) => imgs.find((tag) => pattern.test(tag))
    const hero = of(/home-hero__backdrop/)
    expect(hero).toMatch(/srcSet="\/photos\/seed\/grace\/top\.png\.w480\.webp 480w, [^"]*1600w"/i)
    expect(hero).toMatch(/sizes="100vw"/)
    expect(hero).toMatch(/fetchpriority="high"/i)
    expect(of(/home-hero__portrait/)).toMatch(/srcSet="[^"]*id\.png\.w480\.webp 480w/i)
    expect(of(/home-about__photo/)).toMatch(/srcSet="[^"]*id2\.png\.w480\.webp 480w/i)
    // Another site's photo is shown as it is: no sizes of ours to name.
    expect(of(/cdn\.example\/gallery-2/)).not.toMatch(/srcset/i)
    const gallery = imgs.filter((tag) => tag.includes('/photos/seed/grace/gallery-'))
    expect(gallery.length).toBe(1)
    for (const tag of gallery) {
      expect(tag).toMatch(/srcSet="[^"]*gallery-\d\.png\.w960\.webp 960w/i)
      expect(tag).toMatch(/loading="lazy"/)
      expect(tag).toMatch(/width="\d+" height="\d+"/)
      expect(tag).not.toMatch(/fetchpriority/i)
    }
  })
})
