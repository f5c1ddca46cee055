// The listings API's cost does not follow the table's size (docs/decisions/057-query-plans.md): over 100,000
// homes, every filter and page reads at most its depth limit of rows for the page and as many for the total,
// and a page deep in a city reads what that depth needs, never the city; the same requests with ten times
// fewer homes read the same rows once both sizes fill the limit.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { dataCache } from '../../src/lib/data-cache'
import type { HomePage } from '../../src/lib/listings/query'
import { LISTINGS_MAX_DEPTH } from '../../src/lib/listings/source'
import worker from '../../src/worker'
import { ORIGIN } from '../helpers'
import { type Recorded, recordingD1 } from './recorder'
import { listingsStatement } from './scale-data'

const QUERIES = [
  '/cozying-api/v1/home/list?city=Irvine',
  '/cozying-api/v1/home/list?city=Irvine&propertyType=all&propertyStatus=all&homesPerGroup=60&currentPage=15',
  '/cozying-api/v1/home/list?city=Suwanee&state=GA&propertyType=condo&propertyStatus=all&currentPage=4',
  '/cozying-api/v1/home/list?city=Irvine&county=Orange&type=rent&propertyType=all&isImageNull=Y&currentPage=9',
  '/cozying-api/v1/home/list?city=Irvine&propertyType=townhouse&propertyStatus=closed&currentPage=2',
  '/cozying-api/v1/home/list?city=Irvine&propertyType=all&propertyStatus=all&currentPage=1000&homesPerGroup=60',
  '/cozying-api/v1/home/list?city=Irvine&propertyType=all&propertyStatus=pending&currentPage=3',
  '/cozying-api/v1/home/list?city=Irvine&county=Nowhere&propertyType=all',
  '/cozying-api/v1/agent?licenseNumber=SCALE-7&searchType=sale',
  '/cozying-api/v1/agent?licenseNumber=SCALE-7&searchType=sale&market=fmls&currentPage=1',
]

/** Each query's answer and the rows its statements read; a new query string each time (no cache hit). */
type Measured = { page: HomePage; rowsRead: number; log: Recorded[] }

async function measure(round: string): Promise<Measured[]> {
  const measured: Measured[] = []
  for (const query of QUERIES) {
    const log: Recorded[] = []
    const ctx = createExecutionContext()
    const response = await worker.fetch(
      new Request(`${ORIGIN}${query}&round=${round}`, { headers: { host: new URL(ORIGIN).host } }),
      { ...env, DB: recordingD1(env.DB, log) },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(response.status, query).toBe(200)
    measured.push({
      page: (await response.json()) as HomePage,
      rowsRead: log.reduce((sum, entry) => sum + (entry.rowsRead ?? 0), 0),
      log,
    })
  }
  return measured
}

let small: Measured[]
let large: Measured[]

beforeAll(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM listings'), listingsStatement(env.DB, 10_000, 1_000)])
  small = await measure('small')
  await env.DB.batch([env.DB.prepare('DELETE FROM listings'), listingsStatement(env.DB, 100_000, 1_000)])
  // A new size's answers, not the last one's kept in the isolate's data cache.
  dataCache.clear()
  large = await measure('large')
}, 120_000)

/**
 * What a query may read at most: D1 counts an index entry and its row as two reads, for the rows up to the
 * page's end and the counted ones, all matches (a few homes without a photo skipped): a bound set by the
 * page and the depth limit, not by the table.
 */
function bound(query: string, total: number): number {
  const params = new URL(query, ORIGIN).searchParams
  const perPage = Number(params.get('homesPerGroup') ?? 15)
  const pageEnd = Math.min((Number(params.get('currentPage') ?? 0) + 1) * perPage, LISTINGS_MAX_DEPTH)
  // With a county the type and status are checked on the county's homes: up to 3 × 3 more rows read.
  const skipped = params.has('county') ? 9 : 1
  return Math.ceil(2.2 * skipped * (Math.min(pageEnd, total) + total)) + 10
}

describe('the listings API at 10,000 and 100,000 homes', () => {
  it('reads only matching rows: up to its page and its capped total, whatever the table holds', () => {
    for (const measured of [small, large])
      for (const [i, { page, rowsRead }] of measured.entries()) {
        expect(page.total, QUERIES[i]).toBeLessThanOrEqual(LISTINGS_MAX_DEPTH)
        expect(rowsRead, QUERIES[i]).toBeLessThanOrEqual(bound(QUERIES[i]!, page.total))
      }
  })

  it('counts at most its depth limit, so a total stops growing with the table', () => {
    const wide = QUERIES.findIndex((query) => query.includes('propertyStatus=all&homesPerGroup=60'))
    expect(small[wide]!.page.total).toBeLessThan(LISTINGS_MAX_DEPTH)
    expect(large[wide]!.page.total).toBe(LISTINGS_MAX_DEPTH)
  })

  it('answers a page past the depth limit empty, reading only its total', () => {
    const deep = large[QUERIES.findIndex((query) => query.includes('currentPage=1000'))]!
    expect(deep.page.homes).toEqual([])
    expect(deep.page.total).toBe(LISTINGS_MAX_DEPTH)
    expect(deep.rowsRead).toBeLessThanOrEqual(Math.ceil(2.2 * LISTINGS_MAX_DEPTH))
  })

  it('counts the homes with a photo from their own index: index entries alone, no row of a home read', () => {
    // isImageNull N (the default): migrations/0017's partial indexes hold only homes with a photo.
    // (A county other than the city's reads nothing at all: the test below.)
    const photo = QUERIES.flatMap((query, i) =>
      query.includes('/home/list?') && !query.includes('isImageNull=Y') && !query.includes('Nowhere') ? [i] : [],
    )
    expect(photo.length).toBeGreaterThan(4)
    for (const i of photo) {
      const count = large[i]!.log.find(
        (entry) => entry.sql.startsWith('SELECT COUNT(*)') && entry.rowsRead !== undefined,
      )!
      expect(count.sql, QUERIES[i]).toMatch(/INDEXED BY listings_\w+_photo /)
      expect(count.rowsRead, QUERIES[i]).toBeLessThanOrEqual(large[i]!.page.total + 1)
    }
  })

  it("decides a §9 city's county without reading a home: its own county is the city, another is nothing", () => {
    const own = QUERIES.findIndex((query) => query.includes('county=Orange'))
    const reads = large[own]!.log.filter((entry) => entry.rowsRead !== undefined)
    expect(reads.length).toBe(2)
    // The city's type-and-status index, not the county's, which would read each home to check its type.
    for (const entry of reads) expect(entry.sql).not.toMatch(/listings_county/)
    expect(large[own]!.page.total).toBeGreaterThan(0)
    const other = QUERIES.findIndex((query) => query.includes('county=Nowhere'))
    expect(large[other]!.page).toMatchObject({ homes: [], total: 0 })
    expect(large[other]!.log.filter((entry) => entry.rowsRead !== undefined)).toEqual([])
  })

  it("finds an agent's deals by their own index, whatever the market filter", () => {
    const agent = large.filter((_, i) => QUERIES[i]!.includes('/agent?'))
    for (const { page } of agent) expect(page.total).toBeGreaterThan(0)
  })
})
