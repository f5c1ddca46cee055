import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { AppEnv } from '../../src/env'
import { edgeCacheOf, purgeTags } from '../../src/lib/cache'
import { memoryGenerations } from '../../src/lib/generations/store'
import {
  CACHE_HEADER,
  CACHE_TAG,
  cacheKey,
  NOT_SHARED,
  PageCache,
  SHARED_PAGE,
  sharedCsp,
} from '../../src/lib/page-cache'
import { embeddedPageCache } from '../../src/middleware/page-cache'

const url = (path: string) => `http://127.0.0.1:8787${path}`

describe('cacheKey', () => {
  it.each([
    ['GET /en with anything', new Request(url('/en'), { headers: { 'accept-language': 'ko' } }), '127.0.0.1/en'],
    ['GET / for a Korean visitor', new Request(url('/')), '127.0.0.1/'],
    ['GET / with a ko cookie', new Request(url('/'), { headers: { cookie: 'a=1; locale=ko' } }), '127.0.0.1/'],
    [
      'GET / for an English visitor (redirected)',
      new Request(url('/'), { headers: { 'accept-language': 'en' } }),
      null,
    ],
    ['GET / with an en cookie (redirected)', new Request(url('/'), { headers: { cookie: 'locale=en' } }), null],
    ['GET with a query', new Request(url('/en?utm=1')), null],
    ['GET with an empty query', new Request(url('/en?')), null],
    ['GET of an encoded path', new Request(url('/en/%EA%B0%80')), '127.0.0.1/en/%EA%B0%80'],
    ['POST', new Request(url('/en'), { method: 'POST' }), null],
  ])('%s', (_, request, expected) => {
    expect(cacheKey(request)).toBe(expected)
  })

  it('keys custom domains by host, case-insensitively', () => {
    expect(cacheKey(new Request('https://Jane.Example/en'))).toBe('jane.example/en')
    const proxied = new Request('http://127.0.0.1:8787/en', { headers: { host: 'Jane.Example.' } })
    expect(cacheKey(proxied)).toBe('jane.example/en')
  })
})

describe('sharedCsp', () => {
  it('drops the nonce and keeps everything else', () => {
    expect(sharedCsp("default-src 'self'; script-src 'self' 'nonce-abc+/='; object-src 'none'")).toBe(
      "default-src 'self'; script-src 'self'; object-src 'none'",
    )
  })
})

describe('PageCache', () => {
  const entry = (tags: string[], bytes = 10) => ({
    body: new Uint8Array(bytes),
    status: 200,
    headers: {},
    tags,
    generations: tags.map(() => '0'),
    storedAt: 0,
    checkedAt: 0,
  })

  it('purges by tag and expires after five minutes', () => {
    let now = 0
    const cache = new PageCache(() => now)
    cache.set('a', entry(['realtor:1', 'realtors']))
    cache.set('b', entry(['realtor:2']))
    expect(cache.purge(['realtor:1'])).toBe(1)
    expect(cache.get('a')).toBeNull()
    expect(cache.get('b')).not.toBeNull()
    now = 5 * 60_000 + 1
    expect(cache.get('b')).toBeNull()
  })

  it('evicts the least recently used entry beyond 500', () => {
    const cache = new PageCache(() => 0)
    for (let index = 0; index < 501; index++) cache.set(`k${index}`, entry([]))
    expect(cache.size).toBe(500)
    expect(cache.get('k0')).toBeNull()
    expect(cache.get('k500')).not.toBeNull()
  })
})

describe('the embedded tier (embeddedPageCache)', () => {
  function setup() {
    let renders = 0
    const cache = new PageCache()
    const store = memoryGenerations()
    const app = new Hono<AppEnv>()
    app.use(
      '*',
      embeddedPageCache(cache, () => store),
    )
    app.get('*', (c) => {
      renders++
      const headers = new Headers({
        'content-type': 'text/html',
        'content-security-policy': "script-src 'self' 'nonce-xyz'",
        vary: 'Cookie, Accept-Language',
      })
      if (c.req.path === '/private') headers.set('cache-control', 'private, max-age=60')
      else if (c.req.path.startsWith('/unsaid')) {
        if (c.req.path.endsWith('etag')) headers.set('etag', '"v1"')
      } else headers.set('cache-control', SHARED_PAGE)
      if (c.req.path !== '/private') headers.set(CACHE_TAG, 'realtor:1,realtors')
      return new Response(`page ${renders}`, { headers })
    })
    const get = async (path: string, init?: RequestInit) => {
      const ctx = createExecutionContext()
      const response = await app.fetch(new Request(url(path), init), {}, ctx)
      await waitOnExecutionContext(ctx)
      return response
    }
    return { cache, store, get, renders: () => renders }
  }

  it('renders once, then serves the stored page without the nonce, its tags said in HTTP', async () => {
    const { get, renders } = setup()
    const first = await get('/en')
    expect(first.headers.get(CACHE_HEADER)).toBe('miss')
    expect(first.headers.get('cache-control')).toBe(SHARED_PAGE)
    expect(first.headers.get(CACHE_TAG)).toBe('realtor:1,realtors')
    expect(first.headers.get('content-security-policy')).toBe("script-src 'self'")
    expect(await first.text()).toBe('page 1')
    const second = await get('/en')
    expect(second.headers.get(CACHE_HEADER)).toBe('hit')
    expect(second.headers.get('vary')).toBe('Cookie, Accept-Language')
    expect(await second.text()).toBe('page 1')
    expect(renders()).toBe(1)
  })

  it('never stores pages that are not public with tags, or requests with a query', async () => {
    const { get, renders } = setup()
    await get('/private')
    await get('/private')
    expect((await get('/unsaid')).headers.get('cache-control')).toBe(NOT_SHARED)
    expect((await get('/unsaid-with-etag')).headers.get('cache-control')).toBe('private, no-cache')
    await get('/unsaid')
    await get('/en?x=1')
    await get('/en?x=1')
    expect(renders()).toBe(7)
  })

  it('purges Workers Cache by the same tags when the runtime has it (a fake of ctx.cache)', async () => {
    const purged: string[][] = []
    const edge = { purge: async ({ tags }: { tags: string[] }) => void purged.push(tags) }
    const { cache, store, get } = setup()
    await get('/en')
    await purgeTags([cache], store, ['realtor:1'], edgeCacheOf({ cache: edge } as unknown as ExecutionContext))
    expect(purged).toEqual([['realtor:1']])
    expect(await (await get('/en')).text()).toBe('page 2')
  })

  it('keeps a write whose Workers Cache purge fails: the page waits out its s-maxage there', async () => {
    const edge = { purge: async () => Promise.reject(new Error('purge refused')) }
    const { cache, store } = setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(purgeTags([cache], store, ['realtor:1'], edge)).resolves.toBeUndefined()
    expect(logged).toHaveBeenCalledWith('[cache] Workers Cache purge failed', ['realtor:1'], expect.any(Error))
    logged.mockRestore()
  })

  it('renders again after a purge in this isolate', async () => {
    const { cache, store, get } = setup()
    await get('/en')
    await purgeTags([cache], store, ['realtor:1'])
    expect(await (await get('/en')).text()).toBe('page 2')
  })

  it('drops a page another isolate purged, at the next revalidation', async () => {
    const { cache, store, get } = setup()
    await get('/en')
    // Another isolate bumps the generation; this one still holds the page.
    await purgeTags([new PageCache()], store, ['realtors'])
    const entry = cache.get('127.0.0.1/en')!
    entry.checkedAt = 0
    expect(await (await get('/en')).text()).toBe('page 1') // served stale while revalidating
    expect(await (await get('/en')).text()).toBe('page 2')
  })
})
