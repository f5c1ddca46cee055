// Homepage views are counted around the page cache, added up in the isolate and written to D1 in
// batches (docs/decisions/051-dashboard.md); what reached D1 is there for a fresh app (an isolate restart).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PageCache } from '../../src/lib/page-cache'
import { PageViewBatch } from '../../src/lib/page-views/batch'
import { VIEW_HEADER, viewOf, withViewCounting } from '../../src/lib/page-views/count'
import { dashboardOf } from '../../src/lib/page-views/dashboard'
import { realtorClock } from '../../src/lib/realtors/own-settings'
import { dayIn } from '../../src/lib/time-zone'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'

const ORIGIN = 'http://127.0.0.1:8787'
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

/** A D1 binding that counts the batches of page view writes made through it (and their statements). */
function countingDb() {
  const writes: number[] = []
  // The batch prepares its statements right before it sends them: those prepared since the last batch.
  let prepared = 0
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare')
        return (sql: string) => {
          if (sql.startsWith('INSERT INTO page_views')) prepared++
          return target.prepare(sql)
        }
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          if (prepared) writes.push(prepared)
          prepared = 0
          return target.batch(statements)
        }
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db, writes }
}

/** A worker like the deployed one (page cache, counting) on its own caches and batch. */
function worker(batch: PageViewBatch, db: D1Database) {
  const pages = new PageCache()
  const fetch = withViewCounting(createApp({ pageCache: pages }).fetch, batch)
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const ctx = createExecutionContext()
    const response = await fetch(new Request(`${ORIGIN}${path}`, { method, headers }), { ...env, DB: db }, ctx)
    await response.arrayBuffer()
    return { response, ctx }
  }
  // A page is stored once its tags' generations are read, after the response (decision 055).
  return Object.assign(get, { stored: (count: number) => vi.waitFor(() => expect(pages.size).toBe(count)) })
}

const janeId = async () =>
  (await env.DB.prepare(`SELECT id FROM realtors WHERE desired_url = 'janekim'`).first<{ id: number }>())!.id

const viewsInD1 = async (realtorId: number) =>
  (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM page_views WHERE realtor_id = ?')
    .bind(realtorId)
    .first<{ n: number }>())!.n

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM page_views').run()
})

describe('counting homepage views', () => {
  it('adds views up in the isolate and writes them as one batch when the time is up', async () => {
    const { db, writes } = countingDb()
    let release = () => {}
    const timer = new Promise<void>((resolve) => {
      release = resolve
    })
    const batch = new PageViewBatch({ sleep: () => timer })
    const get = worker(batch, db)
    const id = await janeId()
    const first = await get('/janekim', { 'user-agent': PHONE })
    expect(first.response.status).toBe(200)
    expect(first.response.headers.has(VIEW_HEADER)).toBe(false)
    await get.stored(1)
    // Cached now: these are served from memory and still count.
    const hit = await get('/janekim', { 'user-agent': PHONE })
    expect(hit.response.headers.get('x-page-cache')).toBe('hit')
    expect(hit.response.headers.has(VIEW_HEADER)).toBe(false)
    await get('/en/janekim', { 'user-agent': IPAD })
    await get('/en/janekim/terms', { 'user-agent': DESKTOP })
    expect(batch.pending).toBe(4)
    expect(writes).toEqual([])
    release()
    await waitOnExecutionContext(first.ctx)
    expect(writes).toEqual([3])
    expect(batch.pending).toBe(0)

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

  it('writes a full batch at once, and each write adds to what D1 holds', async () => {
    const { db, writes } = countingDb()
    const batch = new PageViewBatch({ maxEntries: 2, sleep: () => new Promise(() => {}) })
    const get = worker(batch, db)
    const id = await janeId()
    const one = await get('/janekim', { 'user-agent': DESKTOP })
    await get('/janekim', { 'user-agent': DESKTOP })
    expect(writes).toEqual([])
    const full = await get('/janekim', { 'user-agent': PHONE })
    await waitOnExecutionContext(full.ctx)
    expect(writes).toEqual([2])
    expect(await viewsInD1(id)).toBe(3)
    await get('/janekim', { 'user-agent': DESKTOP })
    await batch.flush(db)
    expect(await viewsInD1(id)).toBe(4)
    void one
  })

  it('counts no bots, prefetches, HEADs, redirects, missing pages or unpublished homepages', async () => {
    const batch = new PageViewBatch({ sleep: () => new Promise(() => {}) })
    const get = worker(batch, env.DB)
    await get('/janekim', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })
    await get('/janekim', { 'user-agent': DESKTOP, 'sec-purpose': 'prefetch' })
    await get('/janekim', { 'user-agent': DESKTOP }, 'HEAD')
    await get('/janekim/probiz', { 'user-agent': DESKTOP })
    await get('/janekim/no-such-page', { 'user-agent': DESKTOP })
    await get('/janekim', { 'user-agent': DESKTOP, 'accept-language': 'en' })
    await makeAccount('hidden@example.com', 'password-1234', { desiredUrl: 'hiddenhome' })
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'N') WHERE desired_url = 'hiddenhome'`,
    ).run()
    const hidden = await get('/hiddenhome', { 'user-agent': DESKTOP })
    expect(hidden.response.status).toBe(404)
    expect(batch.pending).toBe(0)
  })

  it('keeps no personal data: a view is the realtor, hour, page, locale and device class', () => {
    const request = new Request(`${ORIGIN}/en/janekim/terms/`, {
      headers: { 'user-agent': PHONE, cookie: 'session=x', 'cf-connecting-ip': '203.0.113.9' },
    })
    expect(viewOf(request, 200, '7', env.PROVIDER_HOSTS, Date.UTC(2026, 0, 2, 23, 59))).toEqual({
      realtorId: 7,
      hour: '2026-01-02T23',
      path: '/terms',
      locale: 'en',
      device: 'mobile',
    })
    expect(viewOf(request, 200, 'x')).toBeNull()
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
