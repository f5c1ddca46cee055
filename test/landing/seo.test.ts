// What search engines see of the provider's site: robots.txt, and sitemap.xml (one file, or an index of id
// ranges past the URL limit) listing the landing page and every published realtor homepage
// (docs/decisions/029-legal-pages.md).
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import { d1Store } from '../../src/lib/realtors/d1-store'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import { routePathOf, siteOf } from '../../src/lib/tenant'
import { pageUrls } from '../../src/lib/urls'
import { seoRoutes } from '../../src/routes/seo'
import { createApp } from '../../src/worker'
import { fixtureRealtor, fixtureStore } from '../fixtures/fixture-realtors'
import { call, ORIGIN } from '../helpers'

/** Seven realtors: every third on its own domain, the fifth unpublished. */
const REALTORS = Array.from({ length: 7 }, (_, i) =>
  fixtureRealtor({
    id: i + 1,
    name: `Agent ${i + 1}`,
    desiredUrl: `agent-${String.fromCharCode(97 + i)}`,
    hompageUrl: i % 3 === 0 ? `https://agent${i + 1}.example` : '',
    isMakeHomepage: i === 4 ? 'N' : 'Y',
  }),
)
const PUBLISHED = REALTORS.filter((realtor) => realtor.isMakeHomepage === 'Y')
const store = fixtureStore(REALTORS)
const worker = createApp({ realtors: () => store })

/** The seo routes alone with small files (`perFile` realtor ids each), behind what the worker sets for them. */
function withFilesOf(perFile: number) {
  const app = new Hono<AppEnv>({ getPath: routePathOf })
  app.use('*', async (c, next) => {
    c.set('site', siteOf(c.req.raw, c.env.PROVIDER_HOSTS))
    c.set('realtors', store)
    await next()
  })
  app.route('/', seoRoutes({ perFile }))
  return (path: string) => app.request(`${ORIGIN}${path}`, {}, env)
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
const alternates = (xml: string) => [...xml.matchAll(/hreflang="[^"]+" href="([^"]+)"/g)].map((match) => match[1]!)

/** Every URL the sitemap must list: the landing page and each published home, in both locales. */
const EXPECTED = [pageUrls(null, ORIGIN, '/'), ...PUBLISHED.map((realtor) => pageUrls(realtor, ORIGIN, '/'))]
  .flatMap((urls) => [urls.ko, urls.en])
  .sort()

/** A GET of an absolute URL through the worker, on the host it names. */
async function fetchNamed(url: string) {
  const { host, pathname, search } = new URL(url)
  return call(`${pathname}${search}`, { host, app: worker })
}

describe('the provider sitemap', () => {
  it('is one file listing the landing page and every published home while they fit', async () => {
    const response = await call('/sitemap.xml', { app: worker })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    const xml = await response.text()
    expect(xml).toContain('<urlset')
    expect(locs(xml).sort()).toEqual(EXPECTED)
    expect(xml).not.toContain('agent-e')
    for (const url of new Set([...locs(xml), ...alternates(xml)])) expect((await fetchNamed(url)).status, url).toBe(200)
  })

  it('becomes an index of id ranges past one file, each file within it, every URL answering 200', async () => {
    const get = withFilesOf(2)
    const index = await (await get('/sitemap.xml')).text()
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    // Two realtor ids a file (four URLs, and the landing page's two in the first): ids 1–2, 3–4, 5–6, 7.
    const files = locs(index)
    expect(files).toEqual([1, 2, 3, 4].map((n) => `${ORIGIN}/sitemap.xml?page=${n}`))
    const listed: string[] = []
    for (const file of files) {
      const { pathname, search } = new URL(file)
      const response = await get(`${pathname}${search}`)
      expect(response.status, file).toBe(200)
      const xml = await response.text()
      expect(locs(xml).length, file).toBeLessThanOrEqual(6)
      listed.push(...locs(xml))
      for (const url of [...locs(xml), ...alternates(xml)]) expect((await fetchNamed(url)).status, url).toBe(200)
    }
    expect(listed.sort()).toEqual(EXPECTED)
    for (const wrong of ['?page=0', '?page=5', '?page=x']) expect((await get(`/sitemap.xml${wrong}`)).status).toBe(404)
  })

  it('is never redirected by locale, and robots.txt points at it', async () => {
    const response = await call('/robots.txt', { app: worker, headers: { cookie: 'locale=en' } })
    expect(response.status).toBe(200)
    const robots = await response.text()
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    expect(robots).toMatch(/^User-agent: \*\nAllow: \//)
    expect((await call('/sitemap.xml', { app: worker, headers: { cookie: 'locale=en' } })).status).toBe(200)
  })
})

/** Google's robots.txt matching: the longest matching rule wins, Allow on a tie; `*` any text, `$` the end. */
function allowed(robots: string, path: string): boolean {
  const rules = [...robots.matchAll(/^(Allow|Disallow): (.+)$/gm)].map(([, kind, pattern]) => ({
    allow: kind === 'Allow',
    pattern: pattern!,
    regex: new RegExp(`^${pattern!.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`),
  }))
  const matching = rules.filter((rule) => rule.regex.test(path))
  matching.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))
  return matching[0]?.allow ?? true
}

describe('the provider robots.txt', () => {
  it("keeps crawlers out of the builder's pages and nothing else", async () => {
    const robots = await (await call('/robots.txt', { app: worker })).text()
    const builder = ['/admin', '/en/admin', '/login', '/en/login', '/login/redirect', '/agreement', '/en/agreement']
    const tenants = [
      '/agent-a/admin',
      '/en/agent-a/admin',
      '/agent-a/login',
      '/en/agent-a/login?next=%2F',
      '/agent-a/agreement',
    ]
    for (const path of [...builder, ...tenants, '/admin?next=x']) expect(allowed(robots, path), path).toBe(false)
    const open = ['/', '/en', '/terms', '/terms/privacy', '/process', '/agent-a', '/en/agent-a', '/agent-a/terms']
    const lookalikes = ['/administrator', '/loginpark', '/agreements-kim', '/agent-a/sitemap.xml']
    for (const path of [...open, ...lookalikes]) expect(allowed(robots, path), path).toBe(true)
  })
})

describe('the keyset listing of published realtors in D1', () => {
  it('pages by id without OFFSET, leaves unpublished realtors out, and knows the last id', async () => {
    const repo = d1Store(env.DB)
    const hidden = await repo.insert({ ...REALTOR_DEFAULTS, desiredUrl: 'hidden-agent', isMakeHomepage: 'N' }, null)
    const shown = await repo.insert({ ...REALTOR_DEFAULTS, desiredUrl: 'shown-agent', isMakeHomepage: 'Y' }, null)
    const all = await repo.listPublished({ afterId: 0, limit: 100 })
    expect(all.map((realtor) => realtor.desiredUrl)).toContain('shown-agent')
    expect(all.map((realtor) => realtor.desiredUrl)).not.toContain('hidden-agent')
    expect(all.every((realtor) => realtor.isMakeHomepage === 'Y')).toBe(true)
    const first = await repo.listPublished({ afterId: 0, limit: 1 })
    const rest = await repo.listPublished({ afterId: first[0]!.id, limit: 100 })
    expect([...first, ...rest].map((realtor) => realtor.id)).toEqual(all.map((realtor) => realtor.id))
    expect(await repo.listPublished({ afterId: 0, throughId: first[0]!.id, limit: 100 })).toHaveLength(1)
    expect(await repo.lastId()).toBe(Math.max(hidden.id, shown.id))
  })
})
