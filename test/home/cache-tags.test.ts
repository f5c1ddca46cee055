// A realtor's pages carry their own tag only (docs/decisions/059-realtor-page-tags.md): one realtor's write
// re-renders their homepage and the landing page (its carousel lists every realtor), and leaves every other
// homepage in the page cache — in this isolate and, through the tag generations, in every other one.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import { purgeTags, realtorTags } from '../../src/lib/cache'
import { memoryGenerations } from '../../src/lib/generations/store'
import { CACHE_TAG, PageCache, SHARED_PAGE } from '../../src/lib/page-cache'
import { embeddedPageCache } from '../../src/middleware/page-cache'
import { api, JANE, login } from '../api/client'
import { call } from '../helpers'

const cached = async (path: string) => (await call(path)).headers.get('x-page-cache')

describe("a realtor's write and the page cache", () => {
  it("re-renders the writer's homepage and the landing page, and keeps every other homepage", async () => {
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

  it("keeps a homepage cached in another isolate when another realtor's write bumps the generations", async () => {
    const store = memoryGenerations()
    const cache = new PageCache()
    let renders = 0
    const app = new Hono<AppEnv>()
    app.use(
      '*',
      embeddedPageCache(cache, () => store),
    )
    app.get('*', () => {
      renders++
      const headers = { 'content-type': 'text/html', 'cache-control': SHARED_PAGE, [CACHE_TAG]: 'realtor:1' }
      return new Response(`page ${renders}`, { headers })
    })
    const get = async () => {
      const ctx = createExecutionContext()
      const response = await app.fetch(new Request('http://127.0.0.1/realtor-one'), {}, ctx)
      await waitOnExecutionContext(ctx)
      return response.text()
    }
    expect(await get()).toBe('page 1')
    // Realtor 2 writes in another isolate: their tags (and `realtors`) move on.
    await purgeTags([new PageCache()], store, realtorTags(2))
    cache.get('127.0.0.1/realtor-one')!.checkedAt = 0
    expect(await get()).toBe('page 1') // checked against the store in the background
    expect(await get()).toBe('page 1') // still current: realtor 1's tag did not move
    await purgeTags([new PageCache()], store, realtorTags(1))
    cache.get('127.0.0.1/realtor-one')!.checkedAt = 0
    expect(await get()).toBe('page 1') // served while the check runs
    expect(await get()).toBe('page 2')
  })
})
