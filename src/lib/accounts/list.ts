// The admin console's list: every account with its homepage, then every homepage without an account,
// in pages found by key (never OFFSET, so page 200 costs what page 1 costs) and searched by the
// account's name and email, the address and the realtor's Korean name (etcInfo korea_name).
import type { HeldAddress } from '../realtors/address-changes'
import { ADDRESS_HOLD_DAYS, daysAfter } from '../realtors/lifecycle'
import { isIndexed, likePattern, phraseOf, searchTerm } from '../search'
import { type InvitationSummary, invitationSummaryOf, NO_PASSWORD } from './invitation-state'

/** One row of the console: an account (and its homepage, if any) or an unowned homepage. */
export interface AccountSummary {
  /** `a{accountId}` or `r{realtorId}`: the row's place in the order, and the cursor after it. */
  key: string
  accountId: number | null
  role: 'admin' | 'realtor' | null
  name: string
  email: string
  realtorId: number | null
  desiredUrl: string | null
  koreanName: string
  cities: string
  /** isMakeHomepage is Y. */
  published: boolean
  /** When the homepage was deleted (kept 30 days, restorable); null while it is live. */
  deletedAt: string | null
  /** The old addresses the homepage holds (they redirect to it; an admin can release them), latest first. */
  heldAddresses: ConsoleHeldAddress[]
  /** The account's invitation (docs/decisions/102-invitations.md); null when it was made with a password. */
  invitation: InvitationSummary | null
}

/** A held address as the console shows it: with the day (YYYY-MM-DD) others may take it from. */
export interface ConsoleHeldAddress extends HeldAddress {
  heldUntil: string
}

export interface AccountPage {
  items: AccountSummary[]
  /** The cursor of the next page (`after`), null on the last. */
  next: string | null
}

interface Row {
  kind: 0 | 1
  key_id: number
  account_id: number | null
  role: 'admin' | 'realtor' | null
  name: string | null
  email: string | null
  realtor_id: number | null
  desired_url: string | null
  korean_name: string | null
  cities: string | null
  published: string | null
  deleted_at: string | null
  /** A JSON array of { address, retiredAt }. */
  held: string | null
  /** The account's invitation as a JSON object of its row's columns, or null without one. */
  invitation: string | null
  has_password: number | null
}

const HOMEPAGE_COLUMNS = `r.id AS realtor_id, r.desired_url, r.deleted_at,
  json_extract(r.profile, '$.isMakeHomepage') AS published,
  (SELECT json_extract(e.value, '$.content') FROM json_each(r.profile, '$.etcInfo') e
    WHERE json_extract(e.value, '$.contentType') = 'korea_name' LIMIT 1) AS korean_name,
  (SELECT group_concat(DISTINCT json_extract(g.value, '$.city')) FROM json_each(r.profile, '$.activityRegion') g) AS cities,
  (SELECT json_group_array(json_object('address', h.address, 'retiredAt', h.retired_at)) FROM
    (SELECT address, retired_at FROM realtor_addresses WHERE realtor_id = r.id ORDER BY retired_at DESC) h) AS held`

// The account's invitation by its key, in one lookup: as a LEFT JOIN, SQLite's statistics over a handful of
// invitations chose to scan them for every account of the page.
const INVITATION_COLUMN = `(SELECT json_object('expires_at', expires_at, 'accepted_at', accepted_at,
    'revoked_at', revoked_at, 'locale', locale) FROM invitations WHERE account_id = a.id) AS invitation`

// Accounts first (by account id), then homepages nobody owns (by realtor id): `kind` and `key_id` are
// the order and the cursor. Each half is its own keyset walk (a range of its primary key, at most a page
// long), so a page reads a page of rows, not every account (docs/decisions/057-query-plans.md).
const ACCOUNT_ROWS = `SELECT 0 AS kind, a.id AS key_id, a.id AS account_id, a.role, a.name, a.email, ${HOMEPAGE_COLUMNS},
    ${INVITATION_COLUMN}, a.password_hash != '${NO_PASSWORD}' AS has_password
    FROM accounts a LEFT JOIN realtors r ON r.user_id = a.id`
const UNOWNED_ROWS = `SELECT 1 AS kind, r.id AS key_id, NULL AS account_id, NULL AS role, NULL AS name, NULL AS email,
    ${HOMEPAGE_COLUMNS}, NULL AS invitation, NULL AS has_password FROM realtors r WHERE r.user_id IS NULL`

/** A homepage nobody owns has this plus its id as its search row's rowid (migrations/0016_account_search.sql). */
const UNOWNED_ROWID = 1_000_000_000_000

function cursorOf(after: string | undefined): [number, number] {
  if (!after) return [-1, 0]
  return [after.startsWith('r') ? 1 : 0, Number(after.slice(1))]
}

/** The search table's rowid after which a page starts: its rowid order is the console's order. */
function rowidAfter([kind, id]: [number, number]): number {
  return kind === 1 ? UNOWNED_ROWID + id : Math.min(Math.max(id, 0), UNOWNED_ROWID)
}

// The matching rows of a page, in order, from the search table (docs/decisions/060-console-search-index.md):
// a term of 3+ characters is a phrase of the trigram index (a substring of one column, case-insensitive), read
// in rowid order from the cursor; a shorter one walks the table's text from the cursor with LIKE until a page
// matches. ?1 the cursor, ?2 the phrase or pattern, ?3 the page size plus one. D1 binds a number as a REAL, and
// FTS5 starts from a rowid bound only when it is an INTEGER (else it reads every row before the cursor and
// SQLite drops them): hence the CAST (docs/decisions/078-contact-and-lead-search.md).
const INDEXED_HITS = `SELECT rowid AS k FROM account_search WHERE account_search MATCH ?2 AND rowid > CAST(?1 AS INTEGER)
  ORDER BY rowid LIMIT ?3`
const WALKED_HITS = `SELECT rowid AS k FROM account_search WHERE rowid > CAST(?1 AS INTEGER) AND (name LIKE ?2 ESCAPE '\\'
  OR email LIKE ?2 ESCAPE '\\' OR desired_url LIKE ?2 ESCAPE '\\' OR korean_name LIKE ?2 ESCAPE '\\')
  ORDER BY rowid LIMIT ?3`

/** The console's rows of a page of hits, each read by its primary key. */
const rowsOf = (hits: string) => `WITH hits AS MATERIALIZED (${hits})
  SELECT * FROM (
    SELECT * FROM (${ACCOUNT_ROWS}) WHERE key_id IN (SELECT k FROM hits WHERE k < ${UNOWNED_ROWID})
    UNION ALL
    SELECT * FROM (${UNOWNED_ROWS}) WHERE key_id IN (SELECT k - ${UNOWNED_ROWID} FROM hits WHERE k >= ${UNOWNED_ROWID})
  ) ORDER BY kind, key_id`

function summaryOf(row: Row): AccountSummary {
  return {
    key: `${row.kind === 0 ? 'a' : 'r'}${row.key_id}`,
    accountId: row.account_id,
    role: row.role,
    name: row.name?.trim() || row.desired_url || '',
    email: row.email ?? '',
    realtorId: row.realtor_id,
    desiredUrl: row.desired_url,
    koreanName: row.korean_name?.trim() ?? '',
    cities: (row.cities ?? '').split(',').filter(Boolean).join(', '),
    published: row.published === 'Y',
    deletedAt: row.deleted_at,
    heldAddresses: (JSON.parse(row.held ?? '[]') as HeldAddress[]).map((held) => ({
      ...held,
      heldUntil: daysAfter(held.retiredAt, ADDRESS_HOLD_DAYS),
    })),
    invitation: row.invitation ? invitationSummaryOf(JSON.parse(row.invitation), row.has_password === 1) : null,
  }
}

/**
 * One page of the console's list after the cursor `after`, matching `query` (case-insensitive for
 * Latin letters, any part of a word: "김" finds 김민준) in the name, email, address or Korean name.
 */
export async function listAccounts(
  db: D1Database,
  { query = '', after, limit = 50 }: { query?: string; after?: string; limit?: number },
): Promise<AccountPage> {
  const search = searchTerm(query)
  if (search === null) return { items: [], next: null }
  const { results } = search
    ? await searchPage(db, search, rowidAfter(cursorOf(after)), limit)
    : await walkPage(db, after, limit)
  const items = results.slice(0, limit).map(summaryOf)
  return { items, next: results.length > limit ? (items.at(-1)?.key ?? null) : null }
}

/** Every row in the console's order: each half is a keyset walk of its primary key, at most a page long. */
function walkPage(db: D1Database, after: string | undefined, limit: number) {
  const [kind, id] = cursorOf(after)
  // ?1 and ?2: the cursor's kind and id; the accounts' half is read only while the cursor is in it.
  const half = (rows: string, from: string) =>
    `SELECT * FROM (SELECT * FROM (${rows}) WHERE key_id > ${from} ORDER BY key_id LIMIT ?3)`
  return db
    .prepare(
      `SELECT * FROM (${half(ACCOUNT_ROWS, 'CASE WHEN ?1 <= 0 THEN ?2 ELSE 9007199254740991 END')}
       UNION ALL ${half(UNOWNED_ROWS, 'CASE WHEN ?1 = 1 THEN ?2 ELSE 0 END')}) ORDER BY kind, key_id LIMIT ?3`,
    )
    .bind(kind, id, limit + 1)
    .all<Row>()
}

/** The rows matching `search` after the cursor, found through the search table. */
function searchPage(db: D1Database, search: string, cursor: number, limit: number) {
  const indexed = isIndexed(search)
  return db
    .prepare(rowsOf(indexed ? INDEXED_HITS : WALKED_HITS))
    .bind(cursor, indexed ? phraseOf(search) : likePattern(search), limit + 1)
    .all<Row>()
}
