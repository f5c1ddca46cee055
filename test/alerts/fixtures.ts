// Buyers and saved searches written straight into D1 (issue 32: another part builds sign-up and saving), and
// the alert tests' shared state.
import { env } from 'cloudflare:test'

export const JANE = 2
export const EQUITY = 1

export interface BuyerOptions {
  realtorId?: number
  email?: string
  locale?: 'ko' | 'en'
  confirmed?: boolean
}

let made = 0

export async function makeBuyer({
  realtorId = JANE,
  email,
  locale = 'en',
  confirmed = true,
}: BuyerOptions = {}): Promise<number> {
  const address = email ?? `buyer${++made}-${crypto.randomUUID().slice(0, 6)}@example.com`
  const row = await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, name, locale, consent_at, consent_text, confirmed_at)
     VALUES (?1, ?2, lower(?2), 'Min Park', ?3, '2026-01-01T00:00:00.000Z', 'I agree', ?4) RETURNING id`,
  )
    .bind(realtorId, address, locale, confirmed ? '2026-01-01T00:00:00.000Z' : null)
    .first<{ id: number }>()
  return row!.id
}

export interface SearchOptions {
  realtorId?: number
  name?: string
  market?: string
  placeKind?: 'city' | 'zip' | 'area' | 'all'
  placeKey?: string
  dealType?: string
  propertyStatus?: string
  propertyType?: string | null
  minPrice?: number | null
  maxPrice?: number | null
  beds?: number
  baths?: number
  frequency?: 'instant' | 'daily' | 'weekly' | 'off'
  createdAt?: string
  lastAlertAt?: string | null
  query?: string
}

/** A saved search of Johns Creek (FMLS, for sale, active) unless told otherwise; created long ago. */
export async function makeSearch(buyerId: number, options: SearchOptions = {}): Promise<number> {
  const o = {
    realtorId: JANE,
    name: 'Johns Creek, 3+ beds',
    market: 'fmls',
    placeKind: 'city',
    placeKey: 'johns creek',
    dealType: 'sale',
    propertyStatus: 'active',
    propertyType: null,
    minPrice: null,
    maxPrice: null,
    beds: 0,
    baths: 0,
    frequency: 'instant',
    createdAt: '2020-01-01T00:00:00.000Z',
    lastAlertAt: null,
    ...options,
  }
  const query =
    o.query ?? `?${o.placeKind === 'all' ? 'all=1' : `${o.placeKind}=${encodeURIComponent(o.placeKey)}`}&n=${++made}`
  const row = await env.DB.prepare(
    `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
       property_status, property_type, min_price, max_price, beds, baths, frequency, created_at, last_alert_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17) RETURNING id`,
  )
    .bind(
      buyerId,
      o.realtorId,
      o.name,
      query,
      o.market,
      o.placeKind,
      o.placeKey,
      o.dealType,
      o.propertyStatus,
      o.propertyType,
      o.minPrice,
      o.maxPrice,
      o.beds,
      o.baths,
      o.frequency,
      o.createdAt,
      o.lastAlertAt,
    )
    .first<{ id: number }>()
  return row!.id
}

/** Every table the alerts write, emptied (listings with keys too): each test starts from nothing. */
export async function clearAlerts(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM alert_matches'),
    env.DB.prepare('DELETE FROM alerts'),
    env.DB.prepare('DELETE FROM deliveries'),
    env.DB.prepare('DELETE FROM saved_searches'),
    env.DB.prepare('DELETE FROM buyer_events'),
    env.DB.prepare('DELETE FROM buyers'),
    env.DB.prepare('DELETE FROM listings WHERE listing_key IS NOT NULL'),
    env.DB.prepare('DELETE FROM listing_changes'),
  ])
}

export async function matchesOf(searchId: number) {
  const { results } = await env.DB.prepare(
    'SELECT listing_key AS listingKey, kind, alert_id AS alertId FROM alert_matches WHERE search_id = ? ORDER BY listing_key',
  )
    .bind(searchId)
    .all<{ listingKey: string; kind: string; alertId: number | null }>()
  return results
}
