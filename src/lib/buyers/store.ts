// Buyers' accounts on a realtor's site (issue 32, docs/decisions/107-buyer-accounts.md,
// migrations/0034_buyers.sql): the account, its one-time sign-in links and its signed-in browsers, the homes
// and searches it saves. Every read and write of a buyer starts from the realtor's id: a buyer of one
// realtor's site is never found from another's.
import type { Locale } from '../locale'
import { tokenHash as hashOf, newToken, TOKEN_PATTERN } from '../tokens'
import { buyerEventStatements, eventIdOf } from './events'
import type { SavedSearchFilters } from './searches'

/** The cookie of a signed-in buyer's session on a realtor's site (src/middleware/buyer-session.ts sets it). */
export const BUYER_COOKIE = 'buyer'

/** How long a mailed sign-in link works: a day, so "I'll click it tonight" still works, and once only. */
export const BUYER_LINK_TTL_MS = 24 * 60 * 60 * 1000
/** How long a signed-in browser stays signed in: 90 days (a home search takes months), then a new link. */
export const BUYER_SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000
/** The most homes and searches one buyer keeps: far beyond any search, and a bound on their page. */
export const MAX_SAVED_HOMES = 200
export const MAX_SAVED_SEARCHES = 50

export interface Buyer {
  id: number
  realtorId: number
  email: string
  name: string | null
  phone: string | null
  locale: Locale
  confirmedAt: string | null
  createdAt: string
}

const BUYER_COLUMNS = `b.id, b.realtor_id AS realtorId, b.email, b.name, b.phone, b.locale,
  b.confirmed_at AS confirmedAt, b.created_at AS createdAt`

/** The key one account per address and site is kept by: the address in lower case. */
export const emailKeyOf = (email: string) => email.trim().toLowerCase()

export interface NewBuyer {
  realtorId: number
  email: string
  name: string | null
  phone: string | null
  locale: Locale
  consentText: string
}

/** The realtor's buyer of this address, if any. */
export async function findBuyerByEmail(db: D1Database, realtorId: number, email: string): Promise<Buyer | null> {
  return db
    .prepare(`SELECT ${BUYER_COLUMNS} FROM buyers b WHERE b.realtor_id = ? AND b.email_key = ?`)
    .bind(realtorId, emailKeyOf(email))
    .first<Buyer>()
}

/** The realtor's buyer of this id, if any. */
export async function findBuyer(db: D1Database, realtorId: number, buyerId: number): Promise<Buyer | null> {
  return db
    .prepare(`SELECT ${BUYER_COLUMNS} FROM buyers b WHERE b.id = ? AND b.realtor_id = ?`)
    .bind(buyerId, realtorId)
    .first<Buyer>()
}

/** What a sign-up was saving when it was asked for (the heart, "Save this search"): done once the account is. */
export type Intent =
  | { kind: 'home'; listingKey: string }
  | { kind: 'search'; name: string; frequency: Frequency; filters: SavedSearchFilters }
  | null

/**
 * A new account for an address this site has none for: the buyer, their 'signup' event for the realtor, and
 * what they were saving. Null when the address already has an account here (nothing is changed then). The
 * buyer is one statement (its id is what the rest names); the event and the intent go in one batch after it.
 */
export async function createBuyer(
  db: D1Database,
  buyer: NewBuyer,
  intent: Intent,
  now = new Date(),
): Promise<(Buyer & { eventId: number | null }) | null> {
  const created = await db
    .prepare(
      `INSERT INTO buyers (realtor_id, email, email_key, name, phone, locale, consent_at, consent_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (realtor_id, email_key) DO NOTHING
       RETURNING id, created_at AS createdAt`,
    )
    .bind(
      buyer.realtorId,
      buyer.email.trim(),
      emailKeyOf(buyer.email),
      buyer.name,
      buyer.phone,
      buyer.locale,
      now.toISOString(),
      buyer.consentText,
    )
    .first<{ id: number; createdAt: string }>()
  if (!created) return null
  const statements = buyerEventStatements(db, {
    realtorId: buyer.realtorId,
    buyerId: created.id,
    kind: 'signup',
    searchId: null,
  })
  if (intent?.kind === 'home') statements.push(saveHomeStatement(db, created.id, intent.listingKey))
  if (intent?.kind === 'search')
    statements.push(...saveSearchStatements(db, { id: created.id, realtorId: buyer.realtorId }, intent, true))
  let stored: D1Result[]
  try {
    stored = await db.batch(statements)
  } catch (error) {
    // The sign-up is whole or not at all: an account whose realtor was never told of it is taken back, and the
    // buyer, answered with the failure, signs up again.
    await db
      .prepare('DELETE FROM buyers WHERE id = ?')
      .bind(created.id)
      .run()
      .catch(() => undefined)
    throw error
  }
  return {
    eventId: eventIdOf(stored[0]),
    id: created.id,
    realtorId: buyer.realtorId,
    email: buyer.email.trim(),
    name: buyer.name,
    phone: buyer.phone,
    locale: buyer.locale,
    confirmedAt: null,
    createdAt: created.createdAt,
  }
}

/** Name and phone, as the buyer edits them on their page (either may be cleared). */
export async function updateBuyerDetails(
  db: D1Database,
  buyer: Pick<Buyer, 'id' | 'realtorId'>,
  details: { name: string | null; phone: string | null },
): Promise<void> {
  await db
    .prepare('UPDATE buyers SET name = ?, phone = ? WHERE id = ? AND realtor_id = ?')
    .bind(details.name, details.phone, buyer.id, buyer.realtorId)
    .run()
}

/** Deletes the account and, by the schema's cascades, everything of it: links, sessions, saves, alerts, events. */
export async function deleteBuyer(db: D1Database, buyer: Pick<Buyer, 'id' | 'realtorId'>): Promise<void> {
  await db.prepare('DELETE FROM buyers WHERE id = ? AND realtor_id = ?').bind(buyer.id, buyer.realtorId).run()
}

// ---- Sign-in links -------------------------------------------------------------------------------------

/** A new one-time link's token for the buyer, leading to `nextPath` (a path of the site); their expired links go. */
export async function issueBuyerLink(
  db: D1Database,
  buyerId: number,
  nextPath: string | null,
  now = Date.now(),
): Promise<string> {
  const token = newToken()
  await db.batch([
    db.prepare('DELETE FROM buyer_links WHERE buyer_id = ? AND expires_at <= ?').bind(buyerId, now),
    db
      .prepare('INSERT INTO buyer_links (token_hash, buyer_id, expires_at, next_path) VALUES (?, ?, ?, ?)')
      .bind(await hashOf(token), buyerId, now + BUYER_LINK_TTL_MS, nextPath),
  ])
  return token
}

/**
 * Uses up a link of this realtor's site: its buyer (now confirmed) and where it leads, or null when the
 * token is malformed, unknown, used, expired or another site's. Reading and deleting are one statement, so
 * a link works once even when two requests race; another realtor's link is left alone.
 */
export async function redeemBuyerLink(
  db: D1Database,
  realtorId: number,
  token: string,
  now = Date.now(),
): Promise<{ buyer: Buyer; nextPath: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const row = await db
    .prepare(
      `DELETE FROM buyer_links WHERE token_hash = ?1
         AND buyer_id IN (SELECT id FROM buyers WHERE realtor_id = ?2)
       RETURNING buyer_id AS buyerId, expires_at AS expiresAt, next_path AS nextPath`,
    )
    .bind(await hashOf(token), realtorId)
    .first<{ buyerId: number; expiresAt: number; nextPath: string | null }>()
  if (!row || row.expiresAt <= now) return null
  const stamp = new Date(now).toISOString()
  await db
    .prepare(
      `UPDATE buyers SET confirmed_at = COALESCE(confirmed_at, ?1), last_seen_at = ?1
       WHERE id = ?2 AND realtor_id = ?3`,
    )
    .bind(stamp, row.buyerId, realtorId)
    .run()
  const buyer = await findBuyer(db, realtorId, row.buyerId)
  return buyer ? { buyer, nextPath: row.nextPath } : null
}

// ---- Sessions ------------------------------------------------------------------------------------------

/** A new signed-in browser of the buyer: the cookie's token (only its hash is stored). */
export async function createBuyerSession(db: D1Database, buyerId: number, now = Date.now()): Promise<string> {
  const token = newToken()
  await db.batch([
    db.prepare('DELETE FROM buyer_sessions WHERE buyer_id = ? AND expires_at <= ?').bind(buyerId, now),
    db
      .prepare('INSERT INTO buyer_sessions (token_hash, buyer_id, expires_at) VALUES (?, ?, ?)')
      .bind(await hashOf(token), buyerId, now + BUYER_SESSION_TTL_MS),
  ])
  return token
}

/** The buyer a session cookie signs in on this realtor's site; null when unknown, expired or another site's. */
export async function buyerOfSession(
  db: D1Database,
  realtorId: number,
  token: string,
  now = Date.now(),
): Promise<Buyer | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  return db
    .prepare(
      `SELECT ${BUYER_COLUMNS} FROM buyer_sessions s JOIN buyers b ON b.id = s.buyer_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND b.realtor_id = ?`,
    )
    .bind(await hashOf(token), now, realtorId)
    .first<Buyer>()
}

/** Ends one signed-in browser. */
export async function endBuyerSession(db: D1Database, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return
  await db
    .prepare('DELETE FROM buyer_sessions WHERE token_hash = ?')
    .bind(await hashOf(token))
    .run()
}

// ---- Saved homes ---------------------------------------------------------------------------------------

function saveHomeStatement(db: D1Database, buyerId: number, listingKey: string): D1PreparedStatement {
  // Bounded per buyer: the insert is skipped once they keep MAX_SAVED_HOMES.
  return db
    .prepare(
      `INSERT INTO saved_homes (buyer_id, listing_key)
       SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM saved_homes WHERE buyer_id = ?1) < ${MAX_SAVED_HOMES}
       ON CONFLICT (buyer_id, listing_key) DO NOTHING`,
    )
    .bind(buyerId, listingKey)
}

/** Saves (the heart filled) or unsaves a home for the buyer; either twice is the same as once. */
export async function setHomeSaved(db: D1Database, buyerId: number, listingKey: string, saved: boolean) {
  if (saved) await saveHomeStatement(db, buyerId, listingKey).run()
  else
    await db.prepare('DELETE FROM saved_homes WHERE buyer_id = ? AND listing_key = ?').bind(buyerId, listingKey).run()
}

/** The keys of the buyer's saved homes, newest first. */
export async function savedHomeKeys(db: D1Database, buyerId: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT listing_key AS k FROM saved_homes WHERE buyer_id = ? ORDER BY created_at DESC LIMIT ${MAX_SAVED_HOMES}`,
    )
    .bind(buyerId)
    .all<{ k: string }>()
  return results.map((row) => row.k)
}

/** A signed-in buyer opened a home's page: its latest visit, for the realtor's "recently viewed". */
export async function recordBuyerView(db: D1Database, buyerId: number, listingKey: string, now = new Date()) {
  await db
    .prepare(
      `INSERT INTO buyer_views (buyer_id, listing_key, viewed_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (buyer_id, listing_key) DO UPDATE SET viewed_at = ?3`,
    )
    .bind(buyerId, listingKey, now.toISOString())
    .run()
}

// ---- Saved searches ------------------------------------------------------------------------------------

export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const
export type Frequency = (typeof FREQUENCIES)[number]
export const isFrequency = (value: unknown): value is Frequency => FREQUENCIES.includes(value as Frequency)

export interface SavedSearch {
  id: number
  name: string
  query: string
  frequency: Frequency
  createdAt: string
}

/**
 * The statements that save a search (a query saved again keeps its row and takes the new name and
 * frequency); `isNew` adds the realtor's 'search' event, naming the search by its query.
 */
function saveSearchStatements(
  db: D1Database,
  buyer: Pick<Buyer, 'id' | 'realtorId'>,
  search: { name: string; frequency: Frequency; filters: SavedSearchFilters },
  isNew: boolean,
): D1PreparedStatement[] {
  const f = search.filters
  const upsert = db
    .prepare(
      `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
         property_status, property_type, min_price, max_price, beds, baths, frequency)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
       ON CONFLICT (buyer_id, query) DO UPDATE SET name = ?3, frequency = ?15`,
    )
    .bind(
      buyer.id,
      buyer.realtorId,
      search.name,
      f.query,
      f.market,
      f.placeKind,
      f.placeKey,
      f.dealType,
      f.propertyStatus,
      f.propertyType,
      f.minPrice,
      f.maxPrice,
      f.beds,
      f.baths,
      search.frequency,
    )
  if (!isNew) return [upsert]
  return [
    upsert,
    ...buyerEventStatements(db, {
      realtorId: buyer.realtorId,
      buyerId: buyer.id,
      kind: 'search',
      searchId: { query: f.query },
    }),
  ]
}

export type SaveSearchResult = 'created' | 'updated' | 'full'

/**
 * Saves a search for the buyer: a new one with its event for the realtor in one batch, or the same query's
 * row renamed and re-timed; 'full' when they already keep MAX_SAVED_SEARCHES. `eventId`: the new search's
 * event, for the first attempt at telling the realtor.
 */
export async function saveSearch(
  db: D1Database,
  buyer: Pick<Buyer, 'id' | 'realtorId'>,
  search: { name: string; frequency: Frequency; filters: SavedSearchFilters },
): Promise<{ outcome: SaveSearchResult; eventId: number | null }> {
  const [existing, count] = await db.batch([
    db.prepare('SELECT id FROM saved_searches WHERE buyer_id = ? AND query = ?').bind(buyer.id, search.filters.query),
    db.prepare('SELECT COUNT(*) AS n FROM saved_searches WHERE buyer_id = ?').bind(buyer.id),
  ])
  const isNew = (existing?.results.length ?? 0) === 0
  if (isNew && ((count?.results[0] as { n: number } | undefined)?.n ?? 0) >= MAX_SAVED_SEARCHES)
    return { outcome: 'full', eventId: null }
  const stored = await db.batch(saveSearchStatements(db, buyer, search, isNew))
  // The event's insert follows the search's upsert (saveSearchStatements).
  return isNew ? { outcome: 'created', eventId: eventIdOf(stored[1]) } : { outcome: 'updated', eventId: null }
}

/** The buyer's saved searches, newest first. */
export async function savedSearchesOf(db: D1Database, buyerId: number): Promise<SavedSearch[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, query, frequency, created_at AS createdAt FROM saved_searches
       WHERE buyer_id = ? ORDER BY id DESC LIMIT ${MAX_SAVED_SEARCHES}`,
    )
    .bind(buyerId)
    .all<SavedSearch>()
  return results
}

/** Changes how often a search of the buyer's mails them; false when it is not theirs. */
export async function setSearchFrequency(db: D1Database, buyerId: number, searchId: number, frequency: Frequency) {
  const result = await db
    .prepare('UPDATE saved_searches SET frequency = ? WHERE id = ? AND buyer_id = ?')
    .bind(frequency, searchId, buyerId)
    .run()
  return result.meta.changes > 0
}

/** Deletes a search of the buyer's (its matches and alerts go with it); false when it is not theirs. */
export async function deleteSearch(db: D1Database, buyerId: number, searchId: number) {
  const result = await db
    .prepare('DELETE FROM saved_searches WHERE id = ? AND buyer_id = ?')
    .bind(searchId, buyerId)
    .run()
  return result.meta.changes > 0
}
