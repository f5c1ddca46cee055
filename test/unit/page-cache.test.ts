// The rendered-page cache (src/lib/page-cache.ts, src/front.ts; docs/decisions/072-caching-in-http.md,
// 076-cost-flat-caching.md): which requests go to the cached page entrypoint and under which key, what a
// shareable page says in HTTP, and the embedded tier that stands in for Workers Cache in front of a fake
// page entrypoint.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppEnv, Bindings } from '../../src/env'
import { front } from '../../src/front'
import {
  checkFreshnessWhenDue,
  edgeCacheOf,
  FRESHNESS_INTERVAL_MS,
  purgeTags,
  resetFreshness,
} from '../../src/lib/cache'
import { memoryTagLog, type TagGenerationsNamespace } from '../../src/lib/generations/store'
import {
  CACHE_HEADER,
  CACHE_TAG,
  NOT_SHARED,
  NOT_SHARED_REVALIDATED,
  PageCache,
  type PageProps,
  pageRequestOf,
  SHARED_PAGE,
  sharedCsp,
  sharedPage,
  sharedTags,
  withoutTracking,
} from '../../src/lib/page-cache'
import { SESSION_COOKIE } from '../../src/lib/session'
import { cachePage, defaultCacheControl } from '../../src/middleware/page-cache'
import { securityHeaders } from '../../src/middleware/security'

const ORIGIN = 'http://127.0.0.1:8787'
const url = (path: string) => `${ORIGIN}${path}`
const keyOf = (request: Request) => pageRequestOf(request, env.PROVIDER_HOSTS)?.key ?? null

describe('pageRequestOf', () => {
  it.each([
    ['GET /en with anything', new Request(url('/en'), { headers: { 'accept-language': 'ko' } }), `${ORIGIN} en /en`],
    ['GET / for a Korean visitor', new Request(url('/')), `${ORIGIN} ko /`],
    ['GET / with a ko cookie', new Request(url('/'), { headers: { cookie: 'a=1; locale=ko' } }), `${ORIGIN} ko /`],
    ["GET of a realtor's page", new Request(url('/en/janekim/terms')), `${ORIGIN} en /en/janekim/terms`],
    [
      'GET / for an English visitor (redirected)',
      new Request(url('/'), { headers: { 'accept-language': 'en' } }),
      null,
    ],
    ['GET / with an en cookie (redirected)', new Request(url('/'), { headers: { cookie: 'locale=en' } }), null],
    ['GET /janekim for an English visitor', new Request(url('/janekim'), { headers: { cookie: 'locale=en' } }), null],
    ['GET with a session', new Request(url('/en'), { headers: { cookie: `a=1; ${SESSION_COOKIE}=x` } }), null],
    ['GET with Authorization', new Request(url('/en'), { headers: { authorization: 'Bearer x' } }), null],
    ["GET with the switcher's ?locale=", new Request(url('/en?locale=ko')), null],
    ['GET of the builder', new Request(url('/en/admin')), null],
    ['GET of an API', new Request(url('/v1/realtor/janekim')), null],
    ['POST', new Request(url('/en'), { method: 'POST' }), null],
    ['HEAD', new Request(url('/en'), { method: 'HEAD' }), null],
    ['GET with tracking only', new Request(url('/en?utm_source=x&fbclid=y&GCLID=z')), `${ORIGIN} en /en`],
    [
      'GET with tracking among other parameters',
      new Request(url('/en/janekim?page=2&utm_medium=z&sort=new&msclkid=1&page=3')),
      `${ORIGIN} en /en/janekim?page=2&sort=new&page=3`,
    ],
    ['GET with an empty query', new Request(url('/en?')), `${ORIGIN} en /en`],
    ['GET of an encoded path', new Request(url('/en/%EA%B0%80')), `${ORIGIN} en /en/%EA%B0%80`],
  ])('%s', (_, request, expected) => {
    expect(keyOf(request)).toBe(expected)
  })

  it('keys by the site addressed, case-insensitively: two hosts with the same path never share a key', () => {
    expect(keyOf(new Request('https://Jane.Example/en'))).toBe('https://jane.example en /en')
    const proxied = new Request(url('/en'), { headers: { host: 'Jane.Example' } })
    expect(keyOf(proxied)).toBe('http://jane.example en /en')
    expect(keyOf(new Request(url('/en'), { headers: { host: 'other.example' } }))).toBe('http://other.example en /en')
    // A trailing dot names the same host; a port is part of the origin.
    expect(keyOf(new Request(url('/en'), { headers: { host: 'jane.example.' } }))).toBe('http://jane.example en /en')
    expect(keyOf(new Request(url('/en'), { headers: { host: 'jane.example:8787' } }))).toBe(
      'http://jane.example:8787 en /en',
    )
  })

  it('leaves to the routes a host no URL accepts (a last label of digits, an IPv6 literal that is none)', () => {
    for (const host of ['a.0', '[zzz]', '[::1', '[]', '[::g]:8787'])
      expect(pageRequestOf(new Request(url('/janekim'), { headers: { host } }), env.PROVIDER_HOSTS)).toBeNull()
  })

  it('hands on the page without cookies, languages or tracking, its redirects not followed, and says its site and locale', () => {
    const visitors: Record<string, string>[] = [
      {},
      { cookie: 'locale=ko; theme=dark' },
      { 'accept-language': 'en-US,en;q=0.9' },
      { cookie: '_ga=1', 'accept-language': 'fr' },
    ]
    const pages = visitors.map(
      (headers) => pageRequestOf(new Request(url('/en/janekim?utm_campaign=x'), { headers }), env.PROVIDER_HOSTS)!,
    )
    expect(new Set(pages.map((page) => page.key))).toEqual(new Set([`${ORIGIN} en /en/janekim`]))
    for (const page of pages) {
      expect(page.props).toEqual({ origin: ORIGIN, locale: 'en' } satisfies PageProps)
      const handedOn = page.request()
      expect(handedOn.url).toBe(url('/en/janekim'))
      expect(handedOn.headers.has('cookie')).toBe(false)
      expect(handedOn.headers.has('accept-language')).toBe(false)
      expect(handedOn.redirect).toBe('manual')
    }
  })
})

describe('withoutTracking', () => {
  it('drops tracking parameters and keeps the others in their order, repeated ones too', () => {
    expect(withoutTracking(new URL(url('/x?b=1&utm_source=a&a=2&b=3&_gl=x&li_fat_id=y'))).search).toBe('?b=1&a=2&b=3')
    expect(withoutTracking(new URL(url('/x?utm_content=a'))).href).toBe(url('/x'))
    // A parameter that only looks like one keeps its meaning.
    expect(withoutTracking(new URL(url('/x?utm=1&fbclid2=2'))).search).toBe('?utm=1&fbclid2=2')
    const plain = new URL(url('/x'))
    expect(withoutTracking(plain)).toBe(plain)
  })
})

describe('sharedCsp', () => {
  it('drops the nonce and keeps everything else', () => {
    expect(sharedCsp("default-src 'self'; script-src 'self' 'nonce-abc+/='; object-src 'none'")).toBe(
      "default-src 'self'; script-src 'self'; object-src 'none'",
    )
  })
})

describe('sharedTags', () => {
  const response = (headers: Record<string, string>, status = 200) => new Response('x', { status, headers })
  it.each([
    [
      'a public page with tags',
      response({ 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'realtor:1, realtors' }),
      ['realtor:1', 'realtors'],
    ],
    ['a public page without tags', response({ 'cache-control': SHARED_PAGE }), null],
    ['public without s-maxage', response({ 'cache-control': 'public, max-age=60', [CACHE_TAG]: 'a' }), null],
    ['a private page', response({ 'cache-control': 'private, s-maxage=60', [CACHE_TAG]: 'a' }), null],
    ['nothing said', response({ [CACHE_TAG]: 'a' }), null],
    ['a cookie set', response({ 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'a', 'set-cookie': 'a=1' }), null],
    ['a 404', response({ 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'a' }, 404), null],
  ])('%s', (_, given, expected) => {
    expect(sharedTags(given)).toEqual(expected)
  })
})

describe('PageCache', () => {
  const entry = (tags: string[], maxAgeMs?: number, bytes = 10) => ({
    body: new Uint8Array(bytes),
    status: 200,
    headers: {},
    tags,
    storedAt: 0,
    maxAgeMs,
  })

  it("purges by tag, and expires at the entry's own age, else at a day", () => {
    let now = 0
    const cache = new PageCache(() => now)
    cache.set('a', entry(['realtor:1', 'realtors'], 300_000))
    cache.set('b', entry(['realtor:2'], 300_000))
    cache.set('c', entry(['realtor:3']))
    expect(cache.purge(['realtor:1'])).toBe(1)
    expect(cache.get('a')).toBeNull()
    expect(cache.get('b')).not.toBeNull()
    now = 300_001
    expect(cache.get('b')).toBeNull()
    expect(cache.get('c')).not.toBeNull()
    now = 86_400_001
    expect(cache.get('c')).toBeNull()
  })

  it('evicts the least recently used entry beyond 4,000', () => {
    const cache = new PageCache(() => 0)
    for (let index = 0; index < 4_001; index++) cache.set(`k${index}`, entry([]))
    expect(cache.size).toBe(4_000)
    expect(cache.get('k0')).toBeNull()
    expect(cache.get('k4000')).not.toBeNull()
  })

  it('keeps a shareable response for its s-maxage and answers it as a miss; anything else passes as it is', async () => {
    let now = 0
    const cache = new PageCache(() => now)
    const shared = new Response('page', { headers: { 'cache-control': sharedPage(60), [CACHE_TAG]: 'realtor:1' } })
    const answer = await cache.keep('k', shared, cache.epoch)
    expect(answer.headers.get(CACHE_HEADER)).toBe('miss')
    expect(await answer.text()).toBe('page')
    expect(cache.get('k')).toMatchObject({
      tags: ['realtor:1'],
      maxAgeMs: 60_000,
      headers: { [CACHE_HEADER.toLowerCase()]: 'hit' },
    })
    now = 60_001
    expect(cache.get('k')).toBeNull()

    const personal = new Response('mine', { headers: { 'cache-control': NOT_SHARED } })
    expect(await cache.keep('p', personal, cache.epoch)).toBe(personal)
    expect(cache.size).toBe(0)
  })

  it('does not keep a response made while a purge happened', async () => {
    const cache = new PageCache()
    const epoch = cache.epoch
    cache.purge(['realtor:9'])
    const page = new Response('old', { headers: { 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'realtor:9' } })
    expect(await (await cache.keep('k', page, epoch)).text()).toBe('old')
    expect(cache.size).toBe(0)
  })
})

describe('cachePage and defaultCacheControl', () => {
  const app = new Hono<AppEnv>()
  app.use('*', defaultCacheControl())
  app.use('*', securityHeaders())
  app.get(
    '/shared',
    cachePage(() => ['realtor:1', 'realtors']),
    (c) => c.html('<p>shared</p>'),
  )
  app.get(
    '/not-found',
    cachePage(() => ['realtor:1']),
    (c) => c.html('<p>gone</p>', 404),
  )
  app.get('/personal', (c) => c.html('<p>yours</p>'))
  app.get('/validated', (c) => c.json({}, 200, { etag: '"v1"' }))
  const get = (path: string, bindings: Partial<Bindings> = {}) => app.request(path, {}, bindings)

  it('marks a page shared with its tags, and says no nonce in its CSP', async () => {
    const response = await get('/shared')
    expect(response.headers.get('cache-control')).toBe(SHARED_PAGE)
    expect(response.headers.get(CACHE_TAG)).toBe('realtor:1,realtors')
    const csp = response.headers.get('content-security-policy')
    expect(csp).toMatch(/script-src 'self';/)
    expect(csp).not.toMatch(/nonce/)
    expect((await get('/shared', { PAGE_CACHE_SECONDS: '60' })).headers.get('cache-control')).toBe(sharedPage(60))
  })

  it('says every other response is not shared, and keeps its nonce', async () => {
    for (const path of ['/personal', '/not-found']) {
      const response = await get(path)
      expect(response.headers.get('cache-control')).toBe(NOT_SHARED)
      expect(response.headers.get(CACHE_TAG)).toBeNull()
      expect(response.headers.get('content-security-policy')).toMatch(/'nonce-/)
    }
    expect((await get('/validated')).headers.get('cache-control')).toBe(NOT_SHARED_REVALIDATED)
  })
})

describe('the embedded tier (front)', () => {
  beforeEach(() => resetFreshness())
  afterEach(() => {
    vi.useRealTimers()
    resetFreshness()
  })

  /** The front over a fake page entrypoint, in an isolate that has asked its tag log once. */
  async function setup(now?: () => number) {
    let renders = 0
    let routed = 0
    const props: PageProps[] = []
    const log = memoryTagLog()
    const tier = new PageCache(now)
    let gate: Promise<unknown> = Promise.resolve()
    const handler = front({
      routes: () => {
        routed++
        return new Response('routes')
      },
      pages: async (given, request) => {
        renders++
        props.push(given)
        await gate
        const path = new URL(request.url).pathname
        const headers = new Headers({
          'content-type': 'text/html',
          vary: 'Accept-Language',
          [CACHE_TAG]: 'realtor:1,realtors',
        })
        if (path === '/en/private') headers.set('cache-control', 'private, max-age=60')
        else if (path === '/en/short') headers.set('cache-control', sharedPage(60))
        else if (path !== '/en/unsaid') headers.set('cache-control', SHARED_PAGE)
        if (path === '/en/cookie') headers.set('set-cookie', 'a=1')
        return new Response(`page ${renders}`, { headers })
      },
      tier,
    })
    const namespace = { idFromName: () => ({}), get: () => log } as unknown as TagGenerationsNamespace
    const bindings = { PROVIDER_HOSTS: env.PROVIDER_HOSTS, TAG_GENERATIONS: namespace } as unknown as Bindings
    /** The front's answer, read once its background work is done (a context given is the caller's to wait on). */
    const get = async (path: string, init?: RequestInit, given?: ExecutionContext) => {
      const ctx = given ?? createExecutionContext()
      const response = await handler(new Request(url(path), init), bindings, ctx)
      if (!given) await waitOnExecutionContext(ctx)
      return response
    }
    // The isolate's first answer (which empties its caches) is behind it.
    const background: Promise<unknown>[] = []
    checkFreshnessWhenDue(log, (promise) => void background.push(promise))
    await Promise.all(background)
    const hold = () => {
      let release!: () => void
      gate = new Promise<void>((resolve) => (release = resolve))
      return () => release()
    }
    return { tier, log, get, hold, props, renders: () => renders, routed: () => routed }
  }

  it('renders once, then serves the stored page, its headers as rendered', async () => {
    const { get, renders, props } = await setup()
    const first = await get('/en')
    expect(first.headers.get(CACHE_HEADER)).toBe('miss')
    expect(first.headers.get('cache-control')).toBe(SHARED_PAGE)
    expect(first.headers.get(CACHE_TAG)).toBe('realtor:1,realtors')
    expect(await first.text()).toBe('page 1')
    const second = await get('/en')
    expect(second.headers.get(CACHE_HEADER)).toBe('hit')
    expect(second.headers.get('vary')).toBe('Accept-Language')
    expect(await second.text()).toBe('page 1')
    expect(renders()).toBe(1)
    expect(props).toEqual([{ origin: ORIGIN, locale: 'en' }])
  })

  it('serves every visitor of a page one entry, whatever their cookie, languages or tracking; other queries their own', async () => {
    const { get, renders } = await setup()
    await get('/en')
    const visitors: RequestInit[] = [{ headers: { cookie: 'locale=ko' } }, { headers: { 'accept-language': 'en' } }, {}]
    for (const init of visitors) {
      const response = await get('/en?utm_source=newsletter&fbclid=abc', init)
      expect(response.headers.get(CACHE_HEADER)).toBe('hit')
    }
    expect(renders()).toBe(1)
    expect((await get('/en?page=2')).headers.get(CACHE_HEADER)).toBe('miss')
    expect((await get('/en?page=2&utm_medium=x')).headers.get(CACHE_HEADER)).toBe('hit')
    expect(renders()).toBe(2)
  })

  it('keeps two hosts with the same path apart', async () => {
    const { get, renders } = await setup()
    await get('/en', { headers: { host: 'a.example' } })
    expect((await get('/en', { headers: { host: 'b.example' } })).headers.get(CACHE_HEADER)).toBe('miss')
    expect((await get('/en', { headers: { host: 'a.example' } })).headers.get(CACHE_HEADER)).toBe('hit')
    expect(renders()).toBe(2)
  })

  it('never stores a private, unsaid or cookie-setting response', async () => {
    const { get, renders, tier } = await setup()
    for (const path of ['/en/private', '/en/unsaid', '/en/cookie']) {
      expect((await get(path)).headers.get(CACHE_HEADER)).toBeNull()
      expect((await get(path)).headers.get(CACHE_HEADER)).toBeNull()
    }
    expect(renders()).toBe(6)
    expect(tier.size).toBe(0)
  })

  it('hands everything that is not a shareable page request to the routes', async () => {
    const { get, renders, routed } = await setup()
    await get('/en', { method: 'POST' })
    await get('/en', { headers: { cookie: `${SESSION_COOKIE}=x` } })
    await get('/en', { headers: { authorization: 'Bearer x' } })
    await get('/en?locale=ko')
    await get('/', { headers: { 'accept-language': 'en' } })
    await get('/en/admin')
    await get('/v1/realtor/janekim')
    expect(routed()).toBe(7)
    expect(renders()).toBe(0)
  })

  it('keeps a page no longer than its s-maxage', async () => {
    let now = 0
    const { get, renders } = await setup(() => now)
    await get('/en/short')
    now = 59_000
    expect((await get('/en/short')).headers.get(CACHE_HEADER)).toBe('hit')
    now = 60_001
    expect((await get('/en/short')).headers.get(CACHE_HEADER)).toBe('miss')
    expect(renders()).toBe(2)
  })

  it('renders again after a purge in this isolate, and keeps no page rendered while one happened', async () => {
    const { tier, log, get, hold } = await setup()
    await get('/en')
    await purgeTags([tier], log, ['realtor:1'])
    const release = hold()
    const rendering = get('/en')
    await purgeTags([tier], log, ['realtors']) // a write while the page renders from what it changed
    release()
    expect(await (await rendering).text()).toBe('page 2')
    expect(await (await get('/en')).text()).toBe('page 3')
    expect(await (await get('/en')).text()).toBe('page 3')
  })

  it('drops a page another isolate purged once its check of the tag log is due, and asks no more often', async () => {
    const { log, get } = await setup()
    await get('/en')
    await purgeTags([new PageCache()], log, ['realtors']) // another isolate's write
    const calls = log.calls
    expect(await (await get('/en')).text()).toBe('page 1') // not due yet: no call on a hit
    expect(log.calls).toBe(calls)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + FRESHNESS_INTERVAL_MS)
    expect(await (await get('/en')).text()).toBe('page 1') // served while the check runs
    expect(log.calls).toBe(calls + 1)
    expect(await (await get('/en')).text()).toBe('page 2')
  })

  it('stands aside where the runtime has Workers Cache (a fake of ctx.cache): every page request goes to the entrypoint', async () => {
    const { get, renders, tier } = await setup()
    const real = createExecutionContext()
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => real.waitUntil(promise),
      passThroughOnException: () => {},
      props: {},
      cache: { purge: async () => {} },
    } as unknown as ExecutionContext
    await get('/en', {}, ctx)
    expect((await get('/en', {}, ctx)).headers.get(CACHE_HEADER)).toBeNull()
    await waitOnExecutionContext(real)
    expect(renders()).toBe(2)
    expect(tier.size).toBe(0)
  })

  it('purges Workers Cache by the same tags when the runtime has it (a fake of ctx.cache)', async () => {
    const purged: string[][] = []
    const edge = { purge: async ({ tags }: { tags: string[] }) => void purged.push(tags) }
    const { tier, log, get } = await setup()
    await get('/en')
    await purgeTags([tier], log, ['realtor:1'], edgeCacheOf({ cache: edge } as unknown as ExecutionContext))
    expect(purged).toEqual([['realtor:1']])
    expect(log.changes.has('realtor:1')).toBe(true)
    expect(await (await get('/en')).text()).toBe('page 2')
  })

  it('keeps a write whose Workers Cache purge fails: the page waits out its s-maxage there', async () => {
    const edge = { purge: async () => Promise.reject(new Error('purge refused')) }
    const { tier, log } = await setup()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(purgeTags([tier], log, ['realtor:1'], edge)).resolves.toBeUndefined()
    expect(logged).toHaveBeenCalledWith('[cache] Workers Cache purge failed', ['realtor:1'], expect.any(Error))
    logged.mockRestore()
  })
})
