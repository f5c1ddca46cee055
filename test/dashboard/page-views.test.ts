// Homepage views are counted from the page (docs/decisions/071-view-beacon.md): a public page of a
// published homepage carries its realtor's id, rendered or from the page cache, and its beacon
// (POST /v1/views) writes one Analytics Engine data point — no D1 row (docs/decisions/073). The dashboard
// reads them back through the SQL API, here the loopback fake (scripts/fakes/analytics-engine.mjs) driven
// through the production client, and adds the D1 `page_views` rows written before the switch.
import { createExecutionContext, env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import type { Bindings } from '../../src/env'
import { resetFreshness } from '../../src/lib/cache'
import { DataCache, dataCache } from '../../src/lib/data-cache'
import { PageCache } from '../../src/lib/page-cache'
import { dataPointOf, viewFiguresOf, viewsSqlConfigOf } from '../../src/lib/page-views/analytics'
import { VIEWS_PATH } from '../../src/lib/page-views/beacon'
import { viewedPageOf, viewOf } from '../../src/lib/page-views/count'
import { dashboardOf } from '../../src/lib/page-views/dashboard'
import { visitorAddressOf, visitorOf } from '../../src/lib/page-views/visitor'
import { realtorClock } from '../../src/lib/realtors/own-settings'
import { resolveSite } from '../../src/lib/tenant'
import type { FetchLike } from '../../src/lib/upstream'
import { createApp, createWorkerApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { seedActiveDomain } from '../fixtures/domains'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'

const ORIGIN = 'http://127.0.0.1:8787'
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

/** The loopback Analytics Engine (test/global-setup.ts), on a dataset of this test's own. */
const analytics = inject('analyticsVars')
const fakeOrigin = new URL(analytics.CF_API_BASE).origin
let dataset = ''
const viewsVars = (): Partial<Bindings> => ({ ...analytics, VIEWS_DATASET: dataset })

/** The data points the fake holds for a realtor in this test's dataset. */
async function pointsOf(realtorId: number): Promise<{ index1: string; blobs: string[] }[]> {
  const url = `${fakeOrigin}/__points?dataset=${dataset}&index1=${realtorId}`
  return (await fetch(url)).json()
}

/** Points of given times and sample intervals, as Analytics Engine would hold them. */
async function seedPoints(points: { at: string; realtorId: number; blobs: string[]; sampleInterval?: number }[]) {
  const body = points.map(({ at, realtorId, ...point }) => ({
    dataset,
    timestamp: Date.parse(at),
    index1: String(realtorId),
    ...point,
  }))
  const response = await fetch(`${fakeOrigin}/__points`, { method: 'POST', body: JSON.stringify(body) })
  expect(response.status).toBe(204)
}

/** Makes the fake's next `times` SQL answers fail in `mode`. */
async function failNext(mode: string, times = 3) {
  const response = await fetch(`${fakeOrigin}/__control`, { method: 'POST', body: JSON.stringify({ mode, times }) })
  expect(response.status).toBe(204)
}

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

/** What a page's body carries for its view beacon (decisions 071, 077): its realtor and the proof. */
interface Mark {
  realtorId: number
  proof: string
}

/** The beacon a page at `path` with `mark` sends (sendBeacon posts a string as text/plain, with the page's Origin). */
function beacon(mark: Mark, path: string, headers: Record<string, string> = {}, origin = ORIGIN) {
  return {
    method: 'POST',
    origin,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': DESKTOP, ...headers },
    body: JSON.stringify({ realtorId: mark.realtorId, proof: mark.proof, path }),
  }
}

const idOf = async (desiredUrl: string) =>
  (await env.DB.prepare(`SELECT id FROM realtors WHERE desired_url = ?`).bind(desiredUrl).first<{ id: number }>())!.id

const pageViewRows = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM page_views').first<{ n: number }>())!.n

/** A worker env whose VIEWS binding records the data points written to it (and nothing else does). */
function recordingViews(): { vars: Partial<Bindings>; points: () => AnalyticsEngineDataPoint[] } {
  const writeDataPoint = vi.fn<(point: AnalyticsEngineDataPoint) => void>()
  return {
    vars: { VIEWS: { writeDataPoint } as unknown as AnalyticsEngineDataset, LOCAL_VIEWS_WRITE_URL: '' },
    points: () => writeDataPoint.mock.calls.map(([point]) => point),
  }
}

const ownerSession = async (realtorId: number) => {
  const owner = await env.DB.prepare(`SELECT user_id FROM realtors WHERE id = ?`)
    .bind(realtorId)
    .first<{ user_id: number }>()
  return { cookie: `session=${await tokenFor(owner!.user_id)}` }
}

beforeEach(async () => {
  dataset = `views_${crypto.randomUUID().replaceAll('-', '')}`
  await env.DB.prepare('DELETE FROM page_views').run()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await fetch(`${fakeOrigin}/__control`, { method: 'POST', body: JSON.stringify({ mode: null }) })
})

/** The mark a page's body carries, or null: `data-page-view` (the realtor's id) and `data-view-proof`. */
function markOf(html: string): Mark | null {
  const body = /<body[^>]*>/.exec(html)?.[0] ?? ''
  const realtorId = /\sdata-page-view="(\d+)"/.exec(body)?.[1]
  const proof = /\sdata-view-proof="([\w-]+)"/.exec(body)?.[1]
  if (!realtorId && !proof) return null
  return { realtorId: Number(realtorId), proof: proof ?? '' }
}

/** The mark of the page at `path`, as a visitor's browser gets it. */
async function markAt(call: ReturnType<typeof worker>, path: string, origin = ORIGIN): Promise<Mark> {
  const { response, text } = await call(path, { origin })
  expect(response.status, path).toBe(200)
  const mark = markOf(text)
  expect(mark?.proof, path).toMatch(/^[\w-]{43}$/)
  return mark!
}

describe('the page', () => {
  it('carries its realtor, rendered or from the page cache, and nothing the worker acts on', async () => {
    const call = worker()
    const id = await idOf('janekim')
    const first = await call('/janekim')
    expect(first.response.status).toBe(200)
    const mark = markOf(first.text)
    expect(mark).toEqual({ realtorId: id, proof: expect.stringMatching(/^[\w-]{43}$/) })
    expect([...first.response.headers.keys()].filter((name) => name.startsWith('x-internal'))).toEqual([])
    await call.stored(1)
    const hit = await call('/janekim')
    expect(hit.response.headers.get('x-page-cache')).toBe('hit')
    expect(markOf(hit.text)).toEqual(mark)
    // Every page of the site carries the same mark: the proof names the realtor and the site, not the page.
    for (const path of ['/en/janekim', '/janekim/terms', '/en/janekim/terms/privacy', '/janekim/process'])
      expect(markOf((await call(path)).text), path).toEqual(mark)
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
  it('writes one data point per counted view and no D1 row: 100 beacons, 100 points, 0 page_views rows', async () => {
    const call = worker(viewsVars())
    const id = await idOf('janekim')
    const mark = await markAt(call, '/janekim')
    const before = await pageViewRows()
    const pages = ['/janekim', '/en/janekim', '/en/janekim/terms/', '/janekim/process']
    const agents = [PHONE, IPAD, DESKTOP]
    for (let i = 0; i < 100; i++) {
      // No CF-Connecting-IP (a local tool's request): VIEW_LIMITER does not apply (decision 026).
      const sent = await call(VIEWS_PATH, beacon(mark, pages[i % 4]!, { 'user-agent': agents[i % 3]! }))
      expect(sent.response.status).toBe(204)
      expect(sent.response.headers.get('set-cookie')).toBeNull()
    }
    await vi.waitFor(async () => expect(await pointsOf(id)).toHaveLength(100), { timeout: 5000 })
    // D1 rows written per view: 0 / 100.
    expect((await pageViewRows()) - before).toBe(0)
    const points = await pointsOf(id)
    expect(points.filter((point) => point.blobs.slice(0, 3).join() === '/,ko,mobile')).toHaveLength(9)
    expect(new Set(points.map((point) => point.blobs[0]))).toEqual(new Set(['/', '/terms', '/process']))

    // The dashboard page reads them back through the SQL API, on Jane's (Eastern) days.
    const zone = (await realtorClock(env.DB, id)).timeZone
    expect(zone).toBe('America/New_York')
    const page = await createApp().request(
      `${ORIGIN}/en/janekim/admin/dashboard`,
      { headers: await ownerSession(id) },
      { ...env, ...viewsVars() },
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toContain('<svg')
    // Without an address (a local tool's), each is a visitor of its own (docs/decisions/090).
    expect(html).toMatch(/<td[^>]*>100<\/td>/)
    expect(html).not.toContain('can’t be shown')
  })

  it('counts a page of a homepage on its own domain', async () => {
    const views = recordingViews()
    await makeAccount('views-domain@example.com', 'password-1234', { desiredUrl: 'viewsdomain' })
    const id = await idOf('viewsdomain')
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'Y') WHERE desired_url = 'viewsdomain'`,
    ).run()
    await seedActiveDomain(env.DB, id, 'views-agent.example')
    const call = worker(views.vars)
    const own = 'http://views-agent.example'
    const mark = await markAt(call, '/en/terms', own)
    expect(mark.realtorId).toBe(id)
    const counted = await call(VIEWS_PATH, beacon(mark, '/en/terms', {}, own))
    expect(counted.response.status).toBe(204)
    expect(views.points()).toEqual([{ indexes: [String(id)], blobs: ['/terms', 'en', 'desktop', expect.any(String)] }])
    // Jane's page's mark on this domain is no page of hers; this domain's mark at her path address is none either.
    const jane = await markAt(call, '/janekim')
    expect((await call(VIEWS_PATH, beacon(jane, '/', {}, own))).response.status).toBe(400)
    expect((await call(VIEWS_PATH, beacon(mark, '/janekim'))).response.status).toBe(400)
    expect(views.points()).toHaveLength(1)
  })

  it('counts no bots or prefetches, and answers them like any view', async () => {
    const views = recordingViews()
    const call = worker(views.vars)
    const mark = await markAt(call, '/janekim')
    const bot = await call(
      VIEWS_PATH,
      beacon(mark, '/janekim', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
    )
    expect(bot.response.status).toBe(204)
    const prerendered = await call(VIEWS_PATH, beacon(mark, '/janekim', { 'sec-purpose': 'prefetch;prerender' }))
    expect(prerendered.response.status).toBe(204)
    expect(views.points()).toEqual([])
  })

  it('refuses what no page of a published homepage sends, in the caller’s language, and counts nothing', async () => {
    const views = recordingViews()
    const call = worker(views.vars)
    const id = await idOf('janekim')
    const mark = await markAt(call, '/janekim')
    await makeAccount('views-unpublished@example.com', 'password-1234', { desiredUrl: 'viewsunpublished' })
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.isMakeHomepage', 'N') WHERE desired_url = 'viewsunpublished'`,
    ).run()
    const hidden = await idOf('viewsunpublished')
    // Its page carries no mark to a visitor (see above): any proof it is sent with is another's or made up.
    const forged = mark.proof.startsWith('A') ? `B${mark.proof.slice(1)}` : `A${mark.proof.slice(1)}`
    const bodyOf = (fields: object) => ({ ...beacon(mark, '/janekim'), body: JSON.stringify(fields) })
    const refused: [string, RequestInit & { origin?: string }][] = [
      ['another realtor’s id', beacon({ ...mark, realtorId: id + 1 }, '/janekim')],
      ['an unpublished homepage', beacon({ ...mark, realtorId: hidden }, '/viewsunpublished')],
      ['her proof at another realtor’s address', beacon(mark, '/equityrealty')],
      ['a proof made up', beacon({ ...mark, proof: forged }, '/janekim')],
      ['a proof not in base64url', beacon({ ...mark, proof: `${mark.proof.slice(1)}=` }, '/janekim')],
      ['no proof', bodyOf({ realtorId: id, path: '/janekim' })],
      ['an empty proof', bodyOf({ realtorId: id, proof: '', path: '/janekim' })],
      ['a proof too long', bodyOf({ realtorId: id, proof: 'a'.repeat(65), path: '/janekim' })],
      ['no such page', beacon(mark, '/janekim/no-such-page')],
      ['a builder page', beacon(mark, '/janekim/admin/dashboard')],
      ['the landing page', beacon(mark, '/')],
      ['an API path', beacon(mark, '/v1/views')],
      ['another host', beacon(mark, '//evil.example/janekim')],
      ['a backslash', beacon(mark, '/\\evil.example/janekim')],
      ['a query', beacon(mark, '/janekim?x=1')],
      ['no realtor', bodyOf({ proof: mark.proof, path: '/janekim' })],
      ['a string id', bodyOf({ realtorId: String(id), proof: mark.proof, path: '/janekim' })],
      ['more fields', bodyOf({ realtorId: id, proof: mark.proof, path: '/janekim', n: 9 })],
      ['not JSON', { ...beacon(mark, '/janekim'), body: 'realtorId=1' }],
      ['nothing', { ...beacon(mark, '/janekim'), body: '' }],
    ]
    for (const [what, init] of refused) {
      const { response, text } = await call(VIEWS_PATH, {
        ...init,
        headers: { ...init.headers, 'accept-language': 'en' },
      })
      expect(response.status, what).toBe(400)
      expect(JSON.parse(text), what).toMatchObject({ error: { message: expect.any(String) } })
    }
    const korean = await call(
      VIEWS_PATH,
      beacon({ ...mark, realtorId: id + 1 }, '/janekim', { 'accept-language': 'ko' }),
    )
    expect(JSON.parse(korean.text)).toMatchObject({
      error: { fields: [{ path: 'path', message: '공개된 홈페이지의 페이지가 아닙니다.' }] },
    })
    const huge = await call(VIEWS_PATH, bodyOf({ realtorId: id, proof: mark.proof, path: `/${'a'.repeat(2000)}` }))
    expect(huge.response.status).toBe(413)
    // Another site's page cannot spend its visitors' browsers on these counts.
    const foreign = await call(VIEWS_PATH, {
      ...beacon(mark, '/janekim'),
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(foreign.response.status).toBe(403)
    expect((await call(VIEWS_PATH)).response.status).toBe(404)
    expect(views.points()).toEqual([])
  })

  it('counts a view with no database read and no Durable Object call: the proof is the check', async () => {
    const views = recordingViews()
    const call = worker(views.vars)
    const mark = await markAt(call, '/en/janekim')
    // As a beacon meets an isolate that holds nothing of her, and is due to ask the tag log.
    dataCache.clear()
    resetFreshness()
    const queries = vi.spyOn(env.DB, 'prepare')
    const generations = vi.spyOn(env.TAG_GENERATIONS, 'get')
    expect((await call(VIEWS_PATH, beacon(mark, '/en/janekim/process'))).response.status).toBe(204)
    expect(queries).not.toHaveBeenCalled()
    expect(generations).not.toHaveBeenCalled()
    expect(views.points()).toEqual([
      {
        indexes: [String(mark.realtorId)],
        blobs: ['/process', 'en', 'desktop', expect.stringMatching(/^-[0-9a-f]{8}$/)],
      },
    ])
  })

  it('refuses a proof made with another secret (after SESSION_SECRET is rotated, until pages are re-rendered)', async () => {
    const views = recordingViews()
    const mark = await markAt(worker(views.vars), '/janekim')
    const rotated = worker({ ...views.vars, SESSION_SECRET: 'another-secret-of-at-least-32-characters!' })
    expect((await rotated(VIEWS_PATH, beacon(mark, '/janekim'))).response.status).toBe(400)
    expect(views.points()).toEqual([])
  })

  it('counts at most the budget of one address for one homepage a minute', async () => {
    const views = recordingViews()
    const call = worker(views.vars)
    const mark = await markAt(call, '/janekim')
    const { limit, period } = budgetOf('VIEW_LIMITER')
    await freshWindow(period)
    const from = (address: string) => beacon(mark, '/janekim', { 'cf-connecting-ip': address })
    for (let i = 0; i < limit; i++) expect((await call(VIEWS_PATH, from('203.0.113.71'))).response.status).toBe(204)
    const over = await call(VIEWS_PATH, {
      ...from('203.0.113.71'),
      headers: { ...from('203.0.113.71').headers, 'accept-language': 'en' },
    })
    expect(over.response.status).toBe(429)
    expect(over.response.headers.get('retry-after')).toBe(String(period))
    expect(JSON.parse(over.text).error.message).toMatch(/Too many views/)
    // A bot's beacon is not counted, so it is not refused either; another address has its own budget.
    const bot = beacon(mark, '/janekim', { 'cf-connecting-ip': '203.0.113.71', 'user-agent': 'Googlebot/2.1' })
    expect((await call(VIEWS_PATH, bot)).response.status).toBe(204)
    expect(
      (await call(VIEWS_PATH, beacon(mark, '/janekim', { 'cf-connecting-ip': '203.0.113.72' }))).response.status,
    ).toBe(204)
    expect(views.points()).toHaveLength(limit + 1)
  })

  it('keeps no personal data: a view is the realtor, page, locale, device class and a bucket of 65,536', async () => {
    const request = new Request(`${ORIGIN}${VIEWS_PATH}`, {
      method: 'POST',
      headers: { 'user-agent': PHONE, cookie: 'session=x', 'cf-connecting-ip': '203.0.113.9' },
    })
    const site = resolveSite(new URL(`${ORIGIN}/en/janekim/terms/`), '127.0.0.1', new Set(['127.0.0.1']))
    const view = viewOf(request, 7, viewedPageOf(site))
    expect(view).toEqual({ realtorId: 7, path: '/terms', locale: 'en', device: 'mobile' })
    const secret = env.SESSION_SECRET
    const day = Date.parse('2026-11-26T12:00:00Z')
    const bucket = await visitorOf(secret, 7, '203.0.113.9', day)
    // The data point: the realtor as its index, the page, locale, device and visitor bucket as blobs.
    expect(dataPointOf(view!, bucket)).toEqual({ indexes: ['7'], blobs: ['/terms', 'en', 'mobile', bucket] })
    // 16 bits: four hex digits, never the address. The same all day; another day, another realtor, another one.
    expect(bucket).toMatch(/^[0-9a-f]{4}$/)
    expect(await visitorOf(secret, 7, '203.0.113.9', day + 11 * 3_600_000)).toBe(bucket)
    expect(await visitorOf(secret, 7, '203.0.113.9', day + 86_400_000)).not.toBe(bucket)
    expect(await visitorOf(secret, 8, '203.0.113.9', day)).not.toBe(bucket)
    expect(await visitorOf(secret, 7, '::ffff:203.0.113.9', day)).toBe(bucket)
    // An IPv6 visitor is its /64: a script cannot be a new visitor per address of its network.
    expect(visitorAddressOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(await visitorOf(secret, 7, '2001:db8:1:2::5', day)).toBe(
      await visitorOf(secret, 7, '2001:db8:1:2:ff::9', day),
    )
    // No address (a local tool; Cloudflare always sends one): a bucket of its own, the view counted alone.
    expect(await visitorOf(secret, 7, null, day)).toMatch(/^-[0-9a-f]{8}$/)
    expect(await visitorOf(secret, 7, null, day)).not.toBe(await visitorOf(secret, 7, null, day))
    expect(await visitorOf(secret, 7, 'not an address', day)).toMatch(/^-/)
  })

  it('counts no script, HTTP library or headless browser, whatever page it fetched the proof from', async () => {
    const views = recordingViews()
    const call = worker(views.vars)
    const mark = await markAt(call, '/janekim')
    const agents = [
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Python-urllib/3.12',
      'Go-http-client/2.0',
      'Wget/1.21.4',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'axios/1.7.2',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'okhttp/4.12.0',
      'Java/17.0.2',
      'PostmanRuntime/7.39.0',
      '',
      '   ',
    ]
    for (const agent of agents) {
      const sent = await call(VIEWS_PATH, beacon(mark, '/janekim', { 'user-agent': agent }))
      expect(sent.response.status, agent).toBe(204)
    }
    expect(views.points()).toEqual([])
    // A person's browser on the same page is counted.
    expect((await call(VIEWS_PATH, beacon(mark, '/janekim', { 'user-agent': PHONE }))).response.status).toBe(204)
    expect(views.points()).toHaveLength(1)
  })

  it('counts one address’s reloads once per page and half hour on the dashboard, whatever it sends', async () => {
    const call = worker(viewsVars())
    const id = await idOf('janekim')
    const mark = await markAt(call, '/janekim')
    const { limit, period } = budgetOf('VIEW_LIMITER')
    await freshWindow(period)
    // One address reloads four pages as fast as VIEW_LIMITER lets it, with a new browser name each time.
    const pages = ['/janekim', '/janekim/process', '/en/janekim', '/janekim/terms/']
    for (let i = 0; i < limit; i++) {
      const agent = `${DESKTOP} Edg/${100 + i}`
      const headers = { 'cf-connecting-ip': '203.0.113.80', 'user-agent': agent }
      expect((await call(VIEWS_PATH, beacon(mark, pages[i % 4]!, headers))).response.status).toBe(204)
    }
    // Another address, on its phone: one view.
    const phone = { 'cf-connecting-ip': '198.51.100.4', 'user-agent': PHONE }
    expect((await call(VIEWS_PATH, beacon(mark, '/janekim', phone))).response.status).toBe(204)
    await vi.waitFor(async () => expect(await pointsOf(id)).toHaveLength(limit + 1), { timeout: 5000 })
    const points = await pointsOf(id)
    expect(new Set(points.map((point) => point.blobs[3])).size).toBe(2)
    expect(points.every((point) => /^[0-9a-f]{4}$/.test(point.blobs[3]!))).toBe(true)

    const config = viewsSqlConfigOf(viewsVars())!
    const since = `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 13)}:00:00Z`
    const figures = await viewFiguresOf(config, fetch, id, since)
    // Four pages of the first address (one of them in English), one of the second.
    expect(figures.hours.reduce((sum, [, views]) => sum + views, 0)).toBe(4 + 1)
    expect(figures.pages).toEqual([
      { path: '/', views: 3 },
      { path: '/process', views: 1 },
      { path: '/terms', views: 1 },
    ])
  })
})

describe('what one visitor adds', () => {
  const NOW = Date.parse('2026-11-26T23:00:00Z')
  const since = '2026-11-25T00:00:00Z'
  const figuresOf = (realtorId: number) => viewFiguresOf(viewsSqlConfigOf(viewsVars())!, fetch, realtorId, since)
  const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString()
  const sum = (hours: [string, number][]) => hours.reduce((total, [, views]) => total + views, 0)

  it('is a page once per half hour: 200 reloads in ten minutes are one view, three visits across the day three', async () => {
    const id = await idOf('janekim')
    const reloads = Array.from({ length: 200 }, (_, i) => ({
      at: at('2026-11-26T10:00:00Z', i * 3),
      realtorId: id,
      blobs: ['/', 'ko', 'mobile', 'a1b2'],
    }))
    const later = ['2026-11-26T13:05:00Z', '2026-11-26T18:40:00Z'].map((time) => ({
      at: time,
      realtorId: id,
      blobs: ['/', 'ko', 'mobile', 'a1b2'],
    }))
    await seedPoints([...reloads, ...later])
    const figures = await figuresOf(id)
    expect(sum(figures.hours)).toBe(3)
    expect(figures.pages).toEqual([{ path: '/', views: 3 }])
    expect(figures.kinds).toEqual([
      { locale: 'ko', device: 'mobile', views: 3 },
      { locale: 'en', device: 'mobile', views: 0 },
    ])
    // The dashboard shows them on Jane's day.
    const dashboard = await dashboardOf(env.DB, id, 'America/New_York', NOW, () => figuresOf(id))
    expect(dashboard.totals.views).toBe(3)
  })

  it('is at most 100 views a UTC day, shared by locale as it viewed them; the next day counts again', async () => {
    const id = await idOf('janekim')
    // One address cycles 320 pages of listings, Korean and English in turn, over the 26th: no reload, 320 visits.
    const script = Array.from({ length: 320 }, (_, i) => ({
      at: at('2026-11-26T01:00:00Z', i * 240),
      realtorId: id,
      blobs: [`/listings/${i % 160}`, i % 2 ? 'en' : 'ko', 'desktop', 'ffff'],
    }))
    // On the 27th its bucket is another; were it the same by chance, that day's views are still that day's.
    const nextDay = Array.from({ length: 5 }, (_, i) => ({
      at: at('2026-11-27T02:00:00Z', i * 60),
      realtorId: id,
      blobs: [`/listings/${i}`, 'en', 'desktop', 'ffff'],
    }))
    // A person: two pages on the 26th.
    const person = [
      { at: '2026-11-26T15:00:00Z', realtorId: id, blobs: ['/', 'ko', 'mobile', '1234'] },
      { at: '2026-11-26T15:02:00Z', realtorId: id, blobs: ['/terms', 'ko', 'mobile', '1234'] },
    ]
    await seedPoints([...script, ...nextDay, ...person])
    const figures = await figuresOf(id)
    expect(sum(figures.hours)).toBe(100 + 5 + 2)
    // The script's 100 on the hour it started (01:00 UTC), its next day's 5 at theirs.
    expect(figures.hours).toContainEqual(['2026-11-26T01', 100])
    expect(figures.hours).toContainEqual(['2026-11-27T02', 5])
    const kinds = new Map(figures.kinds.map((kind) => [`${kind.locale} ${kind.device}`, kind.views]))
    expect(kinds.get('ko desktop')).toBe(50)
    expect(kinds.get('en desktop')).toBe(50 + 5)
    expect(kinds.get('ko mobile')).toBe(2)
    // Each of its pages was visited twice on the 26th: twice each, under the cap.
    const listings = figures.pages.filter((row) => row.path.startsWith('/listings/'))
    expect(listings.map((row) => row.views)).toEqual([3, 3, 3, 3, 3, ...Array(listings.length - 5).fill(2)])
  })
})

describe('the dashboard’s views', () => {
  const NOW = Date.parse('2026-11-26T12:00:00Z')
  const loaderFor = (realtorId: number, fetchImpl: FetchLike = fetch) => {
    const config = viewsSqlConfigOf(viewsVars())!
    return (since: string) => viewFiguresOf(config, fetchImpl, realtorId, since)
  }

  it('places Analytics Engine’s hours on the realtor’s days, counts sampled points, and adds D1’s older rows', async () => {
    const id = await idOf('janekim')
    await seedPoints([
      // 02:30 UTC on the 26th is the evening of the 25th in Georgia; 14:00 UTC on the 25th is its morning.
      { at: '2026-11-26T02:30:00Z', realtorId: id, blobs: ['/', 'ko', 'mobile'] },
      { at: '2026-11-25T14:00:00Z', realtorId: id, blobs: ['/terms', 'en', 'desktop'] },
      // A sampled point stands for ten views.
      { at: '2026-11-26T11:00:00Z', realtorId: id, blobs: ['/process', 'en', 'tablet'], sampleInterval: 10 },
      // Before the window (Eastern 2026-10-28 starts at 04:00 UTC) and another realtor's: not counted.
      { at: '2026-10-28T03:59:00Z', realtorId: id, blobs: ['/', 'ko', 'mobile'] },
      { at: '2026-11-26T02:30:00Z', realtorId: id + 1, blobs: ['/', 'ko', 'mobile'] },
    ])
    // What the D1 batch wrote before the switch, already on Jane's days.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO page_views (realtor_id, day, path, locale, device, count) VALUES (?, '2026-11-20', '/', 'ko', 'desktop', 4)`,
      ).bind(id),
      env.DB.prepare(
        `INSERT INTO page_views (realtor_id, day, path, locale, device, count) VALUES (?, '2026-11-25', '/terms', 'en', 'mobile', 2)`,
      ).bind(id),
      env.DB.prepare(
        `INSERT INTO page_views (realtor_id, day, path, locale, device, count) VALUES (?, '2026-10-20', '/', 'ko', 'mobile', 50)`,
      ).bind(id),
    ])
    const dashboard = await dashboardOf(env.DB, id, 'America/New_York', NOW, loaderFor(id))
    expect(dashboard.viewsAvailable).toBe(true)
    const day = (d: string) => dashboard.days.find((entry) => entry.day === d)!.views
    expect(dashboard.days.at(-1)!.day).toBe('2026-11-26')
    expect(day('2026-11-26')).toBe(10)
    expect(day('2026-11-25')).toBe(1 + 1 + 2)
    expect(day('2026-11-20')).toBe(4)
    expect(dashboard.totals.views).toBe(18)
    expect(dashboard.byLocale).toEqual({ ko: 5, en: 13 })
    expect(dashboard.byDevice).toEqual({ mobile: 3, tablet: 10, desktop: 5 })
    expect(dashboard.topPages).toEqual([
      { path: '/process', views: 10 },
      { path: '/', views: 5 },
      { path: '/terms', views: 3 },
    ])
    // In UTC the same points fall on other days: the hour, not the day, is what is read.
    const utc = await dashboardOf(env.DB, id, 'UTC', NOW, loaderFor(id))
    expect(utc.days.find((entry) => entry.day === '2026-11-26')!.views).toBe(11)
  })

  it('keeps a realtor’s figures briefly: a reload within ten seconds makes no SQL call', async () => {
    const id = await idOf('janekim')
    await seedPoints([{ at: new Date().toISOString(), realtorId: id, blobs: ['/', 'ko', 'mobile'] }])
    const calls: string[] = []
    const counting: FetchLike = async (input, init) => {
      const request = new Request(input, init)
      if (request.url.includes('/analytics_engine/sql')) calls.push(await request.clone().text())
      return fetch(request)
    }
    const cache = new DataCache()
    const app = createApp({ upstreamFetch: counting, dataCache: cache })
    const load = () =>
      app.fetch(
        new Request(`${ORIGIN}/en/janekim/admin/dashboard`, { headers: cookie }),
        { ...env, ...viewsVars() },
        createExecutionContext(),
      )
    const cookie = await ownerSession(id)
    const first = await load()
    expect(first.status).toBe(200)
    expect(calls).toHaveLength(3)
    // The figures are stored once their (empty) tags are read, in the background: beside Jane's profile.
    await vi.waitFor(() => expect(cache.size).toBe(2))
    const again = await load()
    expect(again.status).toBe(200)
    expect(await again.text()).toMatch(/<td[^>]*>1<\/td>/)
    expect(calls).toHaveLength(3)
  })

  for (const [mode, vars] of [
    ['error500', {}],
    ['error503', {}],
    ['hang', { UPSTREAM_TIMEOUT_MS: '300' }],
    ['oversize', {}],
    ['garbage', {}],
    ['html', {}],
  ] as const) {
    it(`still answers 200 with contacts and a translated note when the SQL API answers ${mode}`, async () => {
      const id = await idOf('janekim')
      await seedPoints([{ at: new Date().toISOString(), realtorId: id, blobs: ['/', 'ko', 'mobile'] }])
      await failNext(mode, 3)
      const page = await createApp().request(
        `${ORIGIN}/en/janekim/admin/dashboard`,
        { headers: await ownerSession(id) },
        { ...env, ...viewsVars(), ...vars },
      )
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Views can’t be shown right now.')
      expect(html).toContain('Contacts')
      expect(html).not.toContain('No views yet')
    })
  }

  it('says so in Korean too, and when the SQL API is not configured or refuses the token', async () => {
    const id = await idOf('janekim')
    const headers = await ownerSession(id)
    const unconfigured = await createApp().request(
      `${ORIGIN}/janekim/admin/dashboard`,
      { headers },
      {
        ...env,
        ANALYTICS_API_TOKEN: '',
      },
    )
    expect(unconfigured.status).toBe(200)
    expect(await unconfigured.text()).toContain('지금은 조회수를 보여 드릴 수 없습니다.')
    const refused = await createApp().request(
      `${ORIGIN}/en/janekim/admin/dashboard`,
      { headers },
      {
        ...env,
        ...viewsVars(),
        ANALYTICS_API_TOKEN: 'not-the-token',
      },
    )
    expect(refused.status).toBe(200)
    expect(await refused.text()).toContain('Views can’t be shown right now.')
  })

  it('gets the API’s own error for a statement the fake does not understand, not a made-up answer', async () => {
    const config = viewsSqlConfigOf(viewsVars())!
    const response = await fetch(`${config.apiBase}/accounts/${config.accountId}/analytics_engine/sql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}` },
      body: `SELECT * FROM ${config.dataset}`,
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toContain('text/plain')
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
