// Pages behind Workers Cache as the deployed worker runs them (docs/decisions/076-cost-flat-caching.md):
// the front hands page requests to the `Pages` entrypoint through ctx.exports with the site and locale as
// props, and a fake of Workers Cache (test/fixtures/workers-cache.ts: keyed by entrypoint, path, query and
// props, never Host) sits on that call, as `ctx.cache` does in production.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { SECOND_PURGE_AFTER_MS } from '../../src/lib/cache'
import { dataCache } from '../../src/lib/data-cache'
import type { PageProps } from '../../src/lib/page-cache'
import { createWorkerApp } from '../../src/worker'
import { JANE } from '../api/client'
import { FakeWorkersCache } from '../fixtures/workers-cache'
import { heading, ORIGIN } from '../helpers'

let cache: FakeWorkersCache
let renders: number
let worker: ReturnType<typeof createWorkerApp>

beforeEach(() => {
  cache = new FakeWorkersCache()
  renders = 0
  worker = createWorkerApp({ pageCache: null, dataCache })
})

/** A request as the runtime hands it to the worker: with Workers Cache (ctx.cache) and ctx.exports. */
async function send(path: string, init: RequestInit & { host?: string } = {}): Promise<Response> {
  const inner = createExecutionContext()
  const ctx = {
    waitUntil: (promise: Promise<unknown>) => inner.waitUntil(promise),
    passThroughOnException: () => inner.passThroughOnException(),
    props: {},
    cache: cache.api,
    exports: {
      Pages: ({ props }: { props: PageProps }) => ({
        fetch: (request: Request) =>
          cache.fetch('Pages', props, request, () => {
            renders++
            return worker.pages(request, env, ctx as unknown as ExecutionContext, props)
          }),
      }),
    },
  } as unknown as ExecutionContext
  const headers = new Headers(init.headers)
  headers.set('host', init.host ?? new URL(ORIGIN).host)
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init, headers }),
    env,
    ctx,
  )
  await waitOnExecutionContext(inner)
  return response
}

const status = (response: Response) => response.headers.get('cf-cache-status')

describe('pages behind Workers Cache', () => {
  it('never shares an entry between two hosts serving the same path', async () => {
    const equity = await send('/', { host: 'equityrealty.example' })
    const jane = await send('/', { host: 'janekim.example' })
    const landing = await send('/')
    expect([status(equity), status(jane), status(landing)]).toEqual(['MISS', 'MISS', 'MISS'])
    expect(heading(await equity.text())).toBe('Equity Realty')
    expect(heading(await jane.text())).toBe('Jane Kim')
    expect(heading(await landing.text())).not.toMatch(/Equity Realty|Jane Kim/)
    expect(cache.keysOf('/')).toHaveLength(3)

    const again = await send('/', { host: 'janekim.example' })
    expect(status(again)).toBe('HIT')
    expect(heading(await again.text())).toBe('Jane Kim')
    expect(status(await send('/', { host: 'equityrealty.example' }))).toBe('HIT')
    expect(renders).toBe(3)
  })

  it("purges both locales of a realtor's pages on their edit, at once", async () => {
    for (const path of ['/janekim', '/en/janekim', '/equityrealty']) await send(path)
    expect(status(await send('/janekim'))).toBe('HIT')
    expect(status(await send('/en/janekim'))).toBe('HIT')

    const login = await send('/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JANE),
    })
    const { token } = (await login.json()) as { token: string }
    const { id } = (await (await send('/v1/realtor/janekim')).json()) as { id: number }
    const title = { title: '김제인 새 제목', description: '', keywords: '', author: '' }
    const started = Date.now()
    const write = await send(`/v1/realtor/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seoMeta: { ko: title } }),
    })
    expect(write.status).toBe(200)
    const purge = cache.purges.find((p) => p.tags.includes(`realtor:${id}`))
    expect(purge, 'the write purged the realtor tag').toBeDefined()
    expect(purge!.at - started).toBeLessThan(2_000)
    expect(cache.keysOf('/janekim')).toEqual([])
    expect(cache.keysOf('/en/janekim')).toEqual([])
    expect(cache.keysOf('/equityrealty')).toHaveLength(1)

    const fresh = await send('/janekim')
    expect(status(fresh)).toBe('MISS')
    expect(await fresh.text()).toContain('김제인 새 제목')

    // Once every isolate has asked the tag log, the tags are purged again: a page another isolate rendered
    // from its older data in between does not live for its s-maxage.
    const deadline = Date.now() + SECOND_PURGE_AFTER_MS + 1_500
    while (cache.purges.filter((p) => p.tags.includes(`realtor:${id}`)).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const again = cache.purges.filter((p) => p.tags.includes(`realtor:${id}`))
    expect(again).toHaveLength(2)
    expect(again[1]!.at - again[0]!.at).toBeGreaterThanOrEqual(SECOND_PURGE_AFTER_MS - 50)
  })

  it('answers a link with tracking parameters from the same entry, and keeps other queries apart', async () => {
    await send('/equityrealty')
    const before = renders
    const tracked = await send('/equityrealty?utm_source=kakao&utm_medium=social&fbclid=abc&gclid=x')
    expect(status(tracked)).toBe('HIT')
    expect(renders).toBe(before)
    expect(await tracked.text()).toContain('rel="canonical" href="https://equityrealty.example"')
    // Another query is another page for all the cache knows: its own key, the query kept.
    expect(status(await send('/equityrealty?tab=listings&utm_campaign=x'))).toBe('MISS')
    expect(cache.log.at(-1)?.key).toMatch(/^Pages \/equityrealty\?tab=listings /)
  })

  it('keeps personal requests and locale redirects away from the cache', async () => {
    // A signed-in visitor (the owner's own look) and an English visitor's unprefixed address.
    const personal = await send('/janekim', { headers: { cookie: 'session=anything' } })
    expect(status(personal)).toBeNull()
    const redirect = await send('/janekim', { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('/en/janekim')
    expect(status(redirect)).toBeNull()
    expect(cache.log).toEqual([])
  })
})
