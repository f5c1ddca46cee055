// Leads in D1: written before any relay, then claimed one at a time so each is sent to Slack by one
// worker only, and marked delivered or put back to pending. A claim left by a crashed worker expires.
import type { LeadInput } from './form'
import type { StoredLead } from './slack'

/** A claim older than this is taken to be abandoned (the relay itself gives up after its timeout). */
export const CLAIM_EXPIRY_SECONDS = 300
/** Leads retried per cron run: bounded work per invocation. */
export const RETRY_BATCH = 25

interface LeadRow {
  id: number
  name: string
  area: string
  phone: string
  has_site: 'yes' | 'no'
  locale: string
  created_at: string
}

const leadOf = (row: LeadRow): StoredLead => ({
  id: row.id,
  name: row.name,
  area: row.area,
  phone: row.phone,
  hasSite: row.has_site,
  locale: row.locale,
  createdAt: row.created_at,
})

export async function insertLead(db: D1Database, lead: LeadInput, locale: string): Promise<StoredLead> {
  const row = await db
    .prepare('INSERT INTO leads (name, area, phone, has_site, locale) VALUES (?, ?, ?, ?, ?) RETURNING *')
    .bind(lead.name, lead.area, lead.phone, lead.hasSite, locale)
    .first<LeadRow>()
  if (!row) throw new Error('the lead was not stored')
  return leadOf(row)
}

/** Takes the lead for sending when it is pending (or its claim expired): true for exactly one caller. */
export async function claimLead(db: D1Database, id: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE leads SET status = 'sending', attempts = attempts + 1, claimed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND (status = 'pending'
         OR (status = 'sending' AND claimed_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)))`,
    )
    .bind(id, `-${CLAIM_EXPIRY_SECONDS} seconds`)
    .run()
  return result.meta.changes === 1
}

export async function markDelivered(db: D1Database, id: number): Promise<void> {
  await db
    .prepare(
      `UPDATE leads SET status = 'delivered', delivered_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), last_error = NULL
       WHERE id = ? AND status = 'sending'`,
    )
    .bind(id)
    .run()
}

export async function releaseLead(db: D1Database, id: number, error: string): Promise<void> {
  await db
    .prepare(
      `UPDATE leads SET status = 'pending', claimed_at = NULL, last_error = ? WHERE id = ? AND status = 'sending'`,
    )
    .bind(error.slice(0, 200), id)
    .run()
}

/** Leads not yet delivered whose claim is free or expired, oldest first. */
export async function undeliveredLeads(db: D1Database, limit = RETRY_BATCH): Promise<StoredLead[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads WHERE status = 'pending'
         OR (status = 'sending' AND claimed_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?))
       ORDER BY id LIMIT ?`,
    )
    .bind(`-${CLAIM_EXPIRY_SECONDS} seconds`, limit)
    .all<LeadRow>()
  return results.map(leadOf)
}
