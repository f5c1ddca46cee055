// Telling the realtor of a buyer's sign-up or saved search (issue 32, docs/decisions/109-buyers-in-the-inbox.md):
// the outbox's 'buyer' topic. buyerEventStatements (./events.ts) stores each event with a delivery per realtor
// channel that is on (email, webhook, each push device); the first attempt runs after the request answered
// (forwardBuyerEvent, from ctx.waitUntil), the cron retries the rest (src/lib/outbox/cron.ts), and each is
// sent through the very senders a contact's notification uses.
import type { NotifiedBuyerEvent } from '../notifications/buyer-message'
import { notifyRealtorOfBuyer, type RealtorNotice, realtorNotice } from '../notifications/send'
import { isOperatorDestination, type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages } from '../outbox/deliver'
import { sendBuyerEventPush } from '../push/send'
import { markNotified } from '../realtors/own-settings'

export type StoredBuyerEvent = NotifiedBuyerEvent

type Row = Record<string, string | number | null>

/**
 * The stored events of these ids with their buyer and search. The buyer is joined by id and the event's own
 * realtor, so an event can only ever name its realtor's buyer; one deleted since (with its buyer) is gone.
 */
export async function buyerEventsById(db: D1Database, ids: number[]): Promise<StoredBuyerEvent[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(
      `SELECT e.id, e.realtor_id, e.buyer_id, e.kind, e.created_at, b.name, b.email, b.phone,
         s.name AS search_name, s.query, s.frequency
       FROM buyer_events e JOIN buyers b ON b.id = e.buyer_id AND b.realtor_id = e.realtor_id
       LEFT JOIN saved_searches s ON s.id = e.search_id AND s.buyer_id = e.buyer_id
       WHERE e.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<Row>()
  return results.map((row) => ({
    id: Number(row.id),
    realtorId: Number(row.realtor_id),
    buyerId: Number(row.buyer_id),
    kind: row.kind === 'search' ? 'search' : 'signup',
    createdAt: String(row.created_at ?? ''),
    buyer: {
      name: row.name == null ? null : String(row.name),
      email: String(row.email ?? ''),
      phone: row.phone == null ? null : String(row.phone),
    },
    search:
      row.search_name == null
        ? null
        : { name: String(row.search_name), query: String(row.query ?? ''), frequency: String(row.frequency ?? 'off') },
  }))
}

export const buyerEventMessages: Messages<StoredBuyerEvent, RealtorNotice> = {
  topic: 'buyer',
  load: buyerEventsById,
  // No operator destination is ever enqueued for a buyer event (they are the realtor's leads, not the
  // operator's); this is what one would get.
  body: (event) => ({ type: 'buyer_event', event: { id: event.id, kind: event.kind, realtorId: event.realtorId } }),
  shared: (config, event) => realtorNotice(config.db, event.realtorId),
  sendOwn: (config, event, delivery, headers, shared) =>
    pushSubscriptionIdOf(delivery.destination) === null
      ? shared().then((notice) => notifyRealtorOfBuyer(config, event, delivery, headers, notice))
      : sendBuyerEventPush(config, event, delivery),
  // As a contact's: the first of the realtor's channels that gets through ticks "notifications reach you".
  async delivered(config, event, delivery) {
    if (!isOperatorDestination(delivery.destination)) await markNotified(config.db, event.realtorId)
  },
}

/**
 * The first attempt at a stored buyer event (after the sign-up or save answered: ctx.waitUntil with
 * afterAnswer). True once every destination took it; false when some wait for the cron, or the event is
 * gone (its buyer deleted meanwhile).
 */
export async function forwardBuyerEvent(config: OutboxConfig, eventId: number): Promise<boolean> {
  const [event] = await buyerEventsById(config.db, [eventId])
  if (!event) return false
  return deliveredEverywhere(await deliverMessage(config, buyerEventMessages, event))
}
