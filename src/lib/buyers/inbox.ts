// What a realtor's inbox shows of their buyers (issue 32, docs/decisions/109-buyers-in-the-inbox.md): the
// list newest first, and one buyer with everything they did as one timeline. Every statement starts from the
// realtor's id (a buyer row of another realtor is simply not found), so no route can show another realtor's
// buyer whatever id it is given. Browser-free: the pages and the JSON API both read these.
import { type ContactKind, isContactKind, parseDetails, type RequestDetails } from '../contacts/requests'

type Row = Record<string, string | number | null>

/** One line of the buyers' list. */
export interface BuyerSummary {
  id: number
  name: string | null
  email: string
  /** E.164, as the contact form's phone rule stores it; null when not given. */
  phone: string | null
  locale: 'ko' | 'en'
  consentAt: string
  /** When they opened the sign-in link mailed to them; null until then (nothing else is mailed to them). */
  confirmedAt: string | null
  createdAt: string
  lastSeenAt: string | null
  savedHomes: number
  savedSearches: number
}

export interface BuyerPage {
  items: BuyerSummary[]
  /** The cursor of the next (older) page, null on the last. */
  next: string | null
}

/** A home as the buyer's page names it: its listing, or what was kept of it once it left the market. */
export interface BuyerHome {
  listingKey: string
  /** Street address and city; null when the listing is unknown to this database. */
  address: string | null
  city: string | null
  price: number | null
  /** Off the market (its page answers 410) or never known here. */
  gone: boolean
  at: string
}

export interface BuyerSearch {
  id: number
  name: string
  /** The search's canonical query string: `/homes?{query}` on the realtor's site is the search itself. */
  query: string
  frequency: 'instant' | 'daily' | 'weekly' | 'off'
  createdAt: string
  lastAlertAt: string | null
}

/** A request the buyer sent through the realtor's forms (the same address, any case). */
export interface BuyerRequest {
  id: number
  kind: ContactKind
  message: string
  details: RequestDetails | null
  status: string
  createdAt: string
}

export interface BuyerAlert {
  id: number
  searchId: number
  searchName: string
  createdAt: string
  openedAt: string | null
}

export type TimelineEvent =
  | { type: 'signup'; at: string }
  | { type: 'confirmed'; at: string }
  | { type: 'savedHome'; at: string; home: BuyerHome }
  | { type: 'savedSearch'; at: string; search: BuyerSearch }
  | { type: 'viewedHome'; at: string; home: BuyerHome }
  | { type: 'request'; at: string; request: BuyerRequest }
  | { type: 'alertSent'; at: string; alert: BuyerAlert }
  | { type: 'alertOpened'; at: string; alert: BuyerAlert }

export interface BuyerDetail extends BuyerSummary {
  consentText: string
  savedHomesList: BuyerHome[]
  savedSearchesList: BuyerSearch[]
  /** buyer_views, newest first. */
  viewedHomes: BuyerHome[]
  requests: BuyerRequest[]
  alerts: BuyerAlert[]
  /** Everything above as one list, newest first. */
  timeline: TimelineEvent[]
}

/** How many of each the buyer's page reads: a buyer with more sees the newest this many. */
export const BUYER_PAGE_LIMIT = 100

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value))
const nullable = (value: string | number | null | undefined) => (value == null ? null : String(value))

/** The counts of a buyer's saves, each by its table's (buyer_id, …) key. */
const COUNTS = `(SELECT COUNT(*) FROM saved_homes WHERE buyer_id = b.id) AS saved_homes,
  (SELECT COUNT(*) FROM saved_searches WHERE buyer_id = b.id) AS saved_searches`

function summaryOf(row: Row): BuyerSummary {
  return {
    id: Number(row.id),
    name: nullable(row.name),
    email: text(row.email),
    phone: nullable(row.phone),
    locale: row.locale === 'en' ? 'en' : 'ko',
    consentAt: text(row.consent_at),
    confirmedAt: nullable(row.confirmed_at),
    createdAt: text(row.created_at),
    lastSeenAt: nullable(row.last_seen_at),
    savedHomes: Number(row.saved_homes ?? 0),
    savedSearches: Number(row.saved_searches ?? 0),
  }
}

/** A realtor's buyers, newest first, a keyset page at a time (buyers_realtor: never OFFSET). */
export async function listBuyers(
  db: D1Database,
  realtorId: number,
  { after, limit }: { after?: number; limit: number },
): Promise<BuyerPage> {
  const { results } = await db
    .prepare(
      `SELECT b.*, ${COUNTS} FROM buyers b
       WHERE b.realtor_id = ?1 AND (?2 IS NULL OR b.id < CAST(?2 AS INTEGER)) ORDER BY b.id DESC LIMIT ?3`,
    )
    .bind(realtorId, after ?? null, limit + 1)
    .all<Row>()
  const items = results.slice(0, limit).map(summaryOf)
  const last = items.at(-1)
  return { items, next: results.length > limit && last ? String(last.id) : null }
}

/** The columns of a home by its key: the listing while it is on the market, else what listings_gone kept. */
const HOME = `COALESCE(l.address, g.address) AS address, COALESCE(l.city, g.city) AS city,
  COALESCE(l.price, g.price) AS price, l.id IS NULL AS gone`
const HOME_JOIN = (alias: string) =>
  `LEFT JOIN listings l ON l.listing_key = ${alias}.listing_key
   LEFT JOIN listings_gone g ON l.id IS NULL AND g.listing_key = ${alias}.listing_key`

const homeOf = (row: Row, at: string): BuyerHome => ({
  listingKey: text(row.listing_key),
  address: nullable(row.address),
  city: nullable(row.city),
  price: row.price == null ? null : Number(row.price),
  gone: Boolean(row.gone),
  at,
})

const searchOf = (row: Row): BuyerSearch => ({
  id: Number(row.id),
  name: text(row.name),
  query: text(row.query),
  frequency: (['instant', 'daily', 'weekly', 'off'].includes(text(row.frequency))
    ? row.frequency
    : 'off') as BuyerSearch['frequency'],
  createdAt: text(row.created_at),
  lastAlertAt: nullable(row.last_alert_at),
})

const requestOf = (row: Row): BuyerRequest => {
  return {
    id: Number(row.id),
    kind: isContactKind(row.kind) ? row.kind : 'contact',
    message: text(row.message),
    details: parseDetails(row.details),
    status: text(row.status),
    createdAt: text(row.created_at),
  }
}

const alertOf = (row: Row): BuyerAlert => ({
  id: Number(row.id),
  searchId: Number(row.search_id),
  searchName: text(row.search_name),
  createdAt: text(row.created_at),
  openedAt: nullable(row.opened_at),
})

/** The instant of a stored time, for ordering (the tables write ISO 8601 in UTC); unreadable ones sort last. */
const instant = (iso: string) => {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
}

/** Newest first; at the same instant, the later step of a buyer's story first (confirmed after sign-up). */
const ORDER: TimelineEvent['type'][] = [
  'alertOpened',
  'alertSent',
  'request',
  'viewedHome',
  'savedSearch',
  'savedHome',
  'confirmed',
  'signup',
]

export function timelineOf(detail: Omit<BuyerDetail, 'timeline'>): TimelineEvent[] {
  const events: TimelineEvent[] = [{ type: 'signup', at: detail.createdAt }]
  if (detail.confirmedAt) events.push({ type: 'confirmed', at: detail.confirmedAt })
  for (const home of detail.savedHomesList) events.push({ type: 'savedHome', at: home.at, home })
  for (const search of detail.savedSearchesList) events.push({ type: 'savedSearch', at: search.createdAt, search })
  for (const home of detail.viewedHomes) events.push({ type: 'viewedHome', at: home.at, home })
  for (const request of detail.requests) events.push({ type: 'request', at: request.createdAt, request })
  for (const alert of detail.alerts) {
    events.push({ type: 'alertSent', at: alert.createdAt, alert })
    if (alert.openedAt) events.push({ type: 'alertOpened', at: alert.openedAt, alert })
  }
  return events.sort((a, b) => instant(b.at) - instant(a.at) || ORDER.indexOf(a.type) - ORDER.indexOf(b.type))
}

/**
 * One buyer of this realtor with everything the buyer's page shows, or null when the realtor has no buyer of
 * that id (another realtor's included). One round trip: each statement joins the buyer row by id and
 * realtor, so a foreign id reads nothing at all.
 */
export async function findBuyer(db: D1Database, realtorId: number, buyerId: number): Promise<BuyerDetail | null> {
  const mine = 'JOIN buyers b ON b.id = ?1 AND b.realtor_id = ?2'
  const [buyers, homes, searches, views, requests, alerts] = await db.batch<Row>([
    db.prepare(`SELECT b.*, ${COUNTS} FROM buyers b WHERE b.id = ?1 AND b.realtor_id = ?2`).bind(buyerId, realtorId),
    db
      .prepare(
        `SELECT s.listing_key, s.created_at AS at, ${HOME} FROM saved_homes s ${mine} ${HOME_JOIN('s')}
         WHERE s.buyer_id = b.id ORDER BY s.created_at DESC LIMIT ?3`,
      )
      .bind(buyerId, realtorId, BUYER_PAGE_LIMIT),
    db
      .prepare(`SELECT s.* FROM saved_searches s ${mine} WHERE s.buyer_id = b.id ORDER BY s.id DESC LIMIT ?3`)
      .bind(buyerId, realtorId, BUYER_PAGE_LIMIT),
    db
      .prepare(
        `SELECT v.listing_key, v.viewed_at AS at, ${HOME} FROM buyer_views v ${mine} ${HOME_JOIN('v')}
         WHERE v.buyer_id = b.id ORDER BY v.viewed_at DESC LIMIT ?3`,
      )
      .bind(buyerId, realtorId, BUYER_PAGE_LIMIT),
    // The realtor's contacts from the buyer's address: read down the realtor's own contacts (their inbox's
    // index), never another realtor's, the address compared in lower case as buyers.email_key keeps it.
    db
      .prepare(
        `SELECT c.id, c.kind, c.message, c.details, c.status, c.created_at FROM realtor_contacts c ${mine}
         WHERE c.realtor_id = ?2 AND lower(trim(c.email)) = b.email_key ORDER BY c.id DESC LIMIT ?3`,
      )
      .bind(buyerId, realtorId, BUYER_PAGE_LIMIT),
    db
      .prepare(
        `SELECT a.id, a.search_id, s.name AS search_name, a.created_at, a.opened_at
         FROM saved_searches s ${mine} JOIN alerts a ON a.search_id = s.id
         WHERE s.buyer_id = b.id ORDER BY a.id DESC LIMIT ?3`,
      )
      .bind(buyerId, realtorId, BUYER_PAGE_LIMIT),
  ])
  const row = buyers?.results[0]
  if (!row) return null
  const detail = {
    ...summaryOf(row),
    consentText: text(row.consent_text),
    savedHomesList: (homes?.results ?? []).map((home) => homeOf(home, text(home.at))),
    savedSearchesList: (searches?.results ?? []).map(searchOf),
    viewedHomes: (views?.results ?? []).map((home) => homeOf(home, text(home.at))),
    requests: (requests?.results ?? []).map(requestOf),
    alerts: (alerts?.results ?? []).map(alertOf),
  }
  return { ...detail, timeline: timelineOf(detail) }
}

/** The homepage of a realtor account (a realtor has one), for an API request that names no realtor. */
export async function ownRealtorId(db: D1Database, accountId: number): Promise<number | null> {
  const row = await db.prepare('SELECT id FROM realtors WHERE user_id = ?').bind(accountId).first<{ id: number }>()
  return row?.id ?? null
}

/** Whose buyer an id is: only for an admin, who may read every realtor's (as the contacts' inbox allows). */
export async function buyerRealtorId(db: D1Database, buyerId: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT realtor_id FROM buyers WHERE id = ?')
    .bind(buyerId)
    .first<{ realtor_id: number }>()
  return row?.realtor_id ?? null
}
