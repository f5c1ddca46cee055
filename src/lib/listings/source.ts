// Where listings come from: the embedded D1 table (default) or the upstream listings API
// (LISTINGS_API_ORIGIN), behind one interface the API route and the tenant page share.
import { type DataCacheScope, readManyThrough, readThrough } from '../data-cache'
import { derivedFrom } from '../derived'
import { type FetchLike, fetchUpstream, upstreamJson, upstreamTimeout } from '../upstream'
import { countyOfCity } from './markets'
import type { AgentQuery, Home, HomeListQuery, HomePage } from './query'

export interface ListingSource {
  homeList(query: HomeListQuery): Promise<HomePage>
  agent(query: AgentQuery): Promise<HomePage>
  /**
   * Several pages in one database round trip (a homepage's sections, docs/decisions/058); only a source
   * where that saves round trips has it: one failure fails them all.
   */
  pages?(requests: readonly ListingRequest[]): Promise<HomePage[]>
}

/** One page a homepage asks for: the city's homes, or a realtor's own listings of a deal type. */
export type ListingRequest = { kind: 'home'; query: HomeListQuery } | { kind: 'agent'; query: AgentQuery }

/** A listings row as a Home: the columns under the API's own field names, so rows need no mapping. */
const HOME_COLUMNS = `id, deal_type AS dealType, property_type AS propertyType,
  property_status AS propertyStatus, state, county, city, address, zipcode, price, beds, baths, sqft,
  image_url AS imageUrl, listed_at AS listedAt, listing_key AS listingKey, market,
  list_office_name AS listOfficeName`

/**
 * How deep the embedded listings go (docs/decisions/057-query-plans.md): a page starts before the 1,000th home
 * of its filter, and `total` counts at most this many. The API's contract has page numbers, so a page is
 * an OFFSET into an index read in order: bounded here, its cost stays the same at 100,000 or 1,000,000 homes.
 */
export const LISTINGS_MAX_DEPTH = 1_000

/**
 * The listings indexes, for each shape of a city's filters: every home newest first (migrations/0004,
 * 0015), and the homes with a photo only (migrations/0017: the photo filter is what the index holds, so a
 * count or an OFFSET reads index entries alone); and an agent's deals.
 */
const HOME_LIST_INDEXES = {
  city: { all: 'listings_city_newest', photo: 'listings_city_photo' },
  type: { all: 'listings_type_newest', photo: 'listings_type_photo' },
  status: { all: 'listings_status_newest', photo: 'listings_status_photo' },
  search: { all: 'listings_search', photo: 'listings_search_photo' },
  county: { all: 'listings_county_newest', photo: 'listings_county_photo' },
} as const

type HomeListIndexes = (typeof HOME_LIST_INDEXES)[keyof typeof HOME_LIST_INDEXES]
export type ListingsIndex = HomeListIndexes[keyof HomeListIndexes] | 'listings_agent'

/**
 * The index whose columns are exactly the query's equality filters before `listed_at`, holding only the
 * homes with a photo when the query asks for them (isImageNull N): every entry it reads for a page or a
 * count is a match, however rare the filter's homes are. A county is always within one city: its index
 * serves it, the type and status then skip a few.
 */
export function homeListIndex(
  q: Pick<HomeListQuery, 'propertyType' | 'propertyStatus' | 'county' | 'isImageNull'>,
): ListingsIndex {
  const type = q.propertyType !== 'all'
  const status = q.propertyStatus !== 'all'
  const shape =
    q.county !== undefined ? 'county' : type && status ? 'search' : type ? 'type' : status ? 'status' : 'city'
  return HOME_LIST_INDEXES[shape][q.isImageNull === 'N' ? 'photo' : 'all']
}

/** The SQL of one page of homes and of its capped total, read through `index`. */
export function pageStatements(index: ListingsIndex, where: string[]): { rows: string; total: string } {
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
  // INDEXED BY: the plan must not depend on the statistics D1 has (or has not) gathered; a missing index
  // is an error rather than a silent scan of a million rows.
  const from = `FROM listings INDEXED BY ${index} ${clause}`
  return {
    rows: `SELECT ${HOME_COLUMNS} ${from} ORDER BY listed_at DESC, id DESC LIMIT ? OFFSET ?`,
    total: `SELECT COUNT(*) AS total FROM (SELECT 1 ${from} LIMIT ${LISTINGS_MAX_DEPTH})`,
  }
}

type PageQuery = { currentPage: number; homesPerGroup: number }

/**
 * A page's statements: its capped total, then its homes — none past the depth limit, where a page is
 * empty without reading a row.
 */
function pageBatch(
  db: D1Database,
  [index, where, binds]: [ListingsIndex, string[], unknown[]],
  q: PageQuery,
): D1PreparedStatement[] {
  const sql = pageStatements(index, where)
  const offset = q.currentPage * q.homesPerGroup
  const limit = Math.max(0, Math.min(q.homesPerGroup, LISTINGS_MAX_DEPTH - offset))
  return [
    db.prepare(sql.total).bind(...binds),
    ...(limit > 0 ? [db.prepare(sql.rows).bind(...binds, limit, offset)] : []),
  ]
}

function pageOf(count: D1Result | undefined, rows: D1Result | undefined, q: PageQuery): HomePage {
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0
  return {
    homes: (rows?.results ?? []) as Home[],
    total,
    currentPage: q.currentPage,
    homesPerGroup: q.homesPerGroup,
  }
}

/**
 * The filters of a city's homes: [condition, value], applied when its value is given ('all' means none). A §9
 * city lies in one county (`countyOfCity`): a county filter on it holds for every home of the city or for none,
 * so it is decided here, without reading a row, and the type and status keep their own index (decision 062).
 */
function homeListWhere(q: HomeListQuery): [ListingsIndex, string[], unknown[]] | null {
  const entry = countyOfCity(q.city)
  const cityCounty = entry?.state === q.state ? entry.county : undefined
  // Another county than the city's: no home matches, and nothing needs reading to know it.
  if (cityCounty !== undefined && q.county !== undefined && q.county !== cityCounty) return null
  const county = cityCounty === undefined ? q.county : undefined
  const filters: [string, unknown][] = [
    ['deal_type = ?', q.type],
    ['state = ?', q.state],
    ['city = ?', q.city],
    ['property_type = ?', q.propertyType === 'all' ? undefined : q.propertyType],
    ['property_status = ?', q.propertyStatus === 'all' ? undefined : q.propertyStatus],
    ['county = ?', county],
  ]
  const active = filters.filter(([, value]) => value !== undefined)
  const where = active.map(([sql]) => sql)
  if (q.isImageNull === 'N') where.push('image_url IS NOT NULL')
  return [homeListIndex({ ...q, county }), where, active.map(([, value]) => value)]
}

function agentWhere(q: AgentQuery): [ListingsIndex, string[], unknown[]] {
  const where = ['agent_license = ?', 'deal_type = ?']
  const binds: unknown[] = [q.licenseNumber, q.searchType]
  if (q.market) {
    where.push('market = ?')
    binds.push(q.market)
  }
  return ['listings_agent', where, binds]
}

export function d1Listings(db: D1Database): ListingSource {
  const statementsOf = (request: ListingRequest) => {
    const filters = request.kind === 'home' ? homeListWhere(request.query) : agentWhere(request.query)
    // No filters: nothing can match (an empty page, total 0), and nothing is read.
    return filters ? pageBatch(db, filters, request.query) : []
  }
  // Every page's statements in one batch: one round trip, however many pages.
  async function pages(requests: readonly ListingRequest[]): Promise<HomePage[]> {
    const batches = requests.map(statementsOf)
    const statements = batches.flat()
    const results = statements.length ? await db.batch(statements) : []
    let at = 0
    return requests.map((request, i) => {
      const [count, rows] = results.slice(at, at + batches[i]!.length)
      at += batches[i]!.length
      return pageOf(count, rows, request.query)
    })
  }
  return {
    homeList: async (query) => (await pages([{ kind: 'home', query }]))[0]!,
    agent: async (query) => (await pages([{ kind: 'agent', query }]))[0]!,
    pages,
  }
}

/** Most of a listings answer read: a page of homes is tens of KB; more is an upstream gone wrong (502). */
export const MAX_LISTINGS_BYTES = 2 * 1024 * 1024

/** Proxies to the upstream listings API with a deadline; a non-2xx answer or bad body is an error. */
export function upstreamListings(origin: string, timeoutMs: number, fetchImpl: FetchLike): ListingSource {
  async function get(path: string, query: Record<string, string | number | undefined>): Promise<HomePage> {
    const url = new URL(path, origin)
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value))
    const response = await fetchUpstream(
      fetchImpl,
      new Request(url, { headers: { Accept: 'application/json' } }),
      timeoutMs,
      { maxBytes: MAX_LISTINGS_BYTES },
    )
    if (!response.ok) throw new Error(`listings upstream answered ${response.status}`)
    const body = (await upstreamJson(response)) as Partial<HomePage> | null
    if (!Array.isArray(body?.homes)) throw new Error('listings upstream sent no homes')
    return body as HomePage
  }
  return {
    homeList: (q) => get('/cozying-api/v1/home/list', q),
    agent: (q) => get('/cozying-api/v1/agent', q),
  }
}

/** Listing pages are kept a minute (the API's own max-age): this product never writes listings. */
const LISTINGS_MAX_AGE_MS = 60_000

/** The source through the data cache (by query; a failed load is not kept). */
export function cachedListings(source: ListingSource, scope: DataCacheScope | null): ListingSource {
  if (!scope) return source
  const options = { tags: () => ['listings'], maxAgeMs: LISTINGS_MAX_AGE_MS }
  // A frozen request (a homepage's sections, planned once per realtor) keeps its key (src/lib/derived.ts).
  const keyOf = (request: ListingRequest) =>
    derivedFrom(request, 'listings-key', () => `listings:${request.kind}:${JSON.stringify(request.query)}`)
  const pages = source.pages?.bind(source)
  return {
    homeList: (q) => readThrough(scope, keyOf({ kind: 'home', query: q }), () => source.homeList(q), options),
    agent: (q) => readThrough(scope, keyOf({ kind: 'agent', query: q }), () => source.agent(q), options),
    // The pages not cached load together, in one round trip.
    ...(pages && {
      pages: (requests) =>
        readManyThrough(scope, requests.map(keyOf), (missing) => pages(missing.map((i) => requests[i]!)), options),
    }),
  }
}

/** An empty page: what a listing section shows when its source fails. */
export function emptyPage(q: { currentPage: number; homesPerGroup: number }): HomePage {
  return { homes: [], total: 0, currentPage: q.currentPage, homesPerGroup: q.homesPerGroup }
}

/** The listing source of an environment: upstream when LISTINGS_API_ORIGIN is set, through the data cache. */
export function listingSourceOf(
  env: { DB: D1Database; LISTINGS_API_ORIGIN?: string; UPSTREAM_TIMEOUT_MS?: string },
  fetchImpl: FetchLike,
  scope: DataCacheScope | null,
): ListingSource {
  const origin = env.LISTINGS_API_ORIGIN
  const source = origin
    ? upstreamListings(origin, upstreamTimeout(env.UPSTREAM_TIMEOUT_MS), fetchImpl)
    : d1Listings(env.DB)
  return cachedListings(source, scope)
}
