import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureRealtor, fixtureStore } from '../fixtures/fixture-realtors'
import { property, storeListings } from '../fixtures/mls'
import { RICH } from '../fixtures/rich-realtor'
import { fakeUpstream } from '../fixtures/upstream'
import { call, heading } from '../helpers'

const BARE: Realtor = fixtureRealtor({ id: 42, desiredUrl: 'bare', name: 'Bare Agent' })

const richApp = (options: Parameters<typeof createApp>[0] = {}) =>
  createApp({ realtors: () => fixtureStore([RICH, BARE]), ...options })

async function page(path: string, init: { host?: string; app?: ReturnType<typeof createApp> } = {}) {
  const response = await call(path, { app: init.app ?? richApp(), host: init.host })
  return { response, html: await response.text() }
}

// Grace's own deals, one of each kind: the homepage shows a tab for each kind that has any (issue 30).
beforeAll(async () => {
  const own = { ListAgentStateLicense: RICH.licenseNumber, City: 'La Cañada Flintridge', StateOrProvince: 'CA' }
  await storeListings(env.DB, 'crmls', [
    property({ ListingKey: 'GH1', ...own }),
    property({ ListingKey: 'GH2', ...own, PropertyType: 'Residential Lease', ListPrice: 5_000 }),
    property({ ListingKey: 'GH3', ...own, StandardStatus: 'Closed', ClosePrice: 1_900_000 }),
    property({
      ListingKey: 'GH4',
      ...own,
      PropertyType: 'Residential Lease',
      StandardStatus: 'Closed',
      ClosePrice: 5_100,
    }),
  ])
})

const meta = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1]

describe('tenant home page', () => {
  it('renders every profile field in Korean at /{desiredUrl}', async () => {
    const { response, html } = await page('/rich-agent')
    expect(response.status).toBe(200)
    expect(heading(html)).toBe('한그레이스')
    for (const text of [
      'Grace Han',
      '안녕하세요, 라카냐다 전문 리얼터입니다.',
      '>DRE #01876520</span>',
      '남가주 CRMLS',
      '1,234',
      '$71.80M',
      'La Cañada Flintridge, CA',
      'Flintridge',
      '91011',
      '(818) 555-0199',
      'grace@grace.example',
      '100 Foothill Blvd',
      '팩스 (818) 555-0101',
      '>Foothill Crest Realty</p>',
      '>중개회사 DRE #00998877</p>',
      '평등 주택 기회',
      'First section',
      'Beta',
      '추천 영상',
    ])
      expect(html).toContain(text)
    expect(html).toMatch(/<dd>1[0-9]년<\/dd>/)
    expect(html).toContain('href="https://www.zillow.com/profile/gracehan"')
    expect(html).toContain('href="https://open.kakao.com/o/grace"')
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"')
    expect(html.indexOf('First section')).toBeLessThan(html.indexOf('Second section'))
    expect(html).toContain('src="/photos/seed/grace/id.png"')
    expect(html).toContain('src="https://cdn.example/gallery-2.png"')
    expect(html).toContain('data-island="ContactForm"')
    expect(html).toContain('data-island="AgentListings"')
  })

  it('renders the English page at /en/{desiredUrl} with the English about me', async () => {
    const { response, html } = await page('/en/rich-agent')
    expect(response.status).toBe(200)
    expect(html).toContain('<html lang="en"')
    expect(heading(html)).toBe('Grace Han')
    expect(html).toContain('Hello, I specialise in La Cañada Flintridge.')
    expect(html).toContain('한그레이스')
    expect(html).toContain('Southern California CRMLS')
    expect(html).not.toContain('안녕하세요, 라카냐다')
  })

  it('renders the same realtor on its custom domain at / and /en', async () => {
    const viaPath = await page('/rich-agent')
    const viaDomain = await page('http://grace.example/', { host: 'grace.example' })
    expect(viaDomain.response.status).toBe(200)
    expect(heading(viaDomain.html)).toBe(heading(viaPath.html))
    const en = await page('http://grace.example/en', { host: 'grace.example' })
    expect(heading(en.html)).toBe('Grace Han')
    expect(en.html).toContain('href="/en#contact"')
  })

  it('answers an unknown desiredUrl or domain with the 404 page', async () => {
    expect((await page('/nobody-here')).response.status).toBe(404)
    expect((await page('http://unknown.example/', { host: 'unknown.example' })).response.status).toBe(404)
    expect((await page('/en/nobody-here')).response.status).toBe(404)
  })

  it('leaves out what a realtor has not filled in', async () => {
    const { response, html } = await page('/en/bare')
    expect(response.status).toBe(200)
    expect(heading(html)).toBe('Bare Agent')
    for (const absent of [
      'home-stats',
      'home-regions',
      'home-gallery',
      'home-video',
      'home-extra',
      'AgentListings',
      'og:image',
    ])
      expect(html).not.toContain(absent)
    expect(html).toContain('Bare Agent will introduce themselves here soon.')
  })

  it("shows a realtor's Korean mobile number as written and dials it as +82 without the 0", async () => {
    const app = createApp({ realtors: () => fixtureStore([{ ...RICH, contactPhone: '010-1234-5678' }]) })
    for (const path of ['/rich-agent', '/en/rich-agent']) {
      const { html } = await page(path, { app })
      expect(html, path).toContain('010-1234-5678')
      expect(html, path).toContain('href="tel:+821012345678"')
      expect(html, path).not.toMatch(/href="tel:0/)
    }
  })

  it('falls back to the other language when about me is empty', async () => {
    const app = createApp({ realtors: () => fixtureStore([{ ...RICH, aboutMeEn: '' }]) })
    const { html } = await page('/en/rich-agent', { app })
    expect(html).toContain('안녕하세요, 라카냐다 전문 리얼터입니다.')
  })

  it('applies the design: hex main colour, dark modes, font size; refuses a non-hex colour', async () => {
    const { html } = await page('/rich-agent')
    expect(html).toMatch(
      /<body class="home home--main-dark"[^>]*style="--brand:#6d4fa3;--brand-contrast:#ffffff;--home-font-size:18px;--brand-ink:#6d4fa3;--brand-ink-dark:#[0-9a-f]{6}"/,
    )
    const hostile = createApp({
      realtors: () =>
        fixtureStore([
          {
            ...RICH,
            designMainColor: 'red;background:url(//evil)',
            contentDarkMode: 'Y',
            designMainDarkMode: 'N',
            designFontSize: 99,
          },
        ]),
    })
    const other = await page('/rich-agent', { app: hostile })
    expect(other.html).toMatch(
      /<body class="home home--content-dark"[^>]*style="--brand:#1f4e79;[^"]*--home-font-size:20px;[^"]*"/,
    )
    expect(other.html).not.toContain('evil')
  })

  it('shows the realtor deals as tabs and the market homes, and an empty state when listings fail', async () => {
    const ok = await page('/en/rich-agent')
    expect(ok.html).toContain('role="tablist"')
    for (const tab of ['For sale', 'For rent', 'Sold', 'Rented']) expect(ok.html).toContain(tab)
    const failing = createApp({
      realtors: () => fixtureStore([RICH]),
      upstreamFetch: fakeUpstream(() => new Response('down', { status: 503 })).fetch,
    })
    const response = await failing.request(
      'http://127.0.0.1:8787/en/rich-agent',
      { headers: { host: '127.0.0.1:8787' } },
      { ...env, LISTINGS_API_ORIGIN: 'https://listings.example' },
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('No homes to show in this city right now.')
    expect(html).toContain('No deals of this kind yet.')
  })
})

describe('tenant SEO', () => {
  it('puts seoMeta, Open Graph, Twitter, favicon, canonical and hreflang on the realtor origin', async () => {
    const { html } = await page('/en/rich-agent')
    expect(html).toContain('<title>Grace Han | La Cañada realtor</title>')
    expect(meta(html, 'name', 'description')).toBe('Homes in La Cañada')
    expect(meta(html, 'name', 'keywords')).toBe('la canada,realtor')
    expect(meta(html, 'name', 'author')).toBe('Grace Han')
    expect(meta(html, 'property', 'og:title')).toBe('Grace Han | La Cañada realtor')
    expect(meta(html, 'property', 'og:image')).toBe('https://grace.example/photos/seed/grace/og.png')
    expect(meta(html, 'property', 'og:locale')).toBe('en_US')
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(html).toContain('<link rel="canonical" href="https://grace.example/en"/>')
    expect(html).toContain('<link rel="alternate" hrefLang="ko" href="https://grace.example"/>')
    expect(html).toContain('<link rel="icon" href="/photos/seed/grace/favicon.png"/>')
    const ko = await page('/rich-agent')
    expect(ko.html).toContain('<title>한그레이스 | 라카냐다 리얼터</title>')
    expect(meta(ko.html, 'property', 'og:locale')).toBe('ko_KR')
  })

  it('embeds a valid RealEstateAgent JSON-LD data block', async () => {
    const { html } = await page('/en/rich-agent')
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1]
    const data = JSON.parse(block!)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: 'Grace Han',
      url: 'https://grace.example/en',
      telephone: '818-555-0199',
      email: 'grace@grace.example',
      identifier: 'DRE #01876520',
    })
    expect(data.areaServed).toHaveLength(2)
    expect(data.sameAs).toContain('https://www.zillow.com/profile/gracehan')
  })

  it('serves a per-tenant sitemap.xml with ko/en alternates on the custom domain and the provider path', async () => {
    const domain = await call('http://grace.example/sitemap.xml', {
      app: richApp(),
      host: 'grace.example',
      headers: { 'accept-language': 'en' },
    })
    expect(domain.status).toBe(200)
    expect(domain.headers.get('content-type')).toMatch(/application\/xml/)
    const xml = await domain.text()
    expect(xml).toContain('<loc>https://grace.example</loc>')
    expect(xml).toContain('<loc>https://grace.example/en</loc>')
    expect(xml).toContain('hreflang="en" href="https://grace.example/en"')
    // Pages not worth a search engine's time are not listed.
    for (const page of ['/process', '/terms', '/agreement', '/login', '/admin', '_sample'])
      expect(xml).not.toContain(`${page}</loc>`)
    expect(xml).not.toContain('probiz')
    const path = await call('/bare/sitemap.xml', { app: richApp() })
    expect(await path.text()).toContain(`<loc>${new URL(env.PUBLIC_ORIGIN).origin}/en/bare</loc>`)
    const probiz = await call('/equityrealty/sitemap.xml')
    expect(await probiz.text()).toContain('/probiz</loc>')
  })

  it('serves robots.txt on a custom domain pointing at its sitemap, and 404 for unknown domains', async () => {
    const robots = await call('http://grace.example/robots.txt', { app: richApp(), host: 'grace.example' })
    expect(robots.status).toBe(200)
    const text = await robots.text()
    expect(text).toContain('Sitemap: https://grace.example/sitemap.xml')
    expect(text).toContain('Disallow: /admin')
    const unknown = await call('http://unknown.example/robots.txt', { app: richApp(), host: 'unknown.example' })
    expect(unknown.status).toBe(404)
  })
})
