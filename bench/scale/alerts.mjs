// Alert matching at scale (issue 32, docs/decisions/108-listing-alerts.md): 100,000 saved searches of 100,000
// buyers, spread over the realtors and their cities as the bench's homes are (bench/scale/data.mjs), against a
// size's homes; batches of changed listings (price changes of homes picked across the whole table, as a feed's
// step brings them) matched by the worker's own statement (src/lib/alerts/match.ts MATCH_SQL) through the same
// local D1 the worker serves. Reports ms per batch and per changed listing, and judges them against budgets.
import { performance } from 'node:perf_hooks'
import { localPlatform } from '../../scripts/local-platform.mjs'
import { MATCH_BATCH, MATCH_SQL, matchChanges } from '../../src/lib/alerts/match.ts'
import { CITIES, CITY_SLOTS, NEIGHBOURHOODS } from './data.mjs'

export const SEARCHES = 100_000
/** Bumped when the searches' generator changes: a state with other searches gets these instead. */
const SEARCH_VERSION = 2
/** Measured batches of MATCH_BATCH changes, and single changes. */
const ROUNDS = 7
/**
 * A full batch (MATCH_BATCH changed homes, one D1 statement) within this much SQL time, at either size: a
 * cron pass runs MATCH_BATCHES of them, and one statement stays far under D1's limit. Measured ~0.9–1.8 s
 * here (decision 108), where the bench's 100,000 searches over its 25 cities match ~800 of them per home.
 */
export const BATCH_BUDGET_MS = 4_000
/** And per changed home in a full batch. */
export const PER_CHANGE_BUDGET_MS = 40
/**
 * The large size's batch within this multiple of the small one's: a changed home reads the searches of its
 * place, however many homes there are (the 100,000 searches are the same at both sizes).
 */
export const GROWTH_BUDGET = 1.5

/** A deterministic stream of numbers in [0, 1): the same searches on every run. */
export function random(seed) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

/** Buyer i's realtor and saved search: the realtor's city (data.mjs's rule), a place kind, filters, a frequency. */
export function searchOf(i, realtors, next) {
  const realtor = 1 + ((i * 7919) % realtors)
  const city = CITIES[CITY_SLOTS[(realtor * 37) % 100]]
  const roll = next()
  const [kind, key] =
    roll < 0.6
      ? ['city', city.city.toLowerCase()]
      : roll < 0.8
        ? ['zip', city.zip]
        : roll < 0.97
          ? ['area', `${city.city} ${NEIGHBOURHOODS[Math.floor(next() * NEIGHBOURHOODS.length)]}`.toLowerCase()]
          : ['all', '']
  const dealRoll = next()
  const [deal, status] = dealRoll < 0.8 ? ['sale', 'active'] : dealRoll < 0.9 ? ['rent', 'active'] : ['sale', 'pending']
  const rent = deal === 'rent'
  const min =
    next() < 0.34 ? null : rent ? 2000 + Math.floor(next() * 30) * 100 : 400_000 + Math.floor(next() * 200) * 5000
  const max =
    next() < 0.3
      ? null
      : (min ?? (rent ? 2000 : 400_000)) +
        (rent ? 500 + Math.floor(next() * 40) * 100 : 300_000 + Math.floor(next() * 240) * 5000)
  const frequencyRoll = next()
  const frequency =
    frequencyRoll < 0.5 ? 'instant' : frequencyRoll < 0.8 ? 'daily' : frequencyRoll < 0.95 ? 'weekly' : 'off'
  const type = next() < 0.7 ? null : ['single_family', 'condo', 'townhouse'][Math.floor(next() * 3)]
  return {
    realtor,
    confirmed: next() < 0.9,
    row: [
      realtor,
      `Search v${SEARCH_VERSION} ${i}`,
      `?${kind}=${encodeURIComponent(key || 'all')}&n=${i}`,
      city.state === 'CA' ? 'crmls' : 'fmls',
      kind,
      key,
      deal,
      status,
      type,
      min,
      max,
      Math.floor(next() * 5),
      Math.floor(next() * 4),
      frequency,
    ],
  }
}

/** Buyers and their searches in statements of CHUNK rows (JSON-bound), unless the state has them already. */
async function ensureSearches(db, realtors) {
  const have = await db
    .prepare(`SELECT COUNT(*) AS n FROM saved_searches WHERE name LIKE 'Search v${SEARCH_VERSION} %'`)
    .first('n')
  if (have === SEARCHES) return { seeded: false, seconds: 0 }
  const started = performance.now()
  await db.batch([db.prepare('DELETE FROM saved_searches'), db.prepare('DELETE FROM buyers')])
  const next = random(20261127)
  const CHUNK = 5_000
  for (let from = 0; from < SEARCHES; from += CHUNK) {
    const rows = []
    for (let i = from; i < Math.min(SEARCHES, from + CHUNK); i++) rows.push(searchOf(i, realtors, next))
    const buyers = rows.map(({ realtor, confirmed }, k) => [
      realtor,
      `buyer${from + k}@alerts.bench`,
      confirmed ? 1 : 0,
    ])
    const [inserted] = await db.batch([
      db
        .prepare(
          `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text, confirmed_at)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[1]'), 'ko',
             '2026-01-01T00:00:00.000Z', 'bench', CASE json_extract(value, '$[2]') WHEN 1 THEN '2026-01-01T00:00:00.000Z' END
           FROM json_each(?1) RETURNING id`,
        )
        .bind(JSON.stringify(buyers)),
    ])
    const ids = inserted.results.map((row) => row.id)
    await db
      .prepare(
        `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
           property_status, property_type, min_price, max_price, beds, baths, frequency, created_at)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),
           json_extract(value, '$[6]'), json_extract(value, '$[7]'), json_extract(value, '$[8]'),
           json_extract(value, '$[9]'), json_extract(value, '$[10]'), json_extract(value, '$[11]'),
           json_extract(value, '$[12]'), json_extract(value, '$[13]'), json_extract(value, '$[14]'),
           '2026-01-01T00:00:00.000Z'
         FROM json_each(?1)`,
      )
      .bind(JSON.stringify(rows.map(({ row }, k) => [ids[k], ...row])))
      .run()
  }
  await db.prepare('ANALYZE').run()
  return { seeded: true, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** One matcher batch over the waiting changes, by the worker's own matchChanges: ms, changes and matches. */
async function matchOnce(db) {
  const started = performance.now()
  const batch = await matchChanges(db, MATCH_BATCH)
  return { ms: performance.now() - started, sqlMs: batch.sqlMs, changes: batch.changes, matches: batch.matches }
}

/** Price changes of `count` homes picked across the table: the listing_changes trigger queues them. */
async function changeHomes(db, homes, count, next) {
  const keys = Array.from({ length: count }, () => `BS${1 + Math.floor(next() * homes)}`)
  await db
    .prepare('UPDATE listings SET price = price + 1000 WHERE listing_key IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(keys))
    .run()
}

/** The figures of one size: seeds the searches if needed, then measures. */
export async function measureAlertMatching(dir, { realtors, homes }) {
  const proxy = await localPlatform(dir)
  try {
    const db = proxy.env.DB
    const seed = await ensureSearches(db, realtors)
    // A clean queue: nothing but what the rounds change (and no matches of earlier runs, so each round's homes match anew).
    await db.batch([db.prepare('DELETE FROM listing_changes'), db.prepare('DELETE FROM alert_matches')])
    const plan = (await db.prepare(`EXPLAIN QUERY PLAN ${MATCH_SQL}`).bind(0, 0).all()).results.map((row) => row.detail)
    const indexed = plan.filter((row) =>
      /SEARCH s USING INDEX saved_searches_match \(market=\? AND place_kind=\? AND place_key=\? AND deal_type=\? AND property_status=\?\)/.test(
        row,
      ),
    ).length
    const next = random(homes)
    const batches = []
    const singles = []
    for (let round = 0; round < ROUNDS; round++) {
      await changeHomes(db, homes, MATCH_BATCH, next)
      batches.push(await matchOnce(db))
      // One home for sale, active: what most saved searches are of.
      await db
        .prepare(
          `UPDATE listings SET price = price + 1000 WHERE id = (SELECT id FROM listings
             WHERE id >= ?1 AND deal_type = 'sale' AND property_status = 'active' ORDER BY id LIMIT 1)`,
        )
        .bind(1 + Math.floor(next() * homes))
        .run()
      singles.push(await matchOnce(db))
    }
    // The first round warms the database's pages: the median of the rest.
    const measured = batches.slice(1)
    const batchMs = median(measured.map((b) => b.sqlMs))
    return {
      searches: SEARCHES,
      searchSeedSeconds: seed.seconds,
      batchSize: MATCH_BATCH,
      batchMs: Number(batchMs.toFixed(1)),
      batchWallMs: Number(median(measured.map((b) => b.ms)).toFixed(1)),
      perChangeMs: Number((batchMs / MATCH_BATCH).toFixed(3)),
      singleMs: Number(median(singles.slice(1).map((s) => s.sqlMs)).toFixed(1)),
      singleWallMs: Number(median(singles.slice(1).map((s) => s.ms)).toFixed(1)),
      matchesPerBatch: Math.round(median(measured.map((b) => b.matches))),
      indexedRanges: indexed,
      plan,
    }
  } finally {
    await proxy.dispose()
  }
}

export function judgeAlerts(runs) {
  const budgets = []
  const check = (name, value, limit, ok) => budgets.push({ name, value, limit, ok })
  for (const [size, run] of Object.entries(runs)) {
    const a = run.alerts
    if (!a) continue
    check(
      `${size} alert matching: the four place ranges read saved_searches_match`,
      a.indexedRanges,
      '= 4',
      a.indexedRanges === 4,
    )
    check(
      `${size} alert matching: a batch of ${a.batchSize} changed homes at ${a.searches.toLocaleString('en')} searches`,
      `${a.batchMs} ms`,
      `≤ ${BATCH_BUDGET_MS} ms`,
      a.batchMs <= BATCH_BUDGET_MS,
    )
    check(
      `${size} alert matching: per changed home`,
      `${a.perChangeMs} ms`,
      `≤ ${PER_CHANGE_BUDGET_MS} ms`,
      a.perChangeMs <= PER_CHANGE_BUDGET_MS,
    )
  }
  if (runs.small?.alerts && runs.large?.alerts) {
    const growth = runs.large.alerts.batchMs / runs.small.alerts.batchMs
    check(
      'alert matching growth small → large (batch)',
      `${growth.toFixed(2)} ×`,
      `≤ ${GROWTH_BUDGET} ×`,
      growth <= GROWTH_BUDGET,
    )
  }
  return budgets
}

export function formatAlerts(runs) {
  const lines = [
    '',
    '## Alert matching (100,000 saved searches)',
    '',
    'SQL time of the matching statement (D1 meta.duration); wall time adds the two round trips through the local platform proxy.',
    '',
    '| size | homes | batch | SQL ms / batch | ms / changed home | wall ms / batch | one change (SQL / wall) | matches / batch |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const [size, run] of Object.entries(runs)) {
    const a = run.alerts
    if (!a) continue
    lines.push(
      `| ${size} | ${run.homes.toLocaleString('en')} | ${a.batchSize} | ${a.batchMs} | ${a.perChangeMs} | ${a.batchWallMs} | ${a.singleMs} / ${a.singleWallMs} ms | ${a.matchesPerBatch} |`,
    )
  }
  return `${lines.join('\n')}\n`
}
