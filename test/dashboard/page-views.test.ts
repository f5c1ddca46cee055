// Homepage views are counted from the page (docs/decisions/071-view-beacon.md): a public page of a
// published homepage carries its realtor's id, rendered or from the page cache, and its beacon
// (POST /v1/views) adds the view up in the isolate; views reach D1 in batches
// (docs/decisions/051-dashboard.md), where a fresh app (an isolate restart) finds them.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../src/env'
import { PageCache } from '../../src/lib/page-cache'
import { type PageView, PageViewBatch } from '../../src/lib/page-views/batch'
import { VIEWS_PATH } from '../../src/lib/page-views/beacon'
import { pageViews, viewedPageOf, viewOf } from '../../src/lib/page-views/count'
import { dashboardOf } from '../../src/lib/page-views/dashboard'
import { realtorClock } from '../../src/lib/realtors/own-settings'
import { resolveSite } from '../../src/lib/tenant'
import { dayIn } from '../../src/lib/time-zone'
import { createApp, createWorkerApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { seedActiveDomain } from '../fixtures/domains'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'

const ORIGIN = 'http://127.0.0.1:8787'
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

/** A worker like the deployed one (with its page cache) on its own cache. */
function worker(vars: Partial<Bindings> = {}) {
  const pages = new PageCache()
  const fetch = createWorkerApp({ pageCache: pages }).fetch
  const call = async (path: string, init: RequestInit & { origin?: string } = {}) => {
    const ctx = createExecutionContext()
    const response = await fetch(new Request(`${init.origin ?? ORIGIN}${path}`, init), { ...env, ...vars }, ctx)
    const text = await response.text()
    return { response, text, ctx }
  }
  // A page is stored once its tags' generations are read, after the response (decision 055).
  return Object.assign(call, { stored: (count: number) => vi.waitFor(() => expect(pages.size).toBe(count)) })
}

/** The beacon a page at `path` sends (sendBeacon posts a string as text/plain, with the page's Origin). */
function beacon(realtorId: number, path: string, headers: Record<string, string> = {}, origin = ORIGIN) {
  return {
    method: 'POST',
    origin,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': DESKTOP, ...headers },
    body: JSON.stringify({ realtorId, path }),
  }
}

const idOf = async (desiredUrl: string) =>
  (await env.DB.prepare(`SELECT id FROM realtors WHERE desired_url = ?`).bind(desiredUrl).first<{ id: number }>())!.id

const viewsInD1 = async (realtorId: number) =>
  (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM page_views WHERE realtor_id = ?')
    .bind(realtorId)
    .first<{ n: number }>())!.n

/** The views the beacons add to the isolate's batch from now on (kept from its timer and D1). */
function addedViews(): () => PageView[] {
  const add = vi.spyOn(pageViews, 'add').mockImplementation(() => {})
  return () => add.mock.calls.map(([view]) => view)
}

beforeEach(async () => {
  await pageViews.flush(env.DB)
  await env.DB.prepare('DELETE FROM page_views').run()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const markOf = (html: string) => /<body[^>]*\sdata-page-view="(\d+)"/.exec(html)?.[1] ?? null

describe('the page', () => {
  it('carries its realtor, rendered or from the page cache, and nothing the worker acts on', async () => {
    const call = worker()
    const id = await idOf('janekim')
    const first = await call('/janekim')
    expect(first.response.status).toBe(200)
    expect(markOf(first.text)).toBe(String(id))
    expect([...first.response.headers.keys()].filter((name) => name.startsWith('x-internal'))).toEqual([])
    await call.stored(1)
    const hit = await call('/janekim')
    expect(hit.response.headers.get('x-page-cache')).toBe('hit')
    expect(markOf(hit.text)).toBe(String(id))
    for (const path of ['/en/janekim', '/janekim/terms', '/en/janekim/terms/privacy', '/janekim/process'])
      expect(markOf((await call(path)).text), path).toBe(String(id))
  })

  it('carries none on the landing page, a missing page, the preview or an unpublished homepage', async () => {
    const call = worker()
    expect(markOf((await call('/')).text)).toBeNull()
    const missing = await call('/janekim/no-such-page')
    expect(missing.response.status).toBe(404)
    expect(markOf(missing.text)).toBeNull()

    const owner = await makeAccount('views-hidden@example.com', 'password-1234', { desiredUrl: 'viewshidden' })
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'N') WHERE desired_url = 'viewshidden'`,
    ).run()
    const headers = { cookie: `session=${await tokenFor(owner)}` }
    const hidden = await call('/viewshidden', { headers })
    expect(hidden.response.status).toBe(200)
    expect(markOf(hidden.text)).toBeNull()
    const visitor = await call('/viewshidden')
    expect(visitor.response.status).toBe(404)
    expect(markOf(visitor.text)).toBeNull()

    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'Y') WHERE desired_url = 'viewshidden'`,
    ).run()
    const preview = await call('/viewshidden/admin/preview', {
      method: 'POST',
      headers: { ...headers, origin: ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(preview.response.status).toBe(200)
    expect(markOf(preview.text)).toBeNull()
  })
})

describe('the view beacon', () => {
  it('adds views up in the isolate and writes them as one batch when the time is up', async () => {
    const call = worker({ PAGE_VIEW_FLUSH_MS: '1500' })
    const id = await idOf('janekim')
    const first = await call(VIEWS_PATH, beacon(id, '/janekim', { 'user-agent': PHONE }))
    expect(first.response.status).toBe(204)
    expect(first.response.headers.get('set-cookie')).toBeNull()
    await call(VIEWS_PATH, beacon(id, '/janekim', { 'user-agent': PHONE }))
    await call(VIEWS_PATH, beacon(id, '/en/janekim', { 'user-agent': IPAD }))
    await call(VIEWS_PATH, beacon(id, '/en/janekim/terms/', { 'user-agent': DESKTOP }))
    expect(pageViews.pending).toBe(4)
    expect(await viewsInD1(id)).toBe(0)
    await waitOnExecutionContext(first.ctx)
    expect(pageViews.pending).toBe(0)

    // An isolate restart: a fresh app and batch find the counts in D1.
    // Jane works in Georgia: her days are Eastern days (decision 063).
    const zone = (await realtorClock(env.DB, id)).timeZone
    expect(zone).toBe('America/New_York')
    const dashboard = await dashboardOf(env.DB, id, zone)
    expect(dashboard.totals.views).toBe(4)
    expect(dashboard.byLocale).toEqual({ ko: 2, en: 2 })
    expect(dashboard.byDevice).toEqual({ mobile: 2, tablet: 1, desktop: 1 })
    expect(dashboard.topPages).toEqual([
      { path: '/', views: 3 },
      { path: '/terms', views: 1 },
    ])
    const today = dayIn(Date.now(), zone)
    expect(dashboard.days).toHaveLength(30)
    expect(dashboard.days.at(-1)).toEqual({ day: today, views: 4, contacts: expect.any(Number) })
    const owner = await env.DB.prepare(`SELECT user_id FROM realtors WHERE id = ?`)
      .bind(id)
      .first<{ user_id: number }>()
    const page = await createApp().request(
      `${ORIGIN}/en/janekim/admin/dashboard`,
      { headers: { cookie: `session=${await tokenFor(owner!.user_id)}` } },
      env,
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toContain('<svg')
    expect(html).toMatch(/<td[^>]*>4<\/td>/)
  })

  it('counts a page of a homepage on its own domain', async () => {
    const views = addedViews()
    await makeAccount('views-domain@example.com', 'password-1234', { desiredUrl: 'viewsdomain' })
    const id = await idOf('viewsdomain')
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'Y') WHERE desired_url = 'viewsdomain'`,
    ).run()
    await seedActiveDomain(env.DB, id, 'views-agent.example')
    const call = worker()
    const own = 'http://views-agent.example'
    expect(markOf((await call('/en/terms', { origin: own })).text)).toBe(String(id))
    const counted = await call(VIEWS_PATH, beacon(id, '/en/terms', {}, own))
    expect(counted.response.status).toBe(204)
    expect(views()).toEqual([
      expect.objectContaining({ realtorId: id, path: '/terms', locale: 'en', device: 'desktop' }),
    ])
    // Jane's id on this domain is no page of hers.
    expect((await call(VIEWS_PATH, beacon(await idOf('janekim'), '/', {}, own))).response.status).toBe(400)
  })

  it('counts no bots or prefetches, and answers them like any view', async () => {
    const views = addedViews()
    const call = worker()
    const id = await idOf('janekim')
    const bot = await call(
      VIEWS_PATH,
      beacon(id, '/janekim', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
    )
    expect(bot.response.status).toBe(204)
    const prerendered = await call(VIEWS_PATH, beacon(id, '/janekim', { 'sec-purpose': 'prefetch;prerender' }))
    expect(prerendered.response.status).toBe(204)
    expect(views()).toEqual([])
  })

  it('refuses what no page of a published homepage sends, in the caller’s language, and counts nothing', async () => {
    const views = addedViews()
    const call = worker()
    const id = await idOf('janekim')
    await makeAccount('views-unpublished@example.com', 'password-1234', { desiredUrl: 'viewsunpublished' })
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'N') WHERE desired_url = 'viewsunpublished'`,
    ).run()
    const hidden = await idOf('viewsunpublished')
    const refused: [string, RequestInit & { origin?: string }][] = [
      ['another realtor’s id', beacon(id + 1, '/janekim')],
      ['an unpublished homepage', beacon(hidden, '/viewsunpublished')],
      ['no such page', beacon(id, '/janekim/no-such-page')],
      ['a builder page', beacon(id, '/janekim/admin/dashboard')],
      ['the landing page', beacon(id, '/')],
      ['an API path', beacon(id, '/v1/views')],
      ['another host', beacon(id, '//evil.example/janekim')],
      ['a backslash', beacon(id, '/\\evil.example/janekim')],
      ['a query', beacon(id, '/janekim?x=1')],
      ['no realtor', { ...beacon(id, '/janekim'), body: JSON.stringify({ path: '/janekim' }) }],
      ['a string id', { ...beacon(id, '/janekim'), body: JSON.stringify({ realtorId: String(id), path: '/janekim' }) }],
      ['more fields', { ...beacon(id, '/janekim'), body: JSON.stringify({ realtorId: id, path: '/janekim', n: 9 }) }],
      ['not JSON', { ...beacon(id, '/janekim'), body: 'realtorId=1' }],
      ['nothing', { ...beacon(id, '/janekim'), body: '' }],
    ]
    for (const [what, init] of refused) {
      const { response, text } = await call(VIEWS_PATH, {
        ...init,
        headers: { ...init.headers, 'accept-language': 'en' },
      })
      expect(response.status, what).toBe(400)
      expect(JSON.parse(text), what).toMatchObject({ error: { message: expect.any(String) } })
    }
    const korean = await call(VIEWS_PATH, beacon(id + 1, '/janekim', { 'accept-language': 'ko' }))
    expect(JSON.parse(korean.text)).toMatchObject({
      error: { fields: [{ path: 'path', message: '공개된 홈페이지의 페이지가 아닙니다.' }] },
    })
    const huge = await call(VIEWS_PATH, {
      ...beacon(id, '/janekim'),
      body: JSON.stringify({ realtorId: id, path: `/${'a'.repeat(2000)}` }),
    })
    expect(huge.response.status).toBe(413)
    // Another site's page cannot spend its visitors' browsers on these counts.
    const foreign = await call(VIEWS_PATH, {
      ...beacon(id, '/janekim'),
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(foreign.response.status).toBe(403)
    expect((await call(VIEWS_PATH)).response.status).toBe(404)
    expect(views()).toEqual([])
  })

  it('counts at most the budget of one address for one homepage a minute', async () => {
    const views = addedViews()
    const call = worker()
    const id = await idOf('janekim')
    const { limit, period } = budgetOf('VIEW_LIMITER')
    await freshWindow(period)
    const from = (address: string) => beacon(id, '/janekim', { 'cf-connecting-ip': address })
    for (let i = 0; i < limit; i++) expect((await call(VIEWS_PATH, from('203.0.113.71'))).response.status).toBe(204)
    const over = await call(VIEWS_PATH, {
      ...from('203.0.113.71'),
      headers: { ...from('203.0.113.71').headers, 'accept-language': 'en' },
    })
    expect(over.response.status).toBe(429)
    expect(over.response.headers.get('retry-after')).toBe(String(period))
    expect(JSON.parse(over.text).error.message).toMatch(/Too many views/)
    // A bot's beacon is not counted, so it is not refused either; another address has its own budget.
    const bot = beacon(id, '/janekim', { 'cf-connecting-ip': '203.0.113.71', 'user-agent': 'Googlebot/2.1' })
    expect((await call(VIEWS_PATH, bot)).response.status).toBe(204)
    expect(
      (await call(VIEWS_PATH, beacon(id, '/janekim', { 'cf-connecting-ip': '203.0.113.72' }))).response.status,
    ).toBe(204)
    expect(views()).toHaveLength(limit + 1)
  })

  it('keeps no personal data: a view is the realtor, hour, page, locale and device class', () => {
    const request = new Request(`${ORIGIN}${VIEWS_PATH}`, {
      method: 'POST',
      headers: { 'user-agent': PHONE, cookie: 'session=x', 'cf-connecting-ip': '203.0.113.9' },
    })
    const site = resolveSite(new URL(`${ORIGIN}/en/janekim/terms/`), '127.0.0.1', new Set(['127.0.0.1']))
    expect(viewOf(request, 7, viewedPageOf(site), Date.UTC(2026, 0, 2, 23, 59))).toEqual({
      realtorId: 7,
      hour: '2026-01-02T23',
      path: '/terms',
      locale: 'en',
      device: 'mobile',
    })
  })
})

describe('the batch', () => {
  const view = (device: PageView['device']): PageView => ({
    realtorId: 1,
    hour: new Date().toISOString().slice(0, 13),
    path: '/',
    locale: 'ko',
    device,
  })

  it('writes a full batch at once, and each write adds to what D1 holds', async () => {
    const writes: Promise<unknown>[] = []
    const batch = new PageViewBatch({ maxEntries: 2, sleep: () => new Promise(() => {}) })
    const id = await idOf('janekim')
    const add = (device: PageView['device']) =>
      batch.add({ ...view(device), realtorId: id }, env.DB, (promise) => writes.push(promise))
    add('desktop')
    add('desktop')
    expect(writes).toHaveLength(1) // the timer
    add('mobile')
    expect(writes).toHaveLength(2)
    await writes[1]
    expect(await viewsInD1(id)).toBe(3)
    add('desktop')
    await batch.flush(env.DB)
    expect(await viewsInD1(id)).toBe(4)
  })
})

describe('the dashboard page', () => {
  it('is for the owner and admins only', async () => {
    const app = createApp()
    const other = await makeAccount('dash-other@example.com', 'password-1234', { desiredUrl: 'dashother' })
    const url = `${ORIGIN}/janekim/admin/dashboard`
    const anonymous = await app.request(url, { redirect: 'manual' }, env)
    expect(anonymous.status).toBe(302)
    const forbidden = await app.request(url, { headers: { cookie: `session=${await tokenFor(other)}` } }, env)
    expect(forbidden.status).toBe(403)
  })
})
