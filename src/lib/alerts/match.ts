// The alert matcher (docs/decisions/108-listing-alerts.md): the listings the feed added or whose price, deal
// or status changed (listing_changes, written by triggers on listings) against the saved searches, newest
// changes first, a bounded batch per cron pass. A changed listing reads only the saved_searches_match entries
// of its market, its place (its city, its ZIP, its neighbourhood, and the whole market) and its deal and
// status — four index ranges, never every search — and the rest of the filters are checked on those entries.
// A match is stored once per search and home, ever (alert_matches' primary key): no alert repeats a home.

/**
 * Changes taken per batch: each is one listing read by key and four index ranges of searches, and costs what
 * those ranges hold (bench:scale: ~10–30 ms of SQL a change at 100,000 searches over the bench's few cities),
 * so a batch stays a few seconds of one D1 statement, far under D1's limit for one.
 */
export const MATCH_BATCH = 100

/**
 * One place kind's part of the match: the searches of that place, by the index's prefix. CROSS JOIN keeps
 * the changed listings the outer loop (SQLite never reorders it), so each reads one range of the index.
 */
const placePart = (kind: 'city' | 'zip' | 'area' | 'all', key: string) => `
  SELECT s.id, ch.listing_key, ch.kind, s.buyer_id
  FROM ch CROSS JOIN saved_searches s INDEXED BY saved_searches_match
  WHERE s.market = ch.market AND s.place_kind = '${kind}' AND s.place_key = ${key}
    AND s.deal_type = ch.deal_type AND s.property_status = ch.property_status
    AND s.frequency <> 'off'
    AND (s.min_price IS NULL OR s.min_price <= ch.price) AND (s.max_price IS NULL OR s.max_price >= ch.price)
    AND s.beds <= ch.beds AND s.baths <= ch.baths
    AND (s.property_type IS NULL OR s.property_type = ch.property_type)
    AND s.created_at <= ch.changed_at`

/**
 * The one statement that matches every change of ids ?1 to ?2: the changed listings as they are now (a listing
 * deleted since is not there, so it is skipped), each against its four ranges of searches, the searches'
 * buyers confirmed (nothing is ever mailed to an address that did not confirm). Searches made after the
 * change do not match it. OR IGNORE: a home already matched to a search (this batch or ever) stays as it was.
 */
export const MATCH_SQL = `WITH ch AS MATERIALIZED (
    SELECT c.listing_key, c.kind, c.changed_at, l.market, lower(l.city) AS city, l.zipcode,
      lower(l.subdivision) AS area, l.deal_type, l.property_status, l.property_type, l.price, l.beds, l.baths
    FROM listing_changes c JOIN listings l ON l.listing_key = c.listing_key
    WHERE c.id BETWEEN ?1 AND ?2
  )
  INSERT OR IGNORE INTO alert_matches (search_id, listing_key, kind)
  SELECT m.id, m.listing_key, m.kind
  FROM (${placePart('city', 'ch.city')}
    UNION ALL ${placePart('zip', 'ch.zipcode')}
    UNION ALL ${placePart('area', 'ch.area')}
    UNION ALL ${placePart('all', "''")}
  ) m CROSS JOIN buyers b ON b.id = m.buyer_id
  WHERE b.confirmed_at IS NOT NULL`

export interface MatchPass {
  /** Change rows taken (and deleted). */
  changes: number
  /** New matches stored. */
  matches: number
  /** The matching statement's time in D1, in milliseconds (the scale bench's figure). */
  sqlMs: number
}

/**
 * One batch: the newest `limit` changes are matched and deleted together (one D1 batch, so a failure leaves
 * them to the next pass). Newest first: a home that just came on the market is alerted in the pass after it
 * arrived even behind a backlog (a feed's first import, thousands of changes), which drains behind it. The
 * batch is an id range read first; a change written meanwhile has a higher id and waits for the next batch.
 */
export async function matchChanges(db: D1Database, limit = MATCH_BATCH): Promise<MatchPass> {
  const range = await db
    .prepare(
      'SELECT MIN(id) AS first, MAX(id) AS last, COUNT(*) AS n FROM (SELECT id FROM listing_changes ORDER BY id DESC LIMIT ?1)',
    )
    .bind(limit)
    .first<{ first: number | null; last: number | null; n: number }>()
  if (!range?.first || !range.last) return { changes: 0, matches: 0, sqlMs: 0 }
  const [matched] = await db.batch([
    db.prepare(MATCH_SQL).bind(range.first, range.last),
    db.prepare('DELETE FROM listing_changes WHERE id BETWEEN ?1 AND ?2').bind(range.first, range.last),
  ])
  return { changes: range.n, matches: matched?.meta.changes ?? 0, sqlMs: matched?.meta.duration ?? 0 }
}

/** Batches per cron pass: 500 changes every 5 minutes, 144,000 a day, far above what the feeds change. */
export const MATCH_BATCHES = 5

/** Passes until the queue is empty or `maxBatches` ran: the cron's step (bounded), a test's drain. */
export async function matchAll(
  db: D1Database,
  { limit = MATCH_BATCH, maxBatches = MATCH_BATCHES } = {},
): Promise<MatchPass> {
  const total = { changes: 0, matches: 0, sqlMs: 0 }
  for (let batch = 0; batch < maxBatches; batch++) {
    const pass = await matchChanges(db, limit)
    total.changes += pass.changes
    total.matches += pass.matches
    total.sqlMs += pass.sqlMs
    if (pass.changes < limit) break
  }
  return total
}
