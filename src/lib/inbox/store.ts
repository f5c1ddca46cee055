// Reading and updating inbox entries in D1: keyset pages newest first (never OFFSET, so page 100 costs
// what page 1 costs), the filters and search, the unread count, and each channel's delivery state.
import type { ContactKind } from '../contacts/requests'
import { isIndexed, searchTerm } from '../search'
import { dayStart, nextDay } from '../time-zone'
import { likeOf, matchOf } from './search'
import { contactSource, type InboxSource } from './source'
import type { ChannelState, ChannelStatus, EntryPage, EntryStatus, StatusFilter } from './types'

/** Only a realtor's own contacts; the leads view has no scope. */
export interface Scope {
  realtorId?: number
}

export interface EntryFilter {
  status: StatusFilter
  q: string
  /** Only entries of this kind (a realtor's contacts; the leads have none). */
  kind?: ContactKind
  /** Days (YYYY-MM-DD) of `timeZone`, both included. */
  from?: string
  to?: string
  /** The zone the days are read in: the realtor's, or the operator's for the leads (UTC when absent). */
  timeZone?: string
  /** The id the previous page ended with. */
  after?: number
  limit: number
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

function scopeOf(scope: Scope): [string[], unknown[]] {
  return scope.realtorId === undefined ? [[], []] : [['realtor_id = ?'], [scope.realtorId]]
}

/**
 * The WHERE of a filter: each condition with its own bound values, in order. `cursor` is the column the
 * page's keyset runs on: the entry's id, or the search index's rowid (the same number). D1 binds a number as
 * a REAL and FTS5 starts from a rowid bound only when it is an INTEGER (else it reads every hit above the
 * cursor and SQLite drops them), hence the CAST.
 */
function whereOf<T>(source: InboxSource<T>, scope: Scope, filter: EntryFilter, cursor = 'id'): [string[], unknown[]] {
  const [conditions, values] = scopeOf(scope)
  const add = (condition: string, ...bound: unknown[]) => {
    conditions.push(condition)
    values.push(...bound)
  }
  if (filter.after !== undefined) add(`${cursor} < CAST(? AS INTEGER)`, filter.after)
  if (filter.status === 'inbox') add("status != 'archived'")
  else if (filter.status !== 'all') add('status = ?', filter.status)
  if (filter.kind && source.kinds) add('kind = ?', filter.kind)
  const zone = filter.timeZone ?? 'UTC'
  if (filter.from) add('created_at >= ?', dayStart(filter.from, zone))
  // The whole last day: anything before the next day's midnight on the same clock.
  if (filter.to) add('created_at < ?', dayStart(nextDay(filter.to), zone))
  return [conditions, values]
}

const whereClause = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '')

/**
 * A page's statement (docs/decisions/078-contact-and-lead-search.md), or null when the search can match
 * nothing. Without a search: the table down its keyset index. A term of 3+ characters: the source's trigram
 * index read newest first from the cursor (the scope's realtor inside the query), each hit's entry by primary
 * key, until a page passes the filters; CROSS JOIN keeps the index the outer loop. A shorter term: the keyset
 * walk over the view that holds the searched text, compared with LIKE until a page matches.
 */
function pageQuery<T>(source: InboxSource<T>, scope: Scope, filter: EntryFilter): [string, unknown[]] | null {
  const term = searchTerm(filter.q)
  if (term === null) return null
  const limit = filter.limit + 1
  if (isIndexed(term)) {
    const { index } = source.search
    const [conditions, values] = whereOf(source, scope, filter, 's.rowid')
    return [
      `SELECT t.* FROM ${index} s CROSS JOIN ${source.table} t ON t.id = s.rowid
       ${whereClause([`s.${index} MATCH ?`, ...conditions])} ORDER BY s.rowid DESC LIMIT ?`,
      [matchOf(source.search, term, scope.realtorId), ...values, limit],
    ]
  }
  const [conditions, values] = whereOf(source, scope, filter)
  if (!term)
    return [`SELECT * FROM ${source.table} ${whereClause(conditions)} ORDER BY id DESC LIMIT ?`, [...values, limit]]
  const [like, patterns] = likeOf(source.search, term)
  return [
    `SELECT * FROM ${source.search.view} ${whereClause([...conditions, like])} ORDER BY id DESC LIMIT ?`,
    [...values, ...patterns, limit],
  ]
}

export async function listEntries<T>(
  db: D1Database,
  source: InboxSource<T>,
  scope: Scope,
  filter: EntryFilter,
): Promise<EntryPage<T>> {
  const query = pageQuery(source, scope, filter)
  const [rows, unread] = await Promise.all([
    query
      ? db
          .prepare(query[0])
          .bind(...query[1])
          .all<Record<string, string | number | null>>()
          .then(({ results }) => results)
      : [],
    unreadCount(db, source, scope),
  ])
  const items = rows.slice(0, filter.limit).map(source.entryOf)
  const last = items.at(-1) as { id: number } | undefined
  return { items, next: rows.length > filter.limit && last ? String(last.id) : null, unread }
}

export async function unreadCount<T>(db: D1Database, source: InboxSource<T>, scope: Scope): Promise<number> {
  const [conditions, values] = scopeOf(scope)
  conditions.push("status = 'unread'")
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM ${source.table} WHERE ${conditions.join(' AND ')}`)
    .bind(...values)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** A realtor's unread contacts: the count the builder's navigation shows. */
export function unreadContacts(db: D1Database, realtorId: number): Promise<number> {
  return unreadCount(db, contactSource, { realtorId })
}

export async function findEntry<T>(db: D1Database, source: InboxSource<T>, id: number): Promise<T | null> {
  const row = await db
    .prepare(`SELECT * FROM ${source.table} WHERE id = ?`)
    .bind(id)
    .first<Record<string, string | number | null>>()
  return row ? source.entryOf(row) : null
}

export interface EntryPatch {
  status?: EntryStatus
  note?: string
}

/**
 * Sets the status and/or note; read_at is the first time it left `unread` (cleared when marked unread
 * again), archived_at the time it was archived (cleared when it comes back).
 */
export async function updateEntry<T>(
  db: D1Database,
  source: InboxSource<T>,
  id: number,
  patch: EntryPatch,
): Promise<T | null> {
  const row = await db
    .prepare(
      `UPDATE ${source.table} SET
         status = COALESCE(?1, status),
         note = COALESCE(?2, note),
         read_at = CASE WHEN ?1 = 'unread' THEN NULL WHEN ?1 IS NOT NULL THEN COALESCE(read_at, ${NOW}) ELSE read_at END,
         archived_at = CASE WHEN ?1 = 'archived' THEN COALESCE(archived_at, ${NOW}) WHEN ?1 IS NOT NULL THEN NULL ELSE archived_at END
       WHERE id = ?3 RETURNING *`,
    )
    .bind(patch.status ?? null, patch.note ?? null, id)
    .first<Record<string, string | number | null>>()
  return row ? source.entryOf(row) : null
}

/** Opening an unread entry marks it read; any other status stays as it is. */
export async function markOpened<T>(db: D1Database, source: InboxSource<T>, id: number): Promise<void> {
  await db
    .prepare(`UPDATE ${source.table} SET status = 'read', read_at = ${NOW} WHERE id = ? AND status = 'unread'`)
    .bind(id)
    .run()
}

function stateOf(status: string, attempts: number): ChannelState {
  if (status === 'delivered' || status === 'failed') return status
  return attempts > 0 ? 'retrying' : 'pending'
}

/** Each destination of the message (whatever the outbox holds for it) and where its delivery stands. */
export async function channelsOf<T>(db: D1Database, source: InboxSource<T>, id: number): Promise<ChannelStatus[]> {
  const { results } = await db
    .prepare(
      `SELECT destination, status, attempts, delivered_at, next_attempt_at FROM deliveries
       WHERE topic = ? AND message_id = ? ORDER BY destination`,
    )
    .bind(source.topic, id)
    .all<{
      destination: string
      status: string
      attempts: number
      delivered_at: string | null
      next_attempt_at: string | null
    }>()
  return results.map((row) => ({
    destination: row.destination,
    state: stateOf(row.status, row.attempts),
    attempts: row.attempts,
    deliveredAt: row.delivered_at,
    nextAttemptAt: row.next_attempt_at,
  }))
}

/**
 * The channels a user is shown: an admin sees every delivery; a realtor their own channels, since the
 * operator's webhook is the operator's business (a realtor read "Operator webhook — waiting" as their
 * contact being stuck, decision 063).
 */
export function visibleChannels(channels: ChannelStatus[], role: 'admin' | 'realtor'): ChannelStatus[] {
  return role === 'admin' ? channels : channels.filter((channel) => !channel.destination.startsWith('operator-'))
}
