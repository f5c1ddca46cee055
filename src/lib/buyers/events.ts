// What a buyer did that their realtor is told of (issue 32, migrations/0034_buyers.sql): a sign-up and a
// saved search. Each is stored with its deliveries to the realtor's channels in the statement that stores
// it, as a contact is (src/lib/contacts/store.ts), so none is lost between the two; the outbox's 'buyer'
// topic sends and retries them.
import { channelsOn } from '../notifications/settings'
import { enqueue } from '../outbox/deliveries'
import { pushDestinationsOf } from '../push/devices'

export const BUYER_EVENT_KINDS = ['signup', 'search'] as const
export type BuyerEventKind = (typeof BUYER_EVENT_KINDS)[number]

export interface NewBuyerEvent {
  realtorId: number
  buyerId: number
  kind: BuyerEventKind
  /**
   * The saved search of a 'search' event; null for a sign-up. `{ query }`: the buyer's search of that query,
   * for a search saved in the same batch (its id is not known before the batch runs).
   */
  searchId: number | null | { query: string }
}

/** The id of the event a batch stored, from the result of buyerEventStatements' first statement. */
export const eventIdOf = (result: D1Result | undefined): number | null =>
  (result?.results[0] as { id: number } | undefined)?.id ?? null

/**
 * The statements that store one event and its deliveries, to run in the caller's batch right after the
 * statements that store what the event tells (the buyer, the search). The event row's id is read by the
 * enqueue as last_insert_rowid(), so nothing may be inserted between the two.
 */
export function buyerEventStatements(db: D1Database, event: NewBuyerEvent): D1PreparedStatement[] {
  const { searchId } = event
  // Always one row (a search not found is NULL), so last_insert_rowid() below is this event's.
  const insert =
    searchId !== null && typeof searchId === 'object'
      ? db
          .prepare(
            `INSERT INTO buyer_events (realtor_id, buyer_id, kind, search_id)
             VALUES (?1, ?2, ?3, (SELECT id FROM saved_searches WHERE buyer_id = ?2 AND query = ?4)) RETURNING id`,
          )
          .bind(event.realtorId, event.buyerId, event.kind, searchId.query)
      : db
          .prepare(
            'INSERT INTO buyer_events (realtor_id, buyer_id, kind, search_id) VALUES (?1, ?2, ?3, ?4) RETURNING id',
          )
          .bind(event.realtorId, event.buyerId, event.kind, searchId)
  return [
    insert,
    enqueue(db, 'buyer', [], {
      select: `${channelsOn('?3')} UNION ALL ${pushDestinationsOf('?3')}`,
      values: [event.realtorId],
    }),
  ]
}
