// A realtor's pages carry their own tag only (docs/decisions/059-realtor-page-tags.md): one realtor's write
// re-renders their homepage and the landing page (its carousel lists every realtor), and leaves every other
// homepage in the page cache — in this isolate and, through the tag log, in every other one.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../src/env'
import { front } from '../../src/front'
import {
  checkFreshnessWhenDue,
  FRESHNESS_INTERVAL_MS,
  purgeTags,
  realtorTags,
  resetFreshness,
} from '../../src/lib/cache'
import { memoryTagLog, type TagGenerationsNamespace } from '../../src/lib/generations/store'
import { CACHE_TAG, PageCache, SHARED_PAGE } from '../../src/lib/page-cache'
import { api, JANE, login } from '../api/client'
import { call, tagLogAsked } from '../helpers'

const cached = async (path: string) => (await call(path)).headers.get('x-page-cache')

describe("a realtor's write and the page cache", () => {
  afterEach(() => {
    vi.useRealTimers()
    resetFreshness()
  })

  it("follows the request's own Cache-Control: no-cache renders, no-store keeps nothing", async () => {
    await tagLogAsked()
    await call('/en/janekim')
    expect(await cached('/en/janekim')).toBe('hit')
    // A hard reload (no-cache): rendered, and kept again for the next visitor.
    const reload = await call('/en/janekim', { headers: { 'cache-control': 'max-age=0, no-cache' } })
    expect(reload.headers.get('x-page-cache')).toBe('miss')
    expect(await cached('/en/janekim')).toBe('hit')
    // no-store: rendered and not kept (no X-Page-Cache: the tier never saw it); the next request renders too.
    const once = await call('/en/janekim?tab=1', { headers: { 'cache-control': 'no-cache, no-store' } })
    expect(once.status).toBe(200)
    expect(once.headers.get('x-page-cache')).toBeNull()
    expect(await cached('/en/janekim?tab=1')).toBe('miss')
    // Any other directive is no such request.
    expect(await cached('/en/janekim?tab=1')).toBe('hit')
    const other = await call('/en/janekim?tab=1', { headers: { 'cache-control': 'max-age=0, no-cachex' } })
    expect(other.headers.get('x-page-cache')).toBe('hit')
  })

  it("re-renders the writer's homepage and the landing page, and keeps every other homepage", async () => {
    await tagLogAsked()
    for (const path of ['/equityrealty', '/en/equityrealty', '/janekim', '/en']) await call(path)
    expect(await cached('/equityrealty')).toBe('hit')
    expect(await cached('/janekim')).toBe('hit')
    expect(await cached('/en')).toBe('hit')

    const token = await login(JANE)
    const { id } = (await (await call('/v1/realtor/janekim')).json()) as { id: number }
    const title = { title: '김제인 부동산', description: '', keywords: '', author: '' }
    const write = await api(`/v1/realtor/${id}`, { method: 'PATCH', token, json: { seoMeta: { ko: title } } })
    expect(write.status).toBe(200)

    expect(await cached('/equityrealty')).toBe('hit')
    expect(await cached('/en/equityrealty')).toBe('hit')
    const jane = await call('/janekim')
    expect(jane.headers.get('x-page-cache')).toBe('miss')
    expect(await jane.text()).toContain('<title>김제인 부동산')
    expect(await cached('/en')).toBe('miss')
  })

  it("keeps a homepage cached in another isolate when another realtor's write reaches it through the tag log", async () => {
    resetFreshness()
    const log = memoryTagLog()
    const tier = new PageCache()
    let renders = 0
    const fetch = front({
      routes: () => new Response('not a page', { status: 404 }),
      pages: async () => {
        renders++
        const headers = { 'content-type': 'text/html', 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'realtor:1' }
        return new Response(`page ${renders}`, { headers })
      },
      tier,
    })
    const namespace = { idFromName: () => ({}), get: () => log } as unknown as TagGenerationsNamespace
    const bindings = { PROVIDER_HOSTS: env.PROVIDER_HOSTS, TAG_GENERATIONS: namespace } as unknown as Bindings
    const get = async () => {
      const ctx = createExecutionContext()
      const response = await fetch(new Request('http://127.0.0.1/realtor-one'), bindings, ctx)
      await waitOnExecutionContext(ctx)
      return response.text()
    }
    // The isolate's first answer from the log (which empties its caches) is behind it.
    const background: Promise<unknown>[] = []
    checkFreshnessWhenDue(log, (promise) => void background.push(promise))
    await Promise.all(background)
    vi.useFakeTimers({ toFake: ['Date'] })
    const due = () => vi.setSystemTime(Date.now() + FRESHNESS_INTERVAL_MS)

    expect(await get()).toBe('page 1')
    // Realtor 2 writes in another isolate: their tags (and `realtors`) go into the log.
    await purgeTags([new PageCache()], log, realtorTags(2))
    due()
    expect(await get()).toBe('page 1') // the check runs in the background
    expect(await get()).toBe('page 1') // still current: realtor 1's tag did not change
    await purgeTags([new PageCache()], log, realtorTags(1))
    due()
    expect(await get()).toBe('page 1') // served while the check runs
    expect(await get()).toBe('page 2')
  })
})
