// The addresses a realtor's pages give search engines and visitors: every canonical, hreflang, og:url
// and sitemap entry of every realtor answers 200, case variants of an address move to the stored one,
// sitemaps list only pages worth indexing, and the samples are noindex.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import listingsSql from '../../seed/0004_listings.sql?raw'
import { createApp } from '../../src/worker'
import { FIXTURE_REALTORS, fixtureRealtor, fixtureStore } from '../fixtures/fixture-realtors'
import { call } from '../helpers'

beforeAll(async () => {
  await env.DB.batch(splitSql(listingsSql).map((sql: string) => env.DB.prepare(sql)))
})

/** The D1 fixtures (two realtors on their own domains) and a realtor under a path of the provider's host. */
const PATH_TENANT = fixtureRealtor({ id: 78, desiredUrl: 'sophia-lee', name: 'Sophia Lee', hompageUrl: '' })
const app = createApp({ realtors: () => fixtureStore([...FIXTURE_REALTORS, PATH_TENANT]) })

/** Every absolute URL a page or sitemap names for search engines and link previews. */
function namedUrls(text: string): string[] {
  const patterns = [
    /<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g,
    /<meta property="og:url" content="([^"]+)"/g,
    /<loc>([^<]+)<\/loc>/g,
    /hreflang="[^"]+" href="([^"]+)"/g,
  ]
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!))
}

/** A GET of an absolute URL through the worker, on the host it names. */
async function fetchNamed(url: string) {
  const { host, pathname, search } = new URL(url)
  return call(`${pathname}${search}`, { host, app })
}

describe('every URL a realtor page names', () => {
  it.each([...FIXTURE_REALTORS, PATH_TENANT].map((realtor) => [realtor.desiredUrl]))(
    'answers 200 for %s, in both locales',
    async (desiredUrl) => {
      const seen = new Set<string>()
      const pages = [`/${desiredUrl}`, `/en/${desiredUrl}`, `/${desiredUrl}/process`, `/en/${desiredUrl}/terms`]
      for (const path of [...pages, `/${desiredUrl}/sitemap.xml`]) {
        const response = await call(path, { app })
        expect(response.status, path).toBe(200)
        for (const url of namedUrls(await response.text())) seen.add(url)
      }
      expect(seen.size).toBeGreaterThanOrEqual(6)
      // The sitemap names every home page of the realtor's MLS (thousands): the site's own pages all, and the
      // first homes of each locale (test/home/home-search.test.ts follows every home of a sitemap).
      const homes = [...seen].filter((url) => url.includes('/homes/'))
      const named = [...[...seen].filter((url) => !url.includes('/homes/')), ...homes.slice(0, 12)]
      for (const url of named) expect((await fetchNamed(url)).status, url).toBe(200)
    },
  )

  it('names /en/sophia-lee, never /sophia-lee/en, for a realtor without a domain', async () => {
    const html = await (await call('/sophia-lee', { app })).text()
    expect(html).toContain('hrefLang="en" href="http://127.0.0.1:8787/en/sophia-lee"')
    expect(html).not.toContain('/sophia-lee/en')
  })
})

describe('case variants of an address', () => {
  it.each([
    ['/JaneKim', '/janekim'],
    ['/en/JANEKIM', '/en/janekim'],
    ['/JaneKim/terms?x=1', '/janekim/terms?x=1'],
  ])('%s moves for good to %s', async (path, location) => {
    const response = await call(path)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(location)
  })
})

describe('what search engines are told', () => {
  it('keeps the samples out of search results', async () => {
    for (const path of ['/janekim/gsap_sample', '/en/janekim/pinia_sample']) {
      const html = await (await call(path)).text()
      expect(html, path).toContain('<meta name="robots" content="noindex"/>')
    }
    expect(await (await call('/janekim')).text()).not.toContain('noindex')
  })
})

describe('a realtor active in both CA and GA', () => {
  it('shows their deals in every market: the API takes an empty market', async () => {
    const both = fixtureRealtor({
      id: 77,
      desiredUrl: 'both-states',
      name: 'Both States',
      licenseNumber: 'DRE #02011427',
      activityRegion: [
        { state: 'CA', city: 'Irvine', neighborhood: '', zipcode: '' },
        { state: 'GA', city: 'Suwanee', neighborhood: '', zipcode: '' },
      ],
    })
    const app = createApp({ realtors: () => fixtureStore([both]) })
    const html = await (await call('/en/both-states', { app })).text()
    expect(html).toContain('data-island="AgentListings"')
    const api = await call(
      `/cozying-api/v1/agent?licenseNumber=${encodeURIComponent('DRE #02011427')}&market=&searchType=sale`,
    )
    expect(api.status).toBe(200)
    const homes = ((await api.json()) as { homes: { market: string }[] }).homes
    expect(homes.length).toBeGreaterThan(0)
  })
})
