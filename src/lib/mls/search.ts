// Home search on a realtor's site (issue 30, docs/decisions/097-home-search.md): the filters a search URL
// carries, their parsing (a bad value is named, never guessed), the SQL of a page of results and its count
// through the one index that serves its shape (migrations/0029_home_search.sql), and the place a buyer
// typed resolved to a city, ZIP or neighbourhood of the site's MLS — or of another, which the page says.
import type { Home } from '../listings/markets'
import { LISTINGS_MAX_DEPTH } from '../listings/source'
import type { MlsFeed } from './record'
import { feedOfState, MLS_RULES } from './rules'

export const HOME_STATUSES = ['sale', 'pending', 'sold', 'rent'] as const
export type HomeStatus = (typeof HOME_STATUSES)[number]
export const HOME_SORTS = ['newest', 'price-low', 'price-high'] as const
export type HomeSort = (typeof HOME_SORTS)[number]
export const HOME_TYPES = ['single_family', 'condo', 'townhouse'] as const
export type HomeType = (typeof HOME_TYPES)[number]
export const PLACE_KINDS = ['city', 'zip', 'area'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

/** Homes per results page: two columns of a phone, three or four of a desktop. */
export const SEARCH_PAGE_SIZE = 24
/** The last page a search offers: results go as deep as the listings API's (LISTINGS_MAX_DEPTH). */
export const SEARCH_MAX_PAGE = Math.ceil(LISTINGS_MAX_DEPTH / SEARCH_PAGE_SIZE)
/** The longest place a buyer may type. */
export const MAX_PLACE_LENGTH = 80
/** The highest price a filter takes: beyond any home's. */
export const MAX_PRICE = 100_000_000

export interface Place {
  kind: PlaceKind
  name: string
}

/** A search as its URL says it; the feed is the site's (one of its MLSs), never the visitor's. */
export interface HomeSearch {
  feed: MlsFeed
  place: Place | null
  status: HomeStatus
  type: HomeType | null
  minPrice: number | null
  maxPrice: number | null
  beds: number | null
  baths: number | null
  sort: HomeSort
  page: number
}

/** What the URL asked that cannot be searched: the message id of each bad filter, by its parameter. */
export type SearchProblems = Partial<
  Record<'place' | 'price' | 'beds' | 'baths' | 'type' | 'status' | 'sort' | 'page', string>
>

/**
 * Deal type and status of each search status: for sale is active, pending is a sale under contract. Saved
 * searches store the same pair (src/lib/buyers/searches.ts), which the alert matcher compares.
 */
export const STATUS_FILTER: Record<HomeStatus, [deal: string, status: string]> = {
  sale: ['sale', 'active'],
  pending: ['sale', 'pending'],
  sold: ['sold', 'closed'],
  rent: ['rent', 'active'],
}

const PLACE_NAME = /^[\p{L}\p{M}\p{N} .'’-]+$/u
const ZIP = /^\d{5}$/

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | null | undefined {
  if (value === undefined || value === '') return null
  return (values as readonly string[]).includes(value) ? (value as T) : undefined
}

/** A whole number in [min, max] from a URL value: null when absent, undefined when bad. */
function whole(value: string | undefined, min: number, max: number): number | null | undefined {
  if (value === undefined || value === '') return null
  if (!/^\d{1,9}$/.test(value)) return undefined
  const n = Number(value)
  return n >= min && n <= max ? n : undefined
}

/** The place a URL names with a typed parameter (`city`, `zip`, `area`), checked; undefined when bad. */
function placeOf(params: URLSearchParams): Place | null | undefined {
  for (const kind of PLACE_KINDS) {
    const raw = params.get(kind)
    if (raw === null) continue
    const name = raw.trim().normalize('NFC')
    if (!name) return null
    if (name.length > MAX_PLACE_LENGTH) return undefined
    if (kind === 'zip' ? !ZIP.test(name) : !PLACE_NAME.test(name)) return undefined
    return { kind, name }
  }
  return null
}

/**
 * The search a results URL asks for, within the site's feeds (`feeds`, the first its default), opening on
 * `start` when the URL names no place; or the problems of its bad filters.
 */
export function parseHomeSearch(
  params: URLSearchParams,
  feeds: readonly MlsFeed[],
  start: { feed: MlsFeed; place: Place | null },
): { search: HomeSearch; problems: SearchProblems } {
  const problems: SearchProblems = {}
  const given = placeOf(params)
  if (given === undefined) problems.place = 'homes.error.place'
  const state = params.get('state')?.toUpperCase()
  const stateFeed = state ? feedOfState(state) : undefined
  const feed = stateFeed && feeds.includes(stateFeed) ? stateFeed : start.feed
  // `all`: the whole market, no place (the form's place left empty); else the site's own start.
  const named = params.has('all') || PLACE_KINDS.some((kind) => params.has(kind))
  const place = named ? (given ?? null) : start.place
  const status = oneOf(HOME_STATUSES, params.get('status') ?? undefined)
  if (status === undefined) problems.status = 'homes.error.status'
  const type = oneOf(HOME_TYPES, params.get('type') ?? undefined)
  if (type === undefined) problems.type = 'homes.error.type'
  const sort = oneOf(HOME_SORTS, params.get('sort') ?? undefined)
  if (sort === undefined) problems.sort = 'homes.error.sort'
  const minPrice = whole(params.get('min') ?? undefined, 0, MAX_PRICE)
  const maxPrice = whole(params.get('max') ?? undefined, 0, MAX_PRICE)
  if (
    minPrice === undefined ||
    maxPrice === undefined ||
    (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
  )
    problems.price = 'homes.error.price'
  const beds = whole(params.get('beds') ?? undefined, 0, 10)
  if (beds === undefined) problems.beds = 'homes.error.rooms'
  const baths = whole(params.get('baths') ?? undefined, 0, 10)
  if (baths === undefined) problems.baths = 'homes.error.rooms'
  const page = whole(params.get('page') ?? undefined, 1, SEARCH_MAX_PAGE)
  if (page === undefined) problems.page = 'homes.error.page'
  return {
    search: {
      feed,
      place: place ?? null,
      status: status ?? 'sale',
      type: type ?? null,
      minPrice: minPrice ?? null,
      maxPrice: maxPrice ?? null,
      beds: beds || null,
      baths: baths || null,
      sort: sort ?? 'newest',
      page: page ?? 1,
    },
    problems,
  }
}

/**
 * The query string of a search (the canonical, shareable URL of a results page): only what differs from
 * the defaults, in one order, so one search has one address. `state` is said only for a site of two MLSs;
 * `all` marks a search of the whole market (no place), which would otherwise open on the site's area.
 */
export function searchQueryString(
  search: HomeSearch,
  options: { twoFeeds: boolean; page?: number; all?: boolean },
): string {
  const params = new URLSearchParams()
  if (search.place) params.set(search.place.kind, search.place.name)
  else if (options.all) params.set('all', '1')
  if (options.twoFeeds) params.set('state', MLS_RULES[search.feed].state)
  if (search.status !== 'sale') params.set('status', search.status)
  if (search.type) params.set('type', search.type)
  if (search.minPrice !== null) params.set('min', String(search.minPrice))
  if (search.maxPrice !== null) params.set('max', String(search.maxPrice))
  if (search.beds) params.set('beds', String(search.beds))
  if (search.baths) params.set('baths', String(search.baths))
  if (search.sort !== 'newest') params.set('sort', search.sort)
  const page = options.page ?? search.page
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** A result: a home as a card shows it, with its page's key and the office its IDX credit names. */
export interface FoundHome extends Home {
  listingKey: string
  market: MlsFeed
  listOfficeName: string | null
}

/** A listing card's columns (FoundHome's fields by name). */
export const FOUND_HOME_COLUMNS = `id, listing_key AS listingKey, market, deal_type AS dealType,
  property_type AS propertyType, property_status AS propertyStatus, state, county, city, address, zipcode,
  price, beds, baths, sqft, image_url AS imageUrl, listed_at AS listedAt, list_office_name AS listOfficeName`

const PLACE_COLUMN: Record<PlaceKind, string> = { city: 'city', zip: 'zipcode', area: 'subdivision' }

/** Each sort's ORDER BY: exactly its index's column order, so a page is read in order and never sorted. */
const ORDER: Record<HomeSort, string> = {
  newest: 'listed_at DESC, price DESC, beds DESC, baths DESC, property_type DESC, id DESC',
  'price-low': 'price ASC, beds ASC, baths ASC, property_type ASC, id ASC',
  'price-high': 'price DESC, beds DESC, baths DESC, property_type DESC, id DESC',
}

/**
 * A search's ORDER BY. With a type filtered, SQLite counts `property_type` as settled by `property_type = ?`
 * but, that column not being in the index's searched prefix, cannot carry the order on to the row id after it
 * and sorts the id term ("USE TEMP B-TREE FOR RIGHT PART OF ORDER BY"); the index's own order already ends in
 * the row id, so that term is left out (test/queries/home-search-scale.test.ts).
 */
function orderOf(search: Pick<HomeSearch, 'sort' | 'type'>): string {
  return search.type ? ORDER[search.sort].replace(/, id (ASC|DESC)$/, '') : ORDER[search.sort]
}

/** The index serving a search: by its place's kind (or the whole market) and its order. */
export function searchIndex(search: Pick<HomeSearch, 'place' | 'sort'>): string {
  const place = search.place?.kind ?? 'market'
  return `listings_find_${place}_${search.sort === 'newest' ? 'newest' : 'price'}`
}

/** The SQL and values of a search's count (capped at LISTINGS_MAX_DEPTH) and of one page of its homes. */
export function searchStatements(search: HomeSearch): {
  count: string
  rows: string
  binds: unknown[]
  limit: number
  offset: number
} {
  const [deal, status] = STATUS_FILTER[search.status]
  const filters: [string, unknown][] = [['market = ?', search.feed]]
  if (search.place) filters.push([`${PLACE_COLUMN[search.place.kind]} = ?`, search.place.name])
  filters.push(['deal_type = ?', deal], ['property_status = ?', status])
  if (search.minPrice !== null) filters.push(['price >= ?', search.minPrice])
  if (search.maxPrice !== null) filters.push(['price <= ?', search.maxPrice])
  if (search.beds) filters.push(['beds >= ?', search.beds])
  if (search.baths) filters.push(['baths >= ?', search.baths])
  if (search.type) filters.push(['property_type = ?', search.type])
  // INDEXED BY: a missing index is an error, never a silent scan of a million rows (decision 057).
  const from = `FROM listings INDEXED BY ${searchIndex(search)} WHERE ${filters.map(([sql]) => sql).join(' AND ')}`
  const offset = (search.page - 1) * SEARCH_PAGE_SIZE
  return {
    count: `SELECT COUNT(*) AS total FROM (SELECT 1 ${from} LIMIT ${LISTINGS_MAX_DEPTH})`,
    rows: `SELECT ${FOUND_HOME_COLUMNS} ${from} ORDER BY ${orderOf(search)} LIMIT ? OFFSET ?`,
    binds: filters.map(([, value]) => value),
    limit: Math.max(0, Math.min(SEARCH_PAGE_SIZE, LISTINGS_MAX_DEPTH - offset)),
    offset,
  }
}

export interface SearchResults {
  homes: FoundHome[]
  /** Matches, counted up to LISTINGS_MAX_DEPTH (`capped` when there are at least that many). */
  total: number
  capped: boolean
  /** When the feed last changed a listing (the IDX disclaimer's "last updated"), or null before its first run. */
  lastUpdated: string | null
}

/** A search's page, count and feed time in one round trip. */
export async function runHomeSearch(db: D1Database, search: HomeSearch): Promise<SearchResults> {
  const sql = searchStatements(search)
  const statements = [
    db.prepare('SELECT last_updated AS lastUpdated FROM mls_feeds WHERE feed = ?').bind(search.feed),
    db.prepare(sql.count).bind(...sql.binds),
  ]
  if (sql.limit > 0) statements.push(db.prepare(sql.rows).bind(...sql.binds, sql.limit, sql.offset))
  const [feed, count, rows] = await db.batch(statements)
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0
  return {
    homes: (rows?.results ?? []) as FoundHome[],
    total,
    capped: total >= LISTINGS_MAX_DEPTH,
    lastUpdated: (feed?.results[0] as { lastUpdated: string | null } | undefined)?.lastUpdated ?? null,
  }
}

/** Korean names buyers type for the hubs this product serves, to the MLS's spelling. */
const KOREAN_PLACES: Record<string, string> = {
  어바인: 'Irvine',
  풀러턴: 'Fullerton',
  풀러튼: 'Fullerton',
  부에나파크: 'Buena Park',
  코리아타운: 'Koreatown',
  한인타운: 'Koreatown',
  토런스: 'Torrance',
  토랜스: 'Torrance',
  가든그로브: 'Garden Grove',
  세리토스: 'Cerritos',
  라팔마: 'La Palma',
  뉴포트비치: 'Newport Beach',
  터스틴: 'Tustin',
  레이크포레스트: 'Lake Forest',
  로스앤젤레스: 'Los Angeles',
  엘에이: 'Los Angeles',
  베벌리힐스: 'Beverly Hills',
  비버리힐스: 'Beverly Hills',
  행콕파크: 'Hancock Park',
  라카냐다: 'La Cañada Flintridge',
  라크레센타: 'La Crescenta-Montrose',
  존스크릭: 'Johns Creek',
  알파레타: 'Alpharetta',
  스와니: 'Suwanee',
  둘루스: 'Duluth',
  덜루스: 'Duluth',
  로렌스빌: 'Lawrenceville',
  노크로스: 'Norcross',
  뷰포드: 'Buford',
  슈가힐: 'Sugar Hill',
}

/** The key a typed place is looked up by: trimmed, NFC, lower case, a Korean hub name as the MLS spells it. */
export function placeKey(typed: string): string {
  const text = typed.trim().normalize('NFC').replace(/\s+/g, ' ')
  const alias = KOREAN_PLACES[text.replace(/\s/g, '')]
  return (alias ?? text).toLowerCase()
}

export interface KnownPlace extends Place {
  market: MlsFeed
}

/** Every place of any feed spelled `typed` (city before neighbourhood before ZIP). */
export async function findPlaces(db: D1Database, typed: string): Promise<KnownPlace[]> {
  const key = placeKey(typed)
  if (!key || key.length > MAX_PLACE_LENGTH) return []
  const { results } = await db
    .prepare(
      `SELECT market, kind, name FROM listing_places WHERE place_key = ?
       ORDER BY CASE kind WHEN 'city' THEN 0 WHEN 'area' THEN 1 ELSE 2 END, market LIMIT 6`,
    )
    .bind(key)
    .all<KnownPlace>()
  return results
}
