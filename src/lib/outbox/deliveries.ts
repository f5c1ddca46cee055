// The deliveries table (migrations/0005_outbox.sql): every statement that enqueues, claims or settles one.
import type { Destination } from './config'

/** What a message is, and so which table holds it: 'lead' (leads), 'contact' (realtor_contacts). */
export type Topic = 'lead' | 'contact'

export interface Delivery {
  id: number
  topic: Topic
  messageId: number
  destination: Destination
}

/**
 * A claim older than this is taken to be abandoned by a sender that died: far longer than an attempt
 * can last (the upstream deadline), so a live sender never loses its claim.
 */
export const CLAIM_EXPIRY_SECONDS = 300

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
/** Free to claim: waiting, or claimed so long ago that its sender is gone. The one definition of it. */
const CLAIMABLE = `status IN ('pending', 'sending')
  AND (status = 'pending' OR claimed_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${CLAIM_EXPIRY_SECONDS} seconds'))`

interface DeliveryRow {
  id: number
  topic: Topic
  message_id: number
  destination: Destination
}

const deliveryOf = (row: DeliveryRow): Delivery => ({
  id: row.id,
  topic: row.topic,
  messageId: row.message_id,
  destination: row.destination,
})

/**
 * The deliveries of the message inserted just before, in the same batch: the message and its deliveries
 * are written together or not at all, so no stored message is left without them. The message's id is
 * read once (a materialized CTE) before any delivery row is inserted and changes last_insert_rowid().
 */
export function enqueue(db: D1Database, topic: Topic, destinations: readonly Destination[]): D1PreparedStatement {
  return db
    .prepare(
      `WITH message(id) AS MATERIALIZED (SELECT last_insert_rowid())
       INSERT INTO deliveries (topic, message_id, destination)
       SELECT ?1, message.id, value FROM message, json_each(?2)`,
    )
    .bind(topic, JSON.stringify(destinations))
}

/**
 * Takes the delivery for sending: its attempt number for exactly one caller, null for every other. The
 * number is the claim's fencing token: a sender whose claim expired and was taken over settles nothing.
 */
export async function claim(db: D1Database, id: number): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = ${NOW}
       WHERE id = ? AND ${CLAIMABLE} RETURNING attempts`,
    )
    .bind(id)
    .first<{ attempts: number }>()
  return row?.attempts ?? null
}

export async function markDelivered(db: D1Database, id: number, attempt: number): Promise<void> {
  await db
    .prepare(
      `UPDATE deliveries SET status = 'delivered', delivered_at = ${NOW}, claimed_at = NULL, last_error = NULL
       WHERE id = ? AND status = 'sending' AND attempts = ?`,
    )
    .bind(id, attempt)
    .run()
}

/** Gives the claim back after a failed attempt: pending for the next sender, or failed when given up. */
export async function release(
  db: D1Database,
  id: number,
  attempt: number,
  error: string,
  giveUp: boolean,
): Promise<void> {
  await db
    .prepare(
      `UPDATE deliveries SET status = ?, claimed_at = NULL, last_error = ?
       WHERE id = ? AND status = 'sending' AND attempts = ?`,
    )
    .bind(giveUp ? 'failed' : 'pending', error.slice(0, 200), id, attempt)
    .run()
}

/** Claimable deliveries of a topic to these destinations, oldest first; only one message's when given. */
export async function claimable(
  db: D1Database,
  topic: Topic,
  destinations: readonly Destination[],
  { messageId, limit }: { messageId?: number; limit: number },
): Promise<Delivery[]> {
  const { results } = await db
    .prepare(
      `SELECT id, topic, message_id, destination FROM deliveries
       WHERE topic = ?1 AND destination IN (SELECT value FROM json_each(?2))
         AND (?3 IS NULL OR message_id = ?3) AND ${CLAIMABLE}
       ORDER BY id LIMIT ?4`,
    )
    .bind(topic, JSON.stringify(destinations), messageId ?? null, limit)
    .all<DeliveryRow>()
  return results.map(deliveryOf)
}
