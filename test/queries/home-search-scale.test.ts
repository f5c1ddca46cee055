// Every home search filter combination reads its shape's index at 1,000,000 listings (issue 30, decision 097):
// place kind (the whole market, a city, a ZIP, a neighbourhood) × status × order × each subset of {min, max,
// beds, baths, type}, each count and page explained without statistics and again after ANALYZE: the count
// reads the index alone (covering), the page reads it in order (no sort), and nothing scans `listings`. Then
// every combination runs once against the million rows and the slowest are printed (measured, not asserted:
// the machine is shared).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { LISTINGS_MAX_DEPTH } from '../../src/lib/listings/source'
import {
  HOME_SORTS,
  HOME_STATUSES,
  type HomeSearch,
  type Place,
  runHomeSearch,
  SEARCH_PAGE_SIZE,
  searchIndex,
  searchStatements,
} from '../../src/lib/mls/search'
import { listingsStatement } from './scale-data'

const LISTINGS = 1_000_000

/**
 * Places of the scale data's crmls listings: Irvine is i % 10 = 0 (100,000 homes of every deal); ZIP 91200
 * (i = 1200 + 10,000k: 100 homes for sale) and Irvine Park 20 (4,000 homes of every deal) hold i = 1200.
 */
const PLACES: (Place | null)[] = [
  null,
  { kind: 'city', name: 'Irvine' },
  { kind: 'zip', name: '91200' },
  { kind: 'area', name: 'Irvine Park 20' },
]

const FILTERS = ['minPrice', 'maxPrice', 'beds', 'baths', 'type'] as const
const VALUES = { minPrice: 500_000, maxPrice: 900_000, beds: 3, baths: 2, type: 'condo' } as const

function combinations(): HomeSearch[] {
  const searches: HomeSearch[] = []
  for (const place of PLACES)
    for (const status of HOME_STATUSES)
      for (const sort of HOME_SORTS)
        for (let subset = 0; subset < 1 << FILTERS.length; subset++) {
          const on = (filter: (typeof FILTERS)[number]) => (subset & (1 << FILTERS.indexOf(filter))) !== 0
          searches.push({
            feed: 'crmls',
            place,
            status,
            sort,
            minPrice: on('minPrice') ? VALUES.minPrice : null,
            maxPrice: on('maxPrice') ? VALUES.maxPrice : null,
            beds: on('beds') ? VALUES.beds : null,
            baths: on('baths') ? VALUES.baths : null,
            type: on('type') ? VALUES.type : null,
            // A middle page: its OFFSET is what a deep page reads.
            page: subset % 3 === 0 ? 3 : 1,
          })
        }
  return searches
}

const SEARCHES = combinations()

const label = (search: HomeSearch) =>
  [
    search.place ? `${search.place.kind}=${search.place.name}` : 'all',
    search.status,
    search.sort,
    ...FILTERS.filter((filter) => search[filter] !== null).map((filter) => `${filter}=${search[filter]}`),
    `page=${search.page}`,
  ].join(' ')

async function plan(sql: string, binds: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...binds)
    .all<{ detail: string }>()
  return results.map((row) => row.detail)
}

/** What is wrong with a combination's two plans: empty when both read its index as intended. */
async function problems(search: HomeSearch): Promise<string[]> {
  const sql = searchStatements(search)
  const index = searchIndex(search)
  const found: string[] = []
  const count = await plan(sql.count, sql.binds)
  const rows = await plan(sql.rows, [...sql.binds, sql.limit, sql.offset])
  // The equality prefix every search has: the market, the place's column, the deal and its status.
  const place = search.place ? `${{ city: 'city', zip: 'zipcode', area: 'subdivision' }[search.place.kind]}=? AND ` : ''
  const prefix = `(market=? AND ${place}deal_type=? AND property_status=?`
  if (!count.some((row) => row.startsWith(`SEARCH listings USING COVERING INDEX ${index} ${prefix}`)))
    found.push(`count: ${count.join('; ')}`)
  if (!rows.some((row) => row.startsWith(`SEARCH listings USING INDEX ${index} ${prefix}`)))
    found.push(`page: ${rows.join('; ')}`)
  for (const row of [...count, ...rows])
    if (/^SCAN listings|TEMP B-TREE/.test(row)) found.push(`${row} (${sql.rows.replace(/\s+/g, ' ').slice(-160)})`)
  return found.map((problem) => `${label(search)}: ${problem}`)
}

async function everyProblem(): Promise<string[]> {
  const found: string[] = []
  for (const search of SEARCHES) found.push(...(await problems(search)))
  return found
}

beforeAll(async () => {
  const started = Date.now()
  await env.DB.batch([env.DB.prepare('DELETE FROM listings'), listingsStatement(env.DB, LISTINGS, 10_000)])
  console.log(`[home-search-scale] ${LISTINGS.toLocaleString('en')} listings in ${Date.now() - started} ms`)
}, 900_000)

describe(`home search over ${LISTINGS.toLocaleString('en')} listings`, () => {
  it('holds a million listings, of every place the combinations name', async () => {
    const row = await env.DB.prepare(
      `SELECT COUNT(*) AS n, SUM(city = 'Irvine') AS city, SUM(zipcode = '91200') AS zip,
         SUM(subdivision = 'Irvine Park 20') AS area FROM listings`,
    ).first<{ n: number; city: number; zip: number; area: number }>()
    expect(row).toEqual({ n: LISTINGS, city: LISTINGS / 10, zip: LISTINGS / 10_000, area: LISTINGS / 250 })
    // 4 places × 4 statuses × 3 orders × 32 subsets of the five optional filters.
    expect(SEARCHES.length).toBe(4 * 4 * 3 * 32)
  }, 120_000)

  it('every combination counts on its covering index and pages it in order, without statistics', async () => {
    expect(await everyProblem()).toEqual([])
  }, 300_000)

  it('and with the statistics ANALYZE gathers over the million rows', async () => {
    await env.DB.prepare('ANALYZE').run()
    expect(await everyProblem()).toEqual([])
  }, 600_000)

  it('a dropped filter column would be caught: a search by address is a scan', async () => {
    const rows = await plan('SELECT id FROM listings WHERE address = ? ORDER BY price LIMIT 24', ['1 Main St'])
    expect(rows.join('\n')).toMatch(/SCAN listings/)
  })

  it('every combination answers within its depth limit; the slowest are printed', async () => {
    const timed: { label: string; ms: number; total: number; homes: number }[] = []
    for (const search of SEARCHES) {
      const started = performance.now()
      const results = await runHomeSearch(env.DB, search)
      timed.push({
        label: label(search),
        ms: performance.now() - started,
        total: results.total,
        homes: results.homes.length,
      })
      expect(results.total).toBeLessThanOrEqual(LISTINGS_MAX_DEPTH)
      expect(results.homes.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE)
    }
    // The data has homes for the broad searches: a query that silently matched nothing would pass the plans.
    expect(timed.filter((t) => t.total >= LISTINGS_MAX_DEPTH).length).toBeGreaterThan(100)
    timed.sort((a, b) => b.ms - a.ms)
    const median = timed[Math.floor(timed.length / 2)]!.ms
    console.log(
      `[home-search-scale] ${timed.length} searches (count + page + feed time, one batch each), median ${median.toFixed(1)} ms; slowest:\n${timed
        .slice(0, 12)
        .map((t) => `  ${t.ms.toFixed(1)} ms  total ${t.total}  homes ${t.homes}  ${t.label}`)
        .join('\n')}`,
    )
  }, 600_000)
})
