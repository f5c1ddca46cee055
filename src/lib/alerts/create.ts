// Alerts from waiting matches (docs/decisions/108-listing-alerts.md): per cron pass, after matching, each
// saved search with homes waiting (alert_id IS NULL) that is due — instant at once, daily a day after its
// last alert, weekly a week after — of a confirmed buyer gets one `alerts` row, its waiting matches are
// marked with it, and one delivery to 'buyer-email' is enqueued, all in one D1 batch: the outbox sends and
// retries it. Bounded per pass by the email platform's limits (ALERTS_PER_PASS).
import { enqueue } from '../outbox/deliveries'

/**
 * Alerts made (and sent) per cron pass. Cloudflare's Email Service applies a per-account daily quota that
 * grows with the account's reputation, and each send through the binding is a subrequest of the cron's
 * invocation beside its D1 calls (about eight an alert: claim, content, realtor, send, mark): 40 a pass keeps
 * one invocation near 320 calls, under Workers Paid's 1,000, and makes at most 11,520 a day at one pass
 * every 5 minutes; the rest wait for the next pass (docs/decisions/108-listing-alerts.md).
 */
export const ALERTS_PER_PASS = 40

export const DAY_MS = 24 * 60 * 60 * 1000

/** The searches with waiting homes that are due now, of confirmed buyers, at most `limit`. */
export const DUE_SQL = `SELECT s.id, s.buyer_id AS buyerId, s.realtor_id AS realtorId
  FROM (SELECT DISTINCT search_id FROM alert_matches INDEXED BY alert_matches_waiting WHERE alert_id IS NULL) w
  JOIN saved_searches s ON s.id = w.search_id
  JOIN buyers b ON b.id = s.buyer_id
  WHERE s.frequency <> 'off' AND b.confirmed_at IS NOT NULL
    AND (s.frequency = 'instant' OR s.last_alert_at IS NULL
      OR s.last_alert_at <= CASE s.frequency WHEN 'daily' THEN ?1 ELSE ?2 END)
  LIMIT ?3`

export interface DueSearch {
  id: number
  buyerId: number
  realtorId: number
}

/**
 * Makes the due alerts; returns their ids (the cron sends them at once). `now` in milliseconds. Each search's
 * four statements: the alert, its delivery (enqueue reads the alert's id as last_insert_rowid()), its
 * matches marked with the search's newest alert, and the search's last_alert_at.
 */
export async function createDueAlerts(
  db: D1Database,
  { now = Date.now(), limit = ALERTS_PER_PASS }: { now?: number; limit?: number } = {},
): Promise<number[]> {
  const day = new Date(now - DAY_MS).toISOString()
  const week = new Date(now - 7 * DAY_MS).toISOString()
  const { results: due } = await db.prepare(DUE_SQL).bind(day, week, limit).all<DueSearch>()
  if (due.length === 0) return []
  const at = new Date(now).toISOString()
  const statements = due.flatMap((search) => [
    db
      .prepare('INSERT INTO alerts (search_id, buyer_id, realtor_id, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id')
      .bind(search.id, search.buyerId, search.realtorId, at),
    enqueue(db, 'alert', ['buyer-email']),
    db
      .prepare(
        `UPDATE alert_matches SET alert_id = (SELECT id FROM alerts WHERE search_id = ?1 ORDER BY id DESC LIMIT 1)
         WHERE search_id = ?1 AND alert_id IS NULL`,
      )
      .bind(search.id),
    db.prepare('UPDATE saved_searches SET last_alert_at = ?2 WHERE id = ?1').bind(search.id, at),
  ])
  const answers = await db.batch<{ id: number }>(statements)
  // Each search's first statement is its alert's insert, which returns the alert's id.
  return answers.filter((_, index) => index % 4 === 0).map((answer) => answer.results[0]!.id)
}
