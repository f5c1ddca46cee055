// Replication from a RESO Web API (docs/decisions/093-reso-replication.md): the real client and steps
// against the loopback fake (scripts/fakes/reso.mjs), with this test's local D1, R2 and Images binding.
// Each case is a feed of its own on the fake; the database's feed checkpoint is cleared between them.
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import type { Bindings } from '../../src/env'
import { feedTag, listingTag } from '../../src/lib/cache'
import { configProblems } from '../../src/lib/config'
import { dataCache } from '../../src/lib/data-cache'
import { purgeListings, replicateFeeds } from '../../src/lib/mls/cron'
import type { ListingPhoto, ResoMedia, ResoProperty } from '../../src/lib/mls/record'
import { type Checkpoint, replicateStep, type StepOptions } from '../../src/lib/mls/replicate'
import { forgetTokens, resoClient } from '../../src/lib/mls/reso-client'
import { keysUnder } from '../../src/lib/realtors/lifecycle'

const origin = inject('resoOrigin')
const fetchImpl = (input: Request | string | URL, init?: RequestInit) => fetch(input, init)
let feedName = ''
let purged: string[] = []
const base = () => `${origin}/feeds/${feedName}`

beforeEach(async () => {
  feedName = `f${crypto.randomUUID().slice(0, 8)}`
  purged = []
  forgetTokens()
  await env.DB.batch([
    env.DB.prepare('DELETE FROM mls_feeds'),
    env.DB.prepare('DELETE FROM listings WHERE listing_key IS NOT NULL'),
  ])
})

const client = () =>
  resoClient(
    {
      baseUrl: `${base()}/odata`,
      tokenUrl: `${base()}/token`,
      clientId: 'fake-reso-client',
      clientSecret: 'fake-reso-secret',
    },
    fetchImpl,
    5000,
  )

function step(options: Partial<StepOptions> = {}) {
  return replicateStep(
    {
      db: env.DB,
      bucket: env.PHOTOS,
      images: env.IMAGES,
      fetch: fetchImpl,
      timeoutMs: 5000,
      client: client(),
      baseUrl: `${base()}/odata`,
      purge: async (keys) => {
        purged.push(...keys)
      },
    },
    'crmls',
    { pageSize: 2, maxPages: 50, ...options },
  )
}

/** A listing as the MLS holds it; `photos` of [MediaKey, width, height, how the fake serves it]. */
type Photo = [string, number, number, ('redirect' | 'gone')?]
function property(key: string, fields: Partial<ResoProperty> = {}, photos: Photo[] = []) {
  return {
    ListingKey: `${feedName}-${key}`,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'Single Family Residence',
    ListPrice: 900_000,
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    UnparsedAddress: `${key} Main St`,
    City: 'Fullerton',
    StateOrProvince: 'CA',
    PostalCode: '92831',
    InternetEntireListingDisplayYN: true,
    Media: photos.map(([MediaKey, ImageWidth, ImageHeight, served], Order) => ({
      MediaKey,
      ImageWidth,
      ImageHeight,
      Order,
      ...(served ? { [served]: true } : {}),
    })),
    ...fields,
  }
}

async function putListings(...properties: ReturnType<typeof property>[]) {
  const response = await fetch(`${base()}/__listings`, { method: 'POST', body: JSON.stringify(properties) })
  expect(response.status).toBe(204)
}
async function dropListing(key: string) {
  expect((await fetch(`${base()}/__listings/${feedName}-${key}`, { method: 'DELETE' })).status).toBe(204)
}
async function control(mode: string, extra: object = {}) {
  const response = await fetch(`${base()}/__control`, { method: 'POST', body: JSON.stringify({ mode, ...extra }) })
  expect(response.status).toBe(204)
}
const stats = async () =>
  (await (await fetch(`${base()}/__stats`)).json()) as {
    tokens: number
    pages: number
    media: Record<string, number>
    urls: string[]
  }

async function rows() {
  const { results } = await env.DB.prepare(
    'SELECT listing_key, list_price, media, image_url FROM listings WHERE listing_key LIKE ? ORDER BY listing_key',
  )
    .bind(`${feedName}-%`)
    .all<{ listing_key: string; list_price: number; media: string; image_url: string | null }>()
  return results.map((row) => ({ ...row, media: JSON.parse(row.media) as ListingPhoto[] }))
}
const keysOf = async () => (await rows()).map((row) => row.listing_key.slice(feedName.length + 1))
const checkpoint = () => env.DB.prepare("SELECT * FROM mls_feeds WHERE feed = 'crmls'").first<Checkpoint>()
const photosInR2 = (key: string) => keysUnder(env.PHOTOS, `mls/crmls/${feedName}-${key}/`)

describe('replication from a RESO Web API', () => {
  it('adds the displayable listings of the feed with their photos in R2 at the widths pages ask for', async () => {
    await putListings(
      property('a', {}, [
        ['a1', 1200, 800],
        ['a2', 2000, 1500],
      ]),
      property('b', { StandardStatus: 'Pending' }, [
        ['b1', 400, 300, 'redirect'],
        ['b2', 400, 300, 'gone'],
      ]),
      property('c', { StandardStatus: 'Withdrawn' }, [['c1', 1200, 800]]),
      property('d', { InternetEntireListingDisplayYN: false }),
      property('e', { ListPrice: 1_250_000 }),
    )
    const result = await step()
    // Three pages of the run, then the first key sweep's one page.
    expect(result).toEqual({ pages: 4, upserted: 3, removed: 0, photos: 3 })
    expect(await keysOf()).toEqual(['a', 'b', 'e'])
    const [a, b] = await rows()
    const sizes = (photo: ListingPhoto | undefined) => photo?.sizes.map((size) => size.width)
    expect(a?.media.map((photo) => [photo.width, photo.height])).toEqual([
      [1200, 800],
      [2000, 1500],
    ])
    expect(sizes(a?.media[0])).toEqual([480, 960, 1200])
    expect(sizes(a?.media[1])).toEqual([480, 960, 1600])
    // b1 through its redirect; b2, which the feed no longer serves, left out.
    expect(b?.media.map(sizes)).toEqual([[400]])
    expect(a?.image_url).toMatch(new RegExp(`^/photos/mls/crmls/${feedName}-a/a1-\\w+-480\\.webp$`))
    // Each size is in R2, at its width; the original kept as it came (a PNG).
    for (const size of a?.media.flatMap((photo) => photo.sizes) ?? []) {
      const object = await env.PHOTOS.get(size.key)
      expect(object, size.key).not.toBeNull()
      const info = await env.IMAGES.info((object as R2ObjectBody).body)
      expect('width' in info && info.width, size.key).toBe(size.width)
    }
    expect(await photosInR2('c')).toEqual([])
    const saved = await checkpoint()
    expect(saved).toMatchObject({ next_link: null, run_started_at: null, last_error: null, retry_after: null })
    expect(saved?.last_updated).not.toBeNull()
    const { urls, media } = await stats()
    expect(decodeURIComponent(urls[0] ?? '')).toBe(
      `/feeds/${feedName}/odata/Property?$orderby=ModificationTimestamp&$expand=Media&$top=2`,
    )
    expect(Object.keys(media).sort()).toEqual(['a/a1', 'a/a2', 'b/b1', 'b/b2'].map((key) => `${feedName}-${key}`))
    expect(purged.sort()).toEqual(['a', 'b', 'e'].map((key) => `${feedName}-${key}`))
  })

  it('applies changes from the high water on, fetches only the photos that changed, and removes what lost IDX display', async () => {
    await putListings(property('a', {}, [['a1', 1200, 800]]), property('b', {}, [['b1', 1200, 800]]))
    await step()
    const firstHigh = (await checkpoint())?.high_water
    purged = []
    await putListings(
      property('a', { ListPrice: 850_000 }, [
        ['a1', 1200, 800],
        ['a3', 800, 600],
      ]),
      property('b', { InternetEntireListingDisplayYN: false }, [['b1', 1200, 800]]),
    )
    expect(await photosInR2('b')).toHaveLength(3)
    const result = await step()
    expect(result).toMatchObject({ upserted: 1, removed: 1 })
    expect(await keysOf()).toEqual(['a'])
    expect((await rows())[0]?.list_price).toBe(850_000)
    expect((await rows())[0]?.media.map((photo) => photo.sizes.map((size) => size.width))).toEqual([
      [480, 960, 1200],
      [480, 800],
    ])
    expect(await photosInR2('b')).toEqual([])
    const { media, urls } = await stats()
    // a1 was fetched once, though its listing changed; a3 once.
    expect(media).toEqual({ [`${feedName}-a/a1`]: 1, [`${feedName}-b/b1`]: 1, [`${feedName}-a/a3`]: 1 })
    expect(decodeURIComponent(urls.at(-1) ?? '')).toContain(`$filter=ModificationTimestamp gt ${firstHigh}`)
    expect(purged.sort()).toEqual([`${feedName}-a`, `${feedName}-b`])

    // A photo the feed dropped is deleted from R2.
    await putListings(property('a', { ListPrice: 840_000 }, [['a3', 800, 600]]))
    await step()
    const before = await photosInR2('a')
    expect(before.map((key) => key.split('/').at(-1))).toEqual([
      expect.stringMatching(/^a3-\w+-480\.webp$/),
      expect.stringMatching(/^a3-\w+-800\.png$/),
    ])

    // A photo the feed replaces under the same MediaKey (a new media timestamp) gets new addresses: /photos/
    // serves a key as immutable, so a browser that kept the old one would otherwise never see the new.
    await putListings(
      property('a', {
        ListPrice: 830_000,
        Media: [
          {
            MediaKey: 'a3',
            ImageWidth: 800,
            ImageHeight: 600,
            Order: 0,
            ModificationTimestamp: '2026-11-20T00:00:00Z',
          } as ResoMedia,
        ],
      }),
    )
    await step()
    const after = await photosInR2('a')
    expect(after).toHaveLength(2)
    expect(after.some((key) => before.includes(key))).toBe(false)
    expect((await rows())[0]?.media[0]?.sizes.map((size) => size.key)).toEqual(after)
  })

  it('removes the listings that left the feed in a key sweep spread over pages', async () => {
    await putListings(...['a', 'b', 'c', 'd', 'e'].map((key) => property(key, {}, [[`${key}1`, 600, 400]])))
    await step({ sweepEveryMs: 60_000 })
    expect(await keysOf()).toEqual(['a', 'b', 'c', 'd', 'e'])
    await dropListing('b')
    await dropListing('e')
    purged = []
    // Not due yet: the sweep of the first step has just finished.
    await step({ sweepEveryMs: 60_000 })
    expect(await keysOf()).toHaveLength(5)
    // Due: pages of two keys, the last one removing what comes after it.
    const result = await step({ sweepEveryMs: 0, sweepPageSize: 2 })
    expect(result.removed).toBe(2)
    expect(await keysOf()).toEqual(['a', 'c', 'd'])
    expect(purged.sort()).toEqual([`${feedName}-b`, `${feedName}-e`])
    expect(await photosInR2('b')).toEqual([])
    expect(await photosInR2('e')).toEqual([])
    expect(await photosInR2('a')).toHaveLength(2)
    const sweeps = (await stats()).urls.map(decodeURIComponent).filter((url) => url.includes('$select=ListingKey'))
    expect(sweeps.slice(-2).map((url) => /\$filter=([^&]*)/.exec(url)?.[1])).toEqual([
      "ListingKey gt ''",
      `ListingKey gt '${feedName}-c'`,
    ])
    expect(await checkpoint()).toMatchObject({ sweep_after: null, last_error: null })
  })

  it('starts no new page once a step has copied its budget of photos, and goes on at the next step', async () => {
    await putListings(...['a', 'b', 'c', 'd', 'e'].map((key) => property(key, {}, [[`${key}1`, 600, 400]])))
    expect(await step({ photoBudget: 3 })).toMatchObject({ pages: 2, upserted: 4, photos: 4 })
    expect(await keysOf()).toEqual(['a', 'b', 'c', 'd'])
    // The next step goes on from the checkpoint; a photo the feed did not change is not counted.
    await putListings(property('a', { ListPrice: 1 }, [['a1', 600, 400]]))
    expect(await step({ photoBudget: 1 })).toMatchObject({ upserted: 2, photos: 1 })
    expect(await keysOf()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(await checkpoint()).toMatchObject({ next_link: null })
  })

  it('stops at a 429 and comes back after Retry-After, changing nothing meanwhile', async () => {
    await putListings(property('a'), property('b'), property('c'))
    await control('throttle', { retryAfter: '120' })
    const before = Date.now()
    expect(await step()).toMatchObject({ pages: 0, stopped: 'throttled' })
    const throttled = await checkpoint()
    expect(Date.parse(throttled?.retry_after ?? '') - before).toBeGreaterThanOrEqual(119_000)
    expect(throttled?.last_error).toContain('throttled')
    expect(await keysOf()).toEqual([])
    // Before the time: not one request.
    const asked = (await stats()).pages
    expect(await step({ now: () => before + 60_000 })).toMatchObject({ pages: 0, stopped: 'waiting' })
    expect((await stats()).pages).toBe(asked)
    // After it: the run, from the start.
    expect(await step({ now: () => before + 121_000 })).toMatchObject({ upserted: 3 })
    expect(await keysOf()).toEqual(['a', 'b', 'c'])
    expect(await checkpoint()).toMatchObject({ retry_after: null, last_error: null })
  })

  it('resumes after a connection dropped mid-page from its checkpoint, losing and repeating no listing', async () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    await putListings(...keys.map((key) => property(key, {}, [[`${key}1`, 600, 400]])))
    expect(await step({ maxPages: 1 })).toMatchObject({ pages: 1, upserted: 2 })
    const afterFirst = await checkpoint()
    expect(afterFirst?.next_link).toContain('$skiptoken=')
    expect(afterFirst?.run_started_at).not.toBeNull()
    // The second page breaks off halfway: nothing of it is applied, the checkpoint stays.
    await control('drop')
    expect(await step()).toMatchObject({ pages: 0, stopped: 'error' })
    expect(await keysOf()).toEqual(['a', 'b'])
    expect(await checkpoint()).toMatchObject({ next_link: afterFirst?.next_link, high_water: afterFirst?.high_water })
    expect((await checkpoint())?.last_error).toMatch(/upstream/i)
    // A listing already replicated changes while the run is under way: it comes again, later in the run.
    await putListings(property('a', { ListPrice: 777_000 }, [['a1', 600, 400]]))
    // A 500 with an OData error body, then the run again from where it stopped.
    await control('error500')
    expect(await step()).toMatchObject({ stopped: 'error' })
    expect((await checkpoint())?.last_error).toContain('The server had an error')
    expect(await step()).toMatchObject({ upserted: 6 })
    expect(await keysOf()).toEqual(keys)
    expect((await rows())[0]?.list_price).toBe(777_000)
    const { media, urls } = await stats()
    for (const key of keys) expect(media[`${feedName}-${key}/${key}1`], key).toBe(1)
    // The page that broke off was asked again with the same link.
    expect(urls.filter((url) => afterFirst?.next_link?.endsWith(url))).toHaveLength(3)
    expect(await checkpoint()).toMatchObject({ next_link: null, run_started_at: null, last_error: null })
  })

  it('drops a next link the feed no longer takes and starts the run again from its high water', async () => {
    await putListings(...['a', 'b', 'c', 'd', 'e'].map((key) => property(key)))
    await step({ maxPages: 1 })
    const { high_water } = (await checkpoint()) as Checkpoint
    const expired = `${base()}/odata/Property?$orderby=ModificationTimestamp&$expand=Media&$top=2&$skiptoken=expired`
    await env.DB.prepare("UPDATE mls_feeds SET next_link = ? WHERE feed = 'crmls'").bind(expired).run()
    expect(await step()).toMatchObject({ pages: 0, stopped: 'error' })
    expect(await checkpoint()).toMatchObject({ next_link: null, run_started_at: null, high_water })
    expect((await checkpoint())?.last_error).toContain('has expired')
    expect(await step()).toMatchObject({ upserted: 3 })
    expect(await keysOf()).toEqual(['a', 'b', 'c', 'd', 'e'])
    const urls = (await stats()).urls.map(decodeURIComponent)
    expect(urls.at(-3)).toContain(`$filter=ModificationTimestamp gt ${high_water}`)
  })

  it('asks for a new bearer once when the feed answers 401, and keeps it between steps', async () => {
    await putListings(property('a'), property('b'), property('c'), property('d'), property('e'))
    await step({ maxPages: 1 })
    await step({ maxPages: 1 })
    expect((await stats()).tokens).toBe(1)
    await control('expireTokens')
    expect(await step({ maxPages: 1 })).toMatchObject({ upserted: 1 })
    expect((await stats()).tokens).toBe(2)
    expect(await keysOf()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('runs from the cron with the feed configured in the environment', async () => {
    await putListings(property('a'), property('b'))
    const vars = {
      RESO_FMLS_BASE_URL: `${base()}/odata`,
      RESO_FMLS_TOKEN_URL: `${base()}/token`,
      RESO_FMLS_CLIENT_ID: 'fake-reso-client',
      RESO_FMLS_CLIENT_SECRET: 'fake-reso-secret',
      RESO_PAGE_SIZE: '1',
      RESO_MAX_PAGES_PER_STEP: '1',
    }
    const results = await replicateFeeds({ ...env, ...vars } as Bindings, fetchImpl)
    expect(Object.keys(results)).toEqual(['fmls'])
    expect(results.fmls).toMatchObject({ pages: 1, upserted: 1 })
    const stored = await env.DB.prepare('SELECT market FROM listings WHERE listing_key = ?')
      .bind(`${feedName}-a`)
      .first<{ market: string }>()
    expect(stored?.market).toBe('fmls')
    expect(await env.DB.prepare("SELECT next_link FROM mls_feeds WHERE feed = 'fmls'").first('next_link')).toContain(
      '$skiptoken=',
    )
  })

  it('purges what the worker cached for a listing the feed changed, by its listing tag, and the feed’s searches', async () => {
    const entry = (key: string, tag: string) => ({ value: key, bytes: 10, tags: [tag], storedAt: Date.now() })
    dataCache.set('home:a', entry('A1', listingTag('A1')))
    dataCache.set('home:b', entry('B1', listingTag('B1')))
    dataCache.set('search:fmls', entry('S1', feedTag('fmls')))
    dataCache.set('search:crmls', entry('S2', feedTag('crmls')))
    await purgeListings(env as Bindings, 'fmls', ['A1'])
    expect(dataCache.get('home:a')).toBeNull()
    expect(dataCache.get('home:b')?.value).toBe('B1')
    expect(dataCache.get('search:fmls')).toBeNull()
    expect(dataCache.get('search:crmls')?.value).toBe('S2')
  })

  it('refuses a feed configured without its token endpoint or client', () => {
    const problems = configProblems({
      ...env,
      RESO_CRMLS_BASE_URL: 'https://api.example-mls.com/odata',
      RESO_CRMLS_TOKEN_URL: 'not a url',
      RESO_CRMLS_CLIENT_ID: 'id',
      RESO_PAGE_SIZE: 'ten',
    } as Bindings)
    expect(problems).toEqual([
      'RESO_CRMLS_TOKEN_URL must be an absolute http(s) URL',
      "RESO_CRMLS_CLIENT_SECRET must be set when RESO_CRMLS_BASE_URL is (the feed's OAuth2 client)",
      'RESO_PAGE_SIZE must be a whole number from 1 to 9999',
    ])
  })
})
