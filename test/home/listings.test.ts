import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import listingsSql from '../../seed/0004_listings.sql?raw'
import type { HomePage } from '../../src/lib/listings/query'
import { createApp } from '../../src/worker'
import { fakeUpstream, silentUpstream } from '../fixtures/upstream'
import { call } from '../helpers'

beforeAll(async () => {
  await env.DB.batch(splitSql(listingsSql).map((sql: string) => env.DB.prepare(sql)))
})

async function json(path: string) {
  const response = await call(path)
  return { response, body: (await response.json()) as HomePage & { error?: { fields: { path: string }[] } } }
}

describe('GET /cozying-api/v1/home/list', () => {
  it('applies the §9 defaults: sale, single_family, active, page 0, 15 per group, CA, Irvine, with images', async () => {
    const { response, body } = await json('/cozying-api/v1/home/list')
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('cache-control')).toMatch(/public/)
    expect(body.currentPage).toBe(0)
    expect(body.homesPerGroup).toBe(15)
    expect(body.homes.length).toBeGreaterThan(0)
    for (const home of body.homes) {
      expect(home).toMatchObject({
        dealType: 'sale',
        propertyType: 'single_family',
        propertyStatus: 'active',
        state: 'CA',
        city: 'Irvine',
      })
      expect(home.imageUrl).toBeTruthy()
    }
    const dates = body.homes.map((h) => h.listedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('filters by city and pages', async () => {
    const all = await json('/cozying-api/v1/home/list?city=Suwanee&state=GA&propertyType=all&isImageNull=Y')
    expect(all.body.homes.every((h) => h.city === 'Suwanee')).toBe(true)
    const first = await json(
      '/cozying-api/v1/home/list?city=Suwanee&state=GA&propertyType=all&isImageNull=Y&homesPerGroup=1',
    )
    const second = await json(
      '/cozying-api/v1/home/list?city=Suwanee&state=GA&propertyType=all&isImageNull=Y&homesPerGroup=1&currentPage=1',
    )
    expect(first.body.total).toBe(all.body.total)
    expect(first.body.homes[0]?.id).not.toBe(second.body.homes[0]?.id)
  })

  it.each([
    'type=buy',
    'state=NY',
    'homesPerGroup=0',
    'homesPerGroup=1000',
    'currentPage=-1',
    'isImageNull=maybe',
    'city=%3Cscript%3E',
  ])('refuses %s with 400 naming the field', async (query) => {
    const { response, body } = await json(`/cozying-api/v1/home/list?${query}`)
    expect(response.status).toBe(400)
    expect(body.error?.fields[0]?.path).toBe(query.split('=')[0])
  })
})

describe('GET /cozying-api/v1/agent', () => {
  it('answers the realtor deals of one search type by license number and market', async () => {
    for (const searchType of ['sale', 'rent', 'sold', 'rented']) {
      const { body } = await json(
        `/cozying-api/v1/agent?licenseNumber=${encodeURIComponent('DRE #02011427')}&market=crmls&searchType=${searchType}`,
      )
      expect(body.homes.length).toBeGreaterThan(0)
      expect(body.homes.every((h) => h.dealType === searchType)).toBe(true)
    }
    const other = await json(
      `/cozying-api/v1/agent?licenseNumber=${encodeURIComponent('DRE #02011427')}&market=fmls&searchType=sale`,
    )
    expect(other.body.homes).toEqual([])
  })

  it('needs a license number, a market and a search type', async () => {
    const { response, body } = await json('/cozying-api/v1/agent?market=crmls')
    expect(response.status).toBe(400)
    expect(body.error?.fields.map((f) => f.path).sort()).toEqual(['licenseNumber', 'searchType'])
  })
})

describe('the embedded MLS (seed/0004_listings.sql, docs/decisions/095-embedded-mls.md)', () => {
  it('answers a Korean-American hub outside §9 in its own county, each card on its first photo at 480 px', async () => {
    const { response, body } = await json('/cozying-api/v1/home/list?city=Fullerton&state=CA&homesPerGroup=60')
    expect(response.status).toBe(200)
    expect(body.total).toBeGreaterThan(20)
    for (const home of body.homes) {
      expect(home).toMatchObject({ city: 'Fullerton', state: 'CA', county: 'Orange', dealType: 'sale' })
      expect(home.imageUrl).toMatch(/^\/photos\/mls\/seed\/front-\d{2}-480\.png$/)
    }
  })

  it("keeps Jane Kim's deals of each search type in Georgia, and none in California", async () => {
    const license = encodeURIComponent('GA #358812')
    for (const searchType of ['sale', 'rent', 'sold', 'rented']) {
      const { body } = await json(`/cozying-api/v1/agent?licenseNumber=${license}&market=fmls&searchType=${searchType}`)
      expect(body.homes.length, searchType).toBeGreaterThan(0)
      expect(body.homes.every((h) => h.state === 'GA' && h.dealType === searchType)).toBe(true)
    }
    const sale = await json(`/cozying-api/v1/agent?licenseNumber=${license}&market=fmls&searchType=sale`)
    expect(sale.body.homes.filter((h) => h.city === 'Johns Creek' && h.beds >= 3).length).toBeGreaterThanOrEqual(5)
    const california = await json(`/cozying-api/v1/agent?licenseNumber=${license}&market=crmls&searchType=sale`)
    expect(california.body.homes).toEqual([])
  })

  it('stores every row as the mapping writes it: a RESO key and status, and the card photo its first Media', async () => {
    const { results } = await env.DB.prepare(
      `SELECT market, originating_system_name AS system, standard_status AS status, deal_type AS deal, count(*) AS n,
         sum(listing_key IS NULL) AS keyless,
         sum(image_url IS NOT '/photos/' || json_extract(media, '$[0].sizes[0].key')) AS other_photo,
         sum(json_array_length(media) NOT BETWEEN 4 AND 8) AS odd_media,
         sum((close_price IS NOT NULL) IS NOT (standard_status = 'Closed')) AS odd_close
       FROM listings GROUP BY 1, 2, 3, 4`,
    ).all<Record<string, string | number>>()
    expect(results.reduce((n, row) => n + Number(row.n), 0)).toBeGreaterThan(3000)
    for (const row of results) {
      expect(row).toMatchObject({ keyless: 0, other_photo: 0, odd_media: 0, odd_close: 0 })
      expect(row.system).toBe(row.market === 'crmls' ? 'CRMLS' : 'FMLS')
    }
    expect(new Set(results.map((row) => `${row.deal}/${row.status}`))).toEqual(
      new Set([
        'sale/Active',
        'sale/Active Under Contract',
        'sale/Pending',
        'sold/Closed',
        'rent/Active',
        'rent/Pending',
        'rented/Closed',
      ]),
    )
  })
})

describe('listings in upstream mode (LISTINGS_API_ORIGIN)', () => {
  const vars = { ...env, LISTINGS_API_ORIGIN: 'https://listings.example', UPSTREAM_TIMEOUT_MS: '50' }

  it('proxies the validated query without a token and passes the homes through', async () => {
    const upstream = fakeUpstream(() =>
      Response.json({ homes: [{ id: 7 }], total: 1, currentPage: 0, homesPerGroup: 15 }),
    )
    const app = createApp({ upstreamFetch: upstream.fetch })
    const response = await app.request(
      '/cozying-api/v1/home/list?city=Tustin',
      { headers: { authorization: 'Bearer x' } },
      vars,
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as HomePage).homes).toEqual([{ id: 7 }])
    const sent = new URL(upstream.requests[0]!.url)
    expect(sent.origin + sent.pathname).toBe('https://listings.example/cozying-api/v1/home/list')
    expect(sent.searchParams.get('city')).toBe('Tustin')
    expect(sent.searchParams.get('homesPerGroup')).toBe('15')
    expect(upstream.requests[0]!.headers.get('authorization')).toBeNull()
  })

  it.each([
    ['a 500', () => fakeUpstream(() => new Response('secret stack', { status: 500 })), 502],
    ['a body without homes', () => fakeUpstream(() => Response.json({ nope: 1 })), 502],
    ['a timeout', () => silentUpstream(), 504],
  ])('answers %s with a clean JSON gateway error', async (_, upstream, status) => {
    const app = createApp({ upstreamFetch: upstream().fetch })
    const response = await app.request('/cozying-api/v1/home/list', {}, vars)
    expect(response.status).toBe(status)
    const text = await response.text()
    expect(text).not.toContain('secret stack')
    expect(JSON.parse(text).error.code).toBeTruthy()
  })
})
