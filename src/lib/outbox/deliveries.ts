// The deliveries table (migrations/0005_outbox.sql): every statement that enqueues, claims or settles one.
import type { Destination, DestinationKind } from './config'

/** What a message is, and so which table holds it: 'lead' (leads), 'contact' (realtor_contacts), 'buyer' (buyer_events), 'alert' (alerts). */
export type Topic = 'lead' | 'contact' | 'buyer' | 'alert'

export interface Delivery {
  id: number
  topic: Topic
  messageId: number
  destination: Destination
  /** When the message was stored: its day of retries counts from here. */
  createdAt: string
}

/** The times a claim is judged by, as ISO strings (what the table stores): now, and when claims expire. */
export interface Clock {
  now: string
  /** Claims made before this are taken to be abandoned by a sender that died. */
  claimsExpireBefore: string
}

/**
 * Free to claim: due and waiting, or claimed before its claim expired. The one definition of it; its
 * parameters are numbered `?now` and `?expired` within the statement that uses it.
 */
const claimableWhen = (now: number, expired: number) =>
  `((status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?${now}))
    OR (status = 'sending' AND claimed_at < ?${expired}))`

interface DeliveryRow {
  id: number
  topic: Topic
  message_id: number
  destination: Destination
  created_at: string
}

const deliveryOf = (row: DeliveryRow): Delivery => ({
  id: row.id,
  topic: row.topic,
  messageId: row.message_id,
  destination: row.destination,
  createdAt: row.created_at,
})

/**
 * The deliveries of the message inserted just before, in the same batch: the message and its deliveries
 * are written together or not at all, so no stored message is left without them. The message's id is
 * read once (a materialized CTE) before any delivery row is inserted and changes last_insert_rowid().
 * `more`: destinations the database knows when the message arrives (a realtor's channels that are on, their
 * push devices), as a SELECT of one column whose parameters are numbered from ?3, with their values: read in
 * the same statement, so storing a message and choosing where it goes is one round trip.
 */
export function enqueue(
  db: D1Database,
  topic: Topic,
  destinations: readonly Destination[],
  more?: { select: string; values: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `WITH message(id) AS MATERIALIZED (SELECT last_insert_rowid())
       INSERT INTO deliveries (topic, message_id, destination)
       SELECT ?1, message.id, value FROM message, (SELECT value FROM json_each(?2)${more ? ` UNION ALL ${more.select}` : ''})`,
    )
    .bind(topic, JSON.stringify(destinations), ...(more?.values ?? []))
}

/** A won claim: its attempt number, and whether an earlier sender had begun sending and never settled. */
export interface Claim {
  /** The claim's fencing token: a sender whose claim expired and was taken over settles nothing. */
  attempt: number
  /**
   * When the previous holder began its upstream call, if it did and then stopped without settling (its
   * claim expired): the destination may have the message already. Null otherwise.
   */
  inDoubtSince: string | null
}

/**
 * Takes the delivery for sending, for exactly one caller (null for every other). send_started_at is left
 * as it was, so the claim reads what the previous holder left: set only by one that began sending and
 * never settled (release clears it).
 */
export async function claim(db: D1Database, id: number, clock: Clock): Promise<Claim | null> {
  const row = await db
    .prepare(
      `UPDATE deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = ?2
       WHERE id = ?1 AND ${claimableWhen(2, 3)} RETURNING attempts, send_started_at`,
    )
    .bind(id, clock.now, clock.claimsExpireBefore)
    .first<{ attempts: number; send_started_at: string | null }>()
  return row ? { attempt: row.attempts, inDoubtSince: row.send_started_at } : null
}

/**
 * Records, just before the upstream call, that the claim's holder begins sending now, and renews its
 * lease from this moment (claimLeaseMs: the call's deadline and the margin to settle). False when the
 * claim is no longer this attempt's (it expired while the sender prepared, and another took it over):
 * then this sender must not send.
 */
export async function startSending(db: D1Database, id: number, attempt: number, clock: Clock): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE deliveries SET send_started_at = ?3, claimed_at = ?3
       WHERE id = ?1 AND status = 'sending' AND attempts = ?2 RETURNING id`,
    )
    .bind(id, attempt, clock.now)
    .first<{ id: number }>()
  return row !== null
}

export async function markDelivered(db: D1Database, id: number, attempt: number, clock: Clock): Promise<void> {
  await db
    .prepare(
      `UPDATE deliveries SET status = 'delivered', delivered_at = ?3, claimed_at = NULL, last_error = NULL
       WHERE id = ?1 AND status = 'sending' AND attempts = ?2`,
    )
    .bind(id, attempt, clock.now)
    .run()
}

/**
 * Drops a claimed delivery whose destination no longer exists (a push device removed or expired): there is
 * nothing left to deliver to, so it is neither delivered nor failed, and the inbox stops listing it.
 */
export async function discard(db: D1Database, id: number, attempt: number): Promise<void> {
  await db
    .prepare(`DELETE FROM deliveries WHERE id = ?1 AND status = 'sending' AND attempts = ?2`)
    .bind(id, attempt)
    .run()
}

/**
 * Gives the claim back after a failed attempt: pending until `retryAt` (a later sender takes it then),
 * or failed for good when `retryAt` is null. The attempt is settled, so it no longer leaves a send in
 * doubt: an answer that came too late is decision 027's, covered by `retryAt`.
 */
export async function release(
  db: D1Database,
  id: number,
  attempt: number,
  error: string,
  retryAt: string | null,
): Promise<void> {
  await db
    .prepare(
      `UPDATE deliveries SET status = ?3, next_attempt_at = ?4, claimed_at = NULL, send_started_at = NULL,
         last_error = ?5
       WHERE id = ?1 AND status = 'sending' AND attempts = ?2`,
    )
    .bind(id, attempt, retryAt === null ? 'failed' : 'pending', retryAt, error.slice(0, 200))
    .run()
}

/**
 * Claimable deliveries of a topic to destinations of these kinds (destinationKind: the name before any
 * colon), oldest first; only one message's when given.
 */
export async function claimable(
  db: D1Database,
  topic: Topic,
  kinds: readonly DestinationKind[],
  clock: Clock,
  { messageId, limit }: { messageId?: number; limit: number },
): Promise<Delivery[]> {
  // One message's: its rows by (topic, message_id), the unique index. The cron's: the open deliveries of
  // the topic (deliveries_due, a partial index its WHERE must repeat), never every delivery ever made.
  const which = messageId === undefined ? "status IN ('pending', 'sending')" : 'message_id = ?3'
  const { results } = await db
    .prepare(
      `SELECT id, topic, message_id, destination, created_at FROM deliveries
       WHERE topic = ?1 AND ${which}
         AND substr(destination, 1, instr(destination || ':', ':') - 1) IN (SELECT value FROM json_each(?2))
         AND ${claimableWhen(5, 6)}
       ORDER BY id LIMIT ?4`,
    )
    .bind(topic, JSON.stringify(kinds), messageId ?? null, limit, clock.now, clock.claimsExpireBefore)
    .all<DeliveryRow>()
  return results.map(deliveryOf)
}

export type FailedDelivery = Delivery & { lastError: string }

/** Deliveries given up (failed after a day of retries), newest first: what the operator is shown. */
export async function failedDeliveries(db: D1Database, limit = 20): Promise<FailedDelivery[]> {
  const { results } = await db
    .prepare(
      `SELECT id, topic, message_id, destination, created_at, last_error FROM deliveries
       WHERE status = 'failed' ORDER BY id DESC LIMIT ?`,
    )
    .bind(limit)
    .all<DeliveryRow & { last_error: string | null }>()
  return results.map((row) => ({ ...deliveryOf(row), lastError: row.last_error ?? '' }))
}
