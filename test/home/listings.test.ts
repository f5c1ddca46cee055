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
