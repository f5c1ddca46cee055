// Home search and home pages on a realtor's site (issue 30): filters, paging, the site's own MLS only,
// places typed, bad input, a home's page with its JSON-LD, and a home that left the market.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { removeListing } from '../../src/lib/mls/record'
import { SEARCH_PAGE_SIZE } from '../../src/lib/mls/search'
import { property, storeListings } from '../fixtures/mls'
import { call } from '../helpers'

const JANE = { host: 'janekim.example' }

beforeAll(async () => {
  // Johns Creek: 30 homes of 3+ beds from $600k to $1.19M (two pages), and others that filters exclude.
  const inRange = Array.from({ length: 30 }, (_, i) =>
    property({
      ListingKey: `FM${100 + i}`,
      ListPrice: 600_000 + i * 20_000,
      BedroomsTotal: 3 + (i % 3),
      OnMarketDate: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
    }),
  )
  await storeListings(env.DB, 'fmls', [
    ...inRange,
    property({ ListingKey: 'FM200', ListPrice: 450_000 }),
    property({ ListingKey: 'FM201', ListPrice: 900_000, BedroomsTotal: 2 }),
    property({ ListingKey: 'FM202', ListPrice: 1_500_000, BedroomsTotal: 5 }),
    property({ ListingKey: 'FM203', City: 'Duluth', PostalCode: '30096', SubdivisionName: 'Sweetbottom' }),
    property({ ListingKey: 'FM204', StandardStatus: 'Closed', ClosePrice: 777_000, CloseDate: '2026-11-10' }),
    property({ ListingKey: 'FM205', StandardStatus: 'Pending' }),
    property({ ListingKey: 'FM206', PropertyType: 'Residential Lease', ListPrice: 3_200 }),
    property({ ListingKey: 'FM207', ListPrice: 1_000_000, SubdivisionName: 'Seven Oaks' }),
  ])
  await storeListings(env.DB, 'crmls', [
    property({
      ListingKey: 'CR1',
      City: 'Irvine',
      StateOrProvince: 'CA',
      CountyOrParish: 'Orange',
      PostalCode: '92620',
      OriginatingSystemName: 'CRMLS',
      ListPrice: 900_000,
      BedroomsTotal: 4,
    }),
  ])
})

/** The homes a page lists: the keys its cards link to. */
const keysOf = (html: string) =>
  [...html.matchAll(/class="home-card__link" href="[^"]*\/homes\/([\w.-]+)"/g)].map((m) => m[1]!)

describe('GET /homes on a realtor site', () => {
  it('opens on the realtor’s own area, in the realtor’s MLS only', async () => {
    const response = await call('/homes', JANE)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Johns Creek')
    const keys = keysOf(html)
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((key) => key.startsWith('FM'))).toBe(true)
    // The IDX notice: the MLS's disclaimer and the feed's time.
    expect(html).toContain('First Multiple Listing Service')
    // The feed's time, in its market's zone (FMLS: Eastern).
    expect(html).toContain('2026년 11월 26일 오전 10:30 GMT-5')
    expect(response.headers.get('cache-control')).toMatch(/public/)
    expect(response.headers.get('cache-tag')).toContain('feed:fmls')
  })

  it('filters Johns Creek, 3+ beds, $600k–$1.2M, and pages', async () => {
    const first = await (await call('/en/homes?city=Johns+Creek&beds=3&min=600000&max=1200000', JANE)).text()
    const second = await (await call('/en/homes?city=Johns+Creek&beds=3&min=600000&max=1200000&page=2', JANE)).text()
    const one = keysOf(first)
    const two = keysOf(second)
    expect(one).toHaveLength(SEARCH_PAGE_SIZE)
    // 30 in range plus FM207 ($1M, 3 beds, another neighbourhood of the city).
    expect(two).toHaveLength(31 - SEARCH_PAGE_SIZE)
    expect(new Set([...one, ...two]).size).toBe(31)
    for (const excluded of ['FM200', 'FM201', 'FM202', 'FM203', 'FM204', 'FM205', 'FM206'])
      expect([...one, ...two]).not.toContain(excluded)
    expect(first).toContain('31 homes')
    expect(first).toContain('Listings last updated Nov 26, 2026, 10:30 AM EST.')
    expect(first).toMatch(
      /href="\/en\/homes\?city=Johns\+Creek&amp;min=600000&amp;max=1200000&amp;beds=3&amp;page=2" rel="next"/,
    )
  })

  it('sorts by price and shows sold, pending and rentals by status', async () => {
    const low = keysOf(await (await call('/en/homes?city=Johns+Creek&sort=price-low', JANE)).text())
    expect(low[0]).toBe('FM200')
    const sold = await (await call('/en/homes?city=Johns+Creek&status=sold', JANE)).text()
    expect(keysOf(sold)).toEqual(['FM204'])
    // FMLS keeps sold prices off IDX sites (src/lib/mls/rules.ts): the card says Sold, not $777,000.
    expect(sold).not.toContain('$777,000')
    expect(keysOf(await (await call('/en/homes?city=Johns+Creek&status=pending', JANE)).text())).toEqual(['FM205'])
    expect(keysOf(await (await call('/en/homes?city=Johns+Creek&status=rent', JANE)).text())).toEqual(['FM206'])
  })

  it('finds a ZIP and a neighbourhood, and resolves a typed place (in Korean too) to its address', async () => {
    expect(keysOf(await (await call('/en/homes?zip=30096', JANE)).text())).toEqual(['FM203'])
    expect(keysOf(await (await call('/en/homes?area=Seven+Oaks', JANE)).text())).toEqual(['FM207'])
    const typed = await call('/en/homes?place=duluth&beds=2', JANE)
    expect(typed.status).toBe(302)
    expect(typed.headers.get('location')).toBe('/en/homes?city=Duluth&beds=2')
    const korean = await call(`/homes?place=${encodeURIComponent('둘루스')}`, JANE)
    expect(korean.headers.get('location')).toBe('/homes?city=Duluth')
    const zip = await call('/homes?place=30096', JANE)
    expect(zip.headers.get('location')).toBe('/homes?zip=30096')
  })

  it('never lists a California home on a Georgia site: a California place says where it is', async () => {
    const response = await call('/en/homes?place=Irvine', JANE)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Irvine is in California')
    expect(keysOf(html).every((key) => key.startsWith('FM'))).toBe(true)
    const typedCity = await (await call('/en/homes?city=Irvine', JANE)).text()
    expect(keysOf(typedCity)).toEqual([])
    const unknown = await (await call('/homes?place=Atlantis', JANE)).text()
    expect(unknown).toContain('Atlantis')
  })

  it('answers bad filters with a translated 400 that changes nothing', async () => {
    for (const query of [
      'min=abc',
      'min=900000&max=100',
      'beds=99',
      'status=free',
      'page=0',
      'zip=3009',
      'city=%3Cscript%3E',
    ]) {
      const en = await call(`/en/homes?${query}`, JANE)
      expect(en.status, query).toBe(400)
      expect(await en.text()).toContain('This search can&#x27;t be run as written')
      const ko = await call(`/homes?${query}`, JANE)
      expect(ko.status, query).toBe(400)
      expect(await ko.text()).toContain('이 조건으로는 검색할 수 없습니다')
    }
  })
})

describe('GET /homes/{ListingKey}', () => {
  it('renders the home with its gallery, facts, office credit and RealEstateListing JSON-LD', async () => {
    const response = await call('/en/homes/FM110', JANE)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-tag')).toContain('listing:FM110')
    const html = await response.text()
    expect(html).toContain('srcSet="/photos/mls/test/FM110-1-480.png 480w, /photos/mls/test/FM110-1-960.png 960w"')
    expect(html).toContain('Listing courtesy of Peachtree Realty')
    expect(html).toContain('First Multiple Listing Service')
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const listing = ld.find((data) => data['@type'] === 'RealEstateListing')
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      url: 'https://janekim.example/en/homes/FM110',
      offers: { '@type': 'Offer', price: 800_000, priceCurrency: 'USD' },
      mainEntity: {
        '@type': 'SingleFamilyResidence',
        address: { addressLocality: 'Johns Creek', addressRegion: 'GA' },
      },
    })
    expect(html).toContain(
      '<meta property="og:image" content="https://janekim.example/photos/mls/test/FM110-1-960.png"',
    )
  })

  it('is not found for another MLS’s listing, an unknown key or a malformed one', async () => {
    expect((await call('/homes/CR1', JANE)).status).toBe(404)
    expect((await call('/homes/NOPE', JANE)).status).toBe(404)
    expect((await call(`/homes/${'x'.repeat(200)}`, JANE)).status).toBe(404)
    expect((await call('/homes/a%3Cb', JANE)).status).toBe(404)
  })

  it('answers 410 with similar homes once the listing left the market', async () => {
    await env.DB.batch([removeListing(env.DB, 'FM115')])
    const response = await call('/en/homes/FM115', JANE)
    expect(response.status).toBe(410)
    const html = await response.text()
    expect(html).toContain('no longer on the market')
    const similar = keysOf(html)
    expect(similar.length).toBeGreaterThan(0)
    expect(similar).not.toContain('FM115')
    expect(html).toContain('noindex')
    expect(html).toContain('First Multiple Listing Service')
  })
})

describe('the homepage’s listings', () => {
  it('link each card to its home page and carry the MLS’s disclaimer', async () => {
    const html = await (await call('/en', JANE)).text()
    const keys = keysOf(html)
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((key) => key.startsWith('FM'))).toBe(true)
    expect(html).toContain('href="/en/homes?city=Johns+Creek"')
    expect(html).toContain('First Multiple Listing Service')
    expect(html).not.toContain('<option value="Irvine"')
  })
})

describe('a realtor site’s sitemap', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

  it('lists the search and every home page of the site’s MLS, each answering 200', async () => {
    const response = await call('/sitemap.xml', JANE)
    expect(response.status).toBe(200)
    const urls = locs(await response.text())
    expect(urls).toContain('https://janekim.example/homes')
    expect(urls).toContain('https://janekim.example/en/homes')
    const homes = urls.filter((url) => url.includes('/homes/'))
    const { results } = await env.DB.prepare(
      "SELECT listing_key FROM listings WHERE market = 'fmls' AND listing_key IS NOT NULL",
    ).all<{ listing_key: string }>()
    expect(homes).toHaveLength(results.length * 2)
    expect(homes.some((url) => url.includes('CR1'))).toBe(false)
    for (const url of homes) expect((await call(url, JANE)).status, url).toBe(200)
  })

  it('splits into an index of files past one file’s listing ids, each within 50,000 URLs', async () => {
    // A listing with a high id: the ids span three files' ranges.
    await env.DB.prepare(
      `INSERT INTO listings (id, listing_key, deal_type, property_type, property_status, market, state, county, city,
         address, zipcode, price, beds, baths, sqft, listed_at, modification_timestamp)
       VALUES (60000, 'FM60000', 'sale', 'single_family', 'active', 'fmls', 'GA', 'Fulton', 'Johns Creek',
         '1 Far Id Rd', '30097', 700000, 3, 2, 2000, '2026-10-01', '2026-11-01T00:00:00Z')`,
    ).run()
    const index = await (await call('/sitemap.xml', JANE)).text()
    expect(index).toContain('<sitemapindex')
    const files = locs(index)
    expect(files).toEqual([1, 2, 3].map((n) => `https://janekim.example/sitemap.xml?page=${n}`))
    const first = locs(await (await call(files[0]!, JANE)).text())
    expect(first).toContain('https://janekim.example/homes')
    expect(first.some((url) => url.endsWith('/homes/FM100'))).toBe(true)
    const last = locs(await (await call(files[2]!, JANE)).text())
    expect(last).toEqual(['https://janekim.example/homes/FM60000', 'https://janekim.example/en/homes/FM60000'])
    expect((await call('/sitemap.xml?page=4', JANE)).status).toBe(404)
    await env.DB.prepare("DELETE FROM listings WHERE listing_key = 'FM60000'").run()
  })
})
