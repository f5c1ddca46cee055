// A home's page (issue 30): the listing by its key within the site's MLSs, with its feed's time; a listing
// that left the market (listings_gone, migrations/0029) answers with similar homes instead.
import type { ListingPhoto, MlsFeed } from './record'
import { FOUND_HOME_COLUMNS, type FoundHome } from './search'

/** A listing as its page shows it. */
export interface ListingDetail extends FoundHome {
  standardStatus: string
  listPrice: number | null
  closePrice: number | null
  closeDate: string | null
  lotSizeSqft: number | null
  yearBuilt: number | null
  propertySubType: string | null
  subdivision: string | null
  latitude: number | null
  longitude: number | null
  publicRemarks: string | null
  photos: ListingPhoto[]
  modificationTimestamp: string
}

const DETAIL_COLUMNS = `${FOUND_HOME_COLUMNS}, standard_status AS standardStatus, list_price AS listPrice,
  close_price AS closePrice, close_date AS closeDate, lot_size_sqft AS lotSizeSqft, year_built AS yearBuilt,
  property_sub_type AS propertySubType, subdivision, latitude, longitude, public_remarks AS publicRemarks,
  media, modification_timestamp AS modificationTimestamp`

/** The longest ListingKey a page address takes (RESO keys are short strings). */
export const MAX_LISTING_KEY_LENGTH = 64
const LISTING_KEY = /^[\w.-]{1,64}$/

export const isListingKey = (key: string) => LISTING_KEY.test(key)

/** How many similar homes a page of a home gone shows. */
export const SIMILAR_HOMES = 6

export type HomeLookup =
  | { kind: 'found'; home: ListingDetail; lastUpdated: string | null }
  | { kind: 'gone'; address: string; city: string; feed: MlsFeed; similar: FoundHome[]; lastUpdated: string | null }
  | { kind: 'missing' }

function photosOf(media: unknown): ListingPhoto[] {
  try {
    const parsed = typeof media === 'string' ? JSON.parse(media) : []
    return Array.isArray(parsed) ? parsed.filter((p) => Array.isArray(p?.sizes) && p.sizes.length > 0) : []
  } catch {
    return []
  }
}

/** One placeholder a feed, for `market IN (…)`. */
const marks = (feeds: readonly MlsFeed[]) => feeds.map(() => '?').join(', ')

/** The one read of a listing by its key: its page's columns, only among `feeds` (the site's MLSs). */
function listingByKey(db: D1Database, feeds: readonly MlsFeed[], key: string): D1PreparedStatement {
  return db
    .prepare(`SELECT ${DETAIL_COLUMNS} FROM listings WHERE listing_key = ? AND market IN (${marks(feeds)})`)
    .bind(key, ...feeds)
}

/** A row of that read: its photos still the stored JSON. */
type DetailRow = ListingDetail & { media: unknown }

function detailOf(row: DetailRow): ListingDetail {
  const { media, ...home } = row
  return { ...home, photos: photosOf(media) }
}

/** The listing of `key` among `feeds`' listings as its page shows it; null if none (or another MLS's). */
export async function readListing(
  db: D1Database,
  feeds: readonly MlsFeed[],
  key: string,
): Promise<ListingDetail | null> {
  if (!isListingKey(key)) return null
  const row = await listingByKey(db, feeds, key).first<DetailRow>()
  return row ? detailOf(row) : null
}

/**
 * The home of `key` among `feeds`' listings: found (one round trip: the listing, its tombstone and the
 * feeds' times together), gone (a second, for homes like it in the same city), or missing — never seen,
 * or another MLS's listing than the site's.
 */
export async function lookUpHome(db: D1Database, feeds: readonly MlsFeed[], key: string): Promise<HomeLookup> {
  if (!isListingKey(key)) return { kind: 'missing' }
  const inFeeds = `market IN (${marks(feeds)})`
  const [found, gone, times] = await db.batch([
    listingByKey(db, feeds, key),
    db
      .prepare(`SELECT market, city, deal_type, price, address FROM listings_gone WHERE listing_key = ? AND ${inFeeds}`)
      .bind(key, ...feeds),
    db
      .prepare(`SELECT feed, last_updated AS lastUpdated FROM mls_feeds WHERE feed IN (${marks(feeds)})`)
      .bind(...feeds),
  ])
  const timeOf = (feed: string) =>
    (times?.results as { feed: string; lastUpdated: string | null }[] | undefined)?.find((t) => t.feed === feed)
      ?.lastUpdated ?? null
  const row = found?.results[0] as DetailRow | undefined
  if (row) return { kind: 'found', home: detailOf(row), lastUpdated: timeOf(row.market) }
  const tomb = gone?.results[0] as
    | { market: MlsFeed; city: string; deal_type: string; price: number; address: string }
    | undefined
  if (!tomb) return { kind: 'missing' }
  // Homes of the same deal in the same city, nearest in price first: read through the price index, both ways.
  const status = tomb.deal_type === 'sale' ? 'active' : tomb.deal_type === 'rent' ? 'active' : 'closed'
  const near = (op: string, order: string) =>
    db
      .prepare(
        `SELECT ${FOUND_HOME_COLUMNS} FROM listings INDEXED BY listings_find_city_price
         WHERE market = ? AND city = ? AND deal_type = ? AND property_status = ? AND price ${op} ?
         ORDER BY price ${order}, beds ${order}, baths ${order}, property_type ${order}, id ${order} LIMIT ${SIMILAR_HOMES}`,
      )
      .bind(tomb.market, tomb.city, tomb.deal_type, status, tomb.price)
  const [above, below] = await db.batch([near('>=', 'ASC'), near('<', 'DESC')])
  const candidates = [...((above?.results ?? []) as FoundHome[]), ...((below?.results ?? []) as FoundHome[])]
  candidates.sort((a, b) => Math.abs(a.price - tomb.price) - Math.abs(b.price - tomb.price))
  return {
    kind: 'gone',
    address: tomb.address,
    city: tomb.city,
    feed: tomb.market,
    similar: candidates.slice(0, SIMILAR_HOMES),
    lastUpdated: timeOf(tomb.market),
  }
}
