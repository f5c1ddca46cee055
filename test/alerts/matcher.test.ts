// The alert matcher and the alerts it makes (docs/decisions/108-listing-alerts.md): a changed listing finds
// exactly the saved searches whose every filter it meets, through the saved_searches_match index; a home is
// matched once per search, ever; off searches, unconfirmed buyers, deleted listings and changes older than
// the search match nothing; alerts are made per frequency (instant at once, daily and weekly after their wait).
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDueAlerts, DAY_MS } from '../../src/lib/alerts/create'
import { MATCH_SQL, matchAll, matchChanges } from '../../src/lib/alerts/match'
import { property, storeListings } from '../fixtures/mls'
import { clearAlerts, makeBuyer, makeSearch, matchesOf } from './fixtures'

beforeEach(clearAlerts)

const HOME = property({ ListingKey: 'JC-1', ListPrice: 800_000, BedroomsTotal: 3, BathroomsTotalInteger: 2 })

describe('matching a changed listing', () => {
  it('finds the searches of its city, ZIP, neighbourhood and whole market whose filters it meets, and no other', async () => {
    const buyer = await makeBuyer()
    const yes = {
      city: await makeSearch(buyer, { placeKind: 'city', placeKey: 'johns creek' }),
      zip: await makeSearch(buyer, { placeKind: 'zip', placeKey: '30097' }),
      area: await makeSearch(buyer, { placeKind: 'area', placeKey: 'medlock bridge' }),
      all: await makeSearch(buyer, { placeKind: 'all', placeKey: '' }),
      priceRange: await makeSearch(buyer, { minPrice: 700_000, maxPrice: 1_200_000 }),
      rooms: await makeSearch(buyer, { beds: 3, baths: 2 }),
      type: await makeSearch(buyer, { propertyType: 'single_family' }),
      daily: await makeSearch(buyer, { frequency: 'daily' }),
    }
    const no = {
      otherCity: await makeSearch(buyer, { placeKey: 'duluth' }),
      otherZip: await makeSearch(buyer, { placeKind: 'zip', placeKey: '30096' }),
      otherArea: await makeSearch(buyer, { placeKind: 'area', placeKey: 'st ives' }),
      otherMarket: await makeSearch(buyer, { market: 'crmls', placeKind: 'all', placeKey: '' }),
      tooCheap: await makeSearch(buyer, { maxPrice: 799_999 }),
      tooDear: await makeSearch(buyer, { minPrice: 800_001 }),
      beds: await makeSearch(buyer, { beds: 4 }),
      baths: await makeSearch(buyer, { baths: 3 }),
      type: await makeSearch(buyer, { propertyType: 'condo' }),
      rent: await makeSearch(buyer, { dealType: 'rent' }),
      pending: await makeSearch(buyer, { propertyStatus: 'pending' }),
      off: await makeSearch(buyer, { frequency: 'off' }),
      unconfirmed: await makeSearch(await makeBuyer({ confirmed: false })),
      newer: await makeSearch(buyer, { createdAt: '2999-01-01T00:00:00.000Z' }),
    }
    await storeListings(env.DB, 'fmls', [HOME])
    const pass = await matchChanges(env.DB)
    expect(pass).toMatchObject({ changes: 1, matches: Object.keys(yes).length })
    for (const [what, id] of Object.entries(yes))
      expect(await matchesOf(id), what).toEqual([{ listingKey: 'JC-1', kind: 'new', alertId: null }])
    for (const [what, id] of Object.entries(no)) expect(await matchesOf(id), what).toEqual([])
    // The queue is drained.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM listing_changes').first('n')).toBe(0)
  })

  it('never matches a home twice for a search: a later price change of a matched home adds nothing', async () => {
    const search = await makeSearch(await makeBuyer())
    await storeListings(env.DB, 'fmls', [HOME])
    await matchAll(env.DB)
    await storeListings(env.DB, 'fmls', [
      { ...HOME, ListPrice: 790_000, ModificationTimestamp: '2026-11-02T10:00:00Z' },
    ])
    // The trigger saw a price change …
    expect(await env.DB.prepare('SELECT kind FROM listing_changes').first('kind')).toBe('price')
    expect(await matchAll(env.DB)).toMatchObject({ changes: 1, matches: 0 })
    expect(await matchesOf(search)).toEqual([{ listingKey: 'JC-1', kind: 'new', alertId: null }])
  })

  it('a price change brings a home into a search it now meets, as a price change', async () => {
    const search = await makeSearch(await makeBuyer(), { maxPrice: 750_000 })
    await storeListings(env.DB, 'fmls', [HOME])
    await matchAll(env.DB)
    expect(await matchesOf(search)).toEqual([])
    await storeListings(env.DB, 'fmls', [
      { ...HOME, ListPrice: 740_000, ModificationTimestamp: '2026-11-02T10:00:00Z' },
    ])
    await matchAll(env.DB)
    expect(await matchesOf(search)).toEqual([{ listingKey: 'JC-1', kind: 'price', alertId: null }])
  })

  it('skips a listing deleted before matching, and still drains its change', async () => {
    const search = await makeSearch(await makeBuyer())
    await storeListings(env.DB, 'fmls', [HOME])
    await env.DB.prepare("DELETE FROM listings WHERE listing_key = 'JC-1'").run()
    expect(await matchAll(env.DB)).toMatchObject({ changes: 1, matches: 0 })
    expect(await matchesOf(search)).toEqual([])
  })

  it('only counts changes made after the search was saved', async () => {
    await storeListings(env.DB, 'fmls', [HOME])
    const later = await makeSearch(await makeBuyer(), { createdAt: new Date(Date.now() + 60_000).toISOString() })
    await matchAll(env.DB)
    expect(await matchesOf(later)).toEqual([])
  })

  it('takes changes in bounded batches, newest first (a new home is not held behind a backlog)', async () => {
    const search = await makeSearch(await makeBuyer())
    await storeListings(
      env.DB,
      'fmls',
      Array.from({ length: 5 }, (_, i) => property({ ListingKey: `JC-B${i}` })),
    )
    expect(await matchChanges(env.DB, 2)).toMatchObject({ changes: 2, matches: 2 })
    expect((await matchesOf(search)).map((m) => m.listingKey)).toEqual(['JC-B3', 'JC-B4'])
    expect(await matchAll(env.DB, { limit: 2 })).toMatchObject({ changes: 3, matches: 3 })
    expect((await matchesOf(search)).map((m) => m.listingKey)).toEqual(['JC-B0', 'JC-B1', 'JC-B2', 'JC-B3', 'JC-B4'])
  })

  it('reads the searches through saved_searches_match, never a scan of saved_searches', async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${MATCH_SQL}`).bind(1, 1).all<{ detail: string }>()
    const plan = results.map((row) => row.detail)
    expect(
      plan.filter((row) =>
        row.includes(
          'SEARCH s USING INDEX saved_searches_match (market=? AND place_kind=? AND place_key=? AND deal_type=? AND property_status=?)',
        ),
      ).length,
      plan.join('\n'),
    ).toBe(4)
    expect(plan.filter((row) => /^SCAN (s|saved_searches|l|listings|b|buyers)\b/.test(row))).toEqual([])
  })
})

describe('alerts per frequency', () => {
  const NOW = Date.parse('2026-11-27T12:00:00.000Z')

  async function waiting(frequency: 'instant' | 'daily' | 'weekly', lastAlertAt: string | null) {
    const search = await makeSearch(await makeBuyer(), { frequency, lastAlertAt })
    return search
  }

  it('instant: an alert at once, its matches marked, one delivery to the buyer’s email, last_alert_at set', async () => {
    const search = await waiting('instant', new Date(NOW - 60_000).toISOString())
    await storeListings(env.DB, 'fmls', [HOME, property({ ListingKey: 'JC-2' })])
    await matchAll(env.DB)
    const ids = await createDueAlerts(env.DB, { now: NOW })
    expect(ids).toHaveLength(1)
    const matches = await matchesOf(search)
    expect(matches.map((m) => m.alertId)).toEqual([ids[0], ids[0]])
    const deliveries = await env.DB.prepare(
      "SELECT destination, status FROM deliveries WHERE topic = 'alert' AND message_id = ?",
    )
      .bind(ids[0])
      .all()
    expect(deliveries.results).toEqual([{ destination: 'buyer-email', status: 'pending' }])
    expect(
      await env.DB.prepare('SELECT last_alert_at FROM saved_searches WHERE id = ?').bind(search).first('last_alert_at'),
    ).toBe(new Date(NOW).toISOString())
    // Nothing waits any more: the next pass makes no alert.
    expect(await createDueAlerts(env.DB, { now: NOW + 1000 })).toEqual([])
  })

  it('daily waits a day after its last alert, weekly a week; a first alert goes at once', async () => {
    const daily = await waiting('daily', new Date(NOW - 2 * 60 * 60_000).toISOString())
    const weekly = await waiting('weekly', new Date(NOW - 2 * DAY_MS).toISOString())
    const firstDaily = await waiting('daily', null)
    await storeListings(env.DB, 'fmls', [HOME])
    await matchAll(env.DB)
    const now = await createDueAlerts(env.DB, { now: NOW })
    expect(now).toHaveLength(1)
    expect(await env.DB.prepare('SELECT search_id FROM alerts WHERE id = ?').bind(now[0]).first('search_id')).toBe(
      firstDaily,
    )
    // A day later the daily search is due, the weekly not yet.
    const tomorrow = await createDueAlerts(env.DB, { now: NOW + DAY_MS })
    expect(tomorrow).toHaveLength(1)
    expect(await env.DB.prepare('SELECT search_id FROM alerts WHERE id = ?').bind(tomorrow[0]).first('search_id')).toBe(
      daily,
    )
    const nextWeek = await createDueAlerts(env.DB, { now: NOW + 6 * DAY_MS })
    expect(nextWeek).toHaveLength(1)
    expect(await env.DB.prepare('SELECT search_id FROM alerts WHERE id = ?').bind(nextWeek[0]).first('search_id')).toBe(
      weekly,
    )
  })

  it('makes none for a buyer who has not confirmed or a search turned off since matching', async () => {
    const unconfirmed = await makeBuyer()
    const search = await makeSearch(unconfirmed)
    const off = await makeSearch(await makeBuyer())
    await storeListings(env.DB, 'fmls', [HOME])
    await matchAll(env.DB)
    expect((await matchesOf(search)).length).toBe(1)
    await env.DB.batch([
      env.DB.prepare('UPDATE buyers SET confirmed_at = NULL WHERE id = ?').bind(unconfirmed),
      env.DB.prepare("UPDATE saved_searches SET frequency = 'off' WHERE id = ?").bind(off),
    ])
    expect(await createDueAlerts(env.DB, { now: NOW })).toEqual([])
  })

  it('is bounded per pass: the rest wait for the next', async () => {
    for (let i = 0; i < 3; i++) await makeSearch(await makeBuyer())
    await storeListings(env.DB, 'fmls', [HOME])
    await matchAll(env.DB)
    expect(await createDueAlerts(env.DB, { now: NOW, limit: 2 })).toHaveLength(2)
    expect(await createDueAlerts(env.DB, { now: NOW, limit: 2 })).toHaveLength(1)
  })
})
