// The outbox's 'alert' topic (docs/decisions/108-listing-alerts.md): an alert row is the message, its one
// delivery goes to 'buyer-email', and the outbox claims, sends, retries with backoff and gives up after a
// day as for every other delivery. Everything is read again when it is sent: a buyer deleted since (their
// alerts and deliveries go with them), unconfirmed, or whose search is off now gets nothing ('gone').
import { findNotificationSettings } from '../notifications/settings'
import type { OutboxConfig } from '../outbox/config'
import type { Messages } from '../outbox/deliver'
import { d1Store } from '../realtors/d1-store'
import { type AlertListing, alertMessage, HOMES_PER_MAIL } from './email'
import { openToken, unsubscribeToken } from './tokens'

export interface StoredAlert {
  id: number
  searchId: number
  buyerId: number
  realtorId: number
}

interface AlertState {
  email: string
  locale: 'ko' | 'en'
  confirmed_at: string | null
  name: string
  query: string
  frequency: string
}

/** What an alert's mail holds, read when it is sent; null: nothing is to be sent (the buyer or search went). */
export async function alertContent(db: D1Database, alert: StoredAlert) {
  const [state, homes, total] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT b.email, b.locale, b.confirmed_at, s.name, s.query, s.frequency
         FROM buyers b JOIN saved_searches s ON s.id = ?2 AND s.buyer_id = b.id
         WHERE b.id = ?1 AND b.realtor_id = ?3`,
      )
      .bind(alert.buyerId, alert.searchId, alert.realtorId),
    db
      .prepare(
        `SELECT m.listing_key AS listingKey, m.kind, l.deal_type AS dealType, l.price, l.beds, l.baths, l.address,
           l.city, l.state, l.zipcode, l.image_url AS imageUrl
         FROM alert_matches m JOIN listings l ON l.listing_key = m.listing_key
         WHERE m.search_id = ?1 AND m.alert_id = ?2 ORDER BY m.matched_at DESC, m.listing_key LIMIT ?3`,
      )
      .bind(alert.searchId, alert.id, HOMES_PER_MAIL),
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM alert_matches m JOIN listings l ON l.listing_key = m.listing_key
         WHERE m.search_id = ?1 AND m.alert_id = ?2`,
      )
      .bind(alert.searchId, alert.id),
  ])
  const row = state?.results[0] as AlertState | undefined
  if (!row?.confirmed_at || row.frequency === 'off') return null
  const listings = (homes?.results ?? []) as unknown as AlertListing[]
  if (listings.length === 0) return null
  return { ...row, homes: listings, total: Number((total?.results[0] as { n: number } | undefined)?.n ?? 0) }
}

export const alertMessages: Messages<StoredAlert> = {
  topic: 'alert',
  async load(db, ids) {
    const { results } = await db
      .prepare(
        `SELECT id, search_id AS searchId, buyer_id AS buyerId, realtor_id AS realtorId FROM alerts
         WHERE id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(ids))
      .all<StoredAlert>()
    return results
  },
  body: (alert) => ({ alertId: alert.id }),
  async sendOwn(config: OutboxConfig, alert) {
    if (!config.sendEmail || !config.fromEmail)
      throw new Error('email is not configured (SEND_EMAIL, NOTIFY_FROM_EMAIL)')
    if (!config.signingSecret) throw new Error('no secret to sign the unsubscribe link with (SESSION_SECRET)')
    const content = await alertContent(config.db, alert)
    if (!content) return 'gone'
    const realtor = await d1Store(config.db).find(String(alert.realtorId))
    if (!realtor || realtor.deletedAt) return 'gone'
    const settings = realtor.email ? null : await findNotificationSettings(config.db, alert.realtorId)
    const raw = alertMessage(
      {
        alertId: alert.id,
        locale: content.locale,
        to: content.email,
        searchName: content.name,
        searchQuery: content.query,
        realtor,
        replyToFallback: settings?.email ?? null,
        homes: content.homes,
        total: content.total,
        unsubscribeToken: await unsubscribeToken(config.signingSecret, alert.buyerId, alert.realtorId),
        openToken: await openToken(config.signingSecret, alert.id),
      },
      { from: config.fromEmail, publicOrigin: config.publicOrigin ?? '', date: new Date((config.now ?? Date.now)()) },
    )
    await config.sendEmail(config.fromEmail, content.email, raw)
  },
}
