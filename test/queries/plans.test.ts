// Every D1 statement a request path runs (tour.ts) and the cron runs, explained with EXPLAIN QUERY PLAN over
// 1,000 realtors and 100,000 homes, before and after ANALYZE: none reads a whole table, and none pages with
// OFFSET but the listings API and the home search, whose depth is bounded (docs/decisions/057-query-plans.md,
// 097-home-search.md).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { LISTINGS_MAX_DEPTH } from '../../src/lib/listings/source'
import worker from '../../src/worker'
import { property } from '../fixtures/mls'
import { seedAlertScaleData } from './alert-scale-data'
import { type Recorded, recordingD1 } from './recorder'
import { seedScaleData } from './scale-data'
import { type Answer, runTour } from './tour'

/**
 * Walks that read an index or table in order and stop after a page: allowed, each with why it is bounded.
 * Anything else that SCANs a table fails.
 */
const BOUNDED_WALKS: { sql: RegExp; why: string }[] = [
  {
    sql: /^SELECT id FROM accounts WHERE role = 'admin' LIMIT 1$/,
    why: 'accounts_admin holds only admin accounts; the first one ends the walk',
  },
  {
    sql: /^SELECT \* FROM leads WHERE status != 'archived' ORDER BY id DESC LIMIT \?$/,
    why: "the operator's leads, newest first: down the primary key until a page of leads not archived",
  },
  {
    sql: /^SELECT \* FROM lead_search_text WHERE .*LIKE .* ORDER BY id DESC LIMIT \?$/,
    why: 'a lead search shorter than a trigram (decision 078): newest first down the primary key until a page matches',
  },
  {
    sql: /FROM deliveries WHERE status = 'failed' ORDER BY id DESC LIMIT \?$/,
    why: 'deliveries_failed holds only the failed deliveries; read newest first, a page of them',
  },
  {
    sql: /^SELECT MIN\(id\) AS first, MAX\(id\) AS last, COUNT\(\*\) AS n FROM \(SELECT id FROM listing_changes ORDER BY id DESC LIMIT \?1\)$/,
    why: "the alert matcher's queue, newest first down its primary key: one batch of changes (decision 108)",
  },
  {
    sql: /FROM \(SELECT DISTINCT search_id FROM alert_matches INDEXED BY alert_matches_waiting WHERE alert_id IS NULL\) w/,
    why: 'alert_matches_waiting holds only the matches not yet mailed; the walk stops at a pass of due searches (decision 108)',
  },
]

/** Plan rows naming no stored table: json_each, subqueries, CTEs, constant rows. */
function readsStoredTable(detail: string, derived: Set<string>): string | null {
  const match = /^SCAN (\S+)/.exec(detail)
  if (!match) return null
  const name = match[1]!
  if (/VIRTUAL TABLE/.test(detail) || name.startsWith('(') || name === 'CONSTANT' || derived.has(name)) return null
  return name
}

export function problemsOf(sql: string, plan: string[]): string[] {
  const derived = new Set(plan.map((row) => /^(?:MATERIALIZE|CO-ROUTINE) (\S+)/.exec(row)?.[1]).filter(Boolean))
  const flat = sql.replace(/\s+/g, ' ').trim()
  const bounded = BOUNDED_WALKS.some((walk) => walk.sql.test(flat))
  return plan.filter((row) => readsStoredTable(row, derived as Set<string>) && !bounded)
}

const requests: Recorded[] = []
const cron: Recorded[] = []
let answers: Answer[] = []

/** One statement per SQL text, with the values it was last run with. */
function statements(log: Recorded[]): Recorded[] {
  const bySql = new Map<string, Recorded>()
  for (const entry of log) if (!bySql.has(entry.sql) || entry.binds.length > 0) bySql.set(entry.sql, entry)
  return [...bySql.values()]
}

async function plan(entry: Recorded): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${entry.sql}`)
    .bind(...entry.binds)
    .all<{ detail: string }>()
  return results.map((row) => row.detail)
}

async function scans(log: Recorded[]): Promise<string[]> {
  const found: string[] = []
  for (const entry of statements(log)) {
    const rows = problemsOf(entry.sql, await plan(entry))
    if (rows.length) found.push(`${entry.from}: ${entry.sql.replace(/\s+/g, ' ').slice(0, 160)} → ${rows.join('; ')}`)
  }
  return found
}

beforeAll(async () => {
  await seedScaleData(env.DB)
  await seedAlertScaleData(env.DB)
  // A homepage deleted long ago and a failed delivery, so the cron's purge and lists have work to plan.
  await env.DB.prepare(
    "UPDATE realtors SET deleted_at = '2020-01-01T00:00:00.000Z' WHERE desired_url = 'scale500'",
  ).run()
  answers = await runTour(requests)
  const ctx = createExecutionContext()
  // Every delivery falls due, with destinations set: the cron's retry reads its messages back.
  await env.DB.batch([
    env.DB.prepare("UPDATE deliveries SET next_attempt_at = NULL WHERE status = 'pending'"),
    env.DB.prepare(
      "UPDATE deliveries SET status = 'pending' WHERE id = (SELECT MIN(id) FROM deliveries WHERE topic = 'contact')",
    ),
  ])
  // The cron replicates the crmls feed from the loopback RESO server (scripts/fakes/reso.mjs): a new listing
  // and one of ours the MLS no longer lets sites show (removed). Its key sweep was just done, so it is not due
  // (a sweep of this small feed would remove the scale data's 50,000 crmls listings).
  const reso = `${inject('resoOrigin')}/feeds/plans${Date.now()}`
  const listed = await fetch(`${reso}/__listings`, {
    method: 'POST',
    body: JSON.stringify(
      (
        [
          ['PLANS-NEW', true],
          ['SC3230', false],
        ] as const
      ).map(([ListingKey, InternetEntireListingDisplayYN]) =>
        property({
          ListingKey,
          InternetEntireListingDisplayYN,
          UnparsedAddress: '1 Plans St',
          City: 'Irvine',
          StateOrProvince: 'CA',
          PostalCode: '92604',
          Media: [],
        }),
      ),
    ),
  })
  expect(listed.status).toBe(204)
  await env.DB.prepare("INSERT INTO mls_feeds (feed, swept_at) VALUES ('crmls', ?)")
    .bind(new Date().toISOString())
    .run()
  const recorded = {
    ...env,
    DB: recordingD1(env.DB, cron),
    SLACK_WEBHOOK_URL: 'https://hooks.slack.test/plans',
    CONTACT_WEBHOOK_URL: 'https://crm.test/contacts',
    RESO_CRMLS_BASE_URL: `${reso}/odata`,
    RESO_CRMLS_TOKEN_URL: `${reso}/token`,
    RESO_CRMLS_CLIENT_ID: 'fake-reso-client',
    RESO_CRMLS_CLIENT_SECRET: 'fake-reso-secret',
  }
  // The cron delivers with the global fetch: to the tour's fake destinations (Slack refuses, the CRM takes it),
  // not to DNS for hosts that do not exist, which workerd reports as an internal error; the RESO server is real.
  const realFetch = globalThis.fetch
  const delivered = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.startsWith(reso)) return realFetch(input, init)
    return new Response('ok', { status: url.includes('slack') ? 500 : 200 })
  })
  try {
    worker.scheduled?.({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} }, recorded, ctx)
    await waitOnExecutionContext(ctx)
  } finally {
    delivered.mockRestore()
  }
  const replicated = await env.DB.prepare(
    "SELECT listing_key FROM listings WHERE listing_key IN ('PLANS-NEW', 'SC3230')",
  ).all<{ listing_key: string }>()
  expect(replicated.results.map((row) => row.listing_key)).toEqual(['PLANS-NEW'])
}, 120_000)

describe('every request path query uses an index (EXPLAIN QUERY PLAN)', () => {
  it('the tour reached its routes: no request failed', () => {
    const failed = answers.filter((answer) => answer.status >= 500 || (answer.status >= 400 && !answer.expected))
    expect(failed.map((answer) => `${answer.status} ${answer.path} ${answer.body}`)).toEqual([])
    expect(statements(requests).length).toBeGreaterThan(50)
  })

  it('no statement of a request path scans a table, without statistics', async () => {
    expect(await scans(requests)).toEqual([])
  })

  it('nor with the statistics ANALYZE gathers over 1,000 realtors and 100,000 homes', async () => {
    await env.DB.prepare('ANALYZE').run()
    expect(await scans(requests)).toEqual([])
    expect(await scans(cron)).toEqual([])
  })

  it("the cron's statements are bounded too", async () => {
    expect(statements(cron).length).toBeGreaterThan(3)
    expect(await scans(cron)).toEqual([])
  })

  it("the alert matcher reads each changed listing's four place ranges of saved_searches_match (decision 108)", async () => {
    const matcher = statements(cron).filter((entry) => entry.sql.includes('INSERT OR IGNORE INTO alert_matches'))
    expect(matcher).toHaveLength(1)
    const rows = await plan(matcher[0]!)
    const ranges = rows.filter((row) =>
      row.includes(
        'SEARCH s USING INDEX saved_searches_match (market=? AND place_kind=? AND place_key=? AND deal_type=? AND property_status=?)',
      ),
    )
    expect(ranges, rows.join('\n')).toHaveLength(4)
    // The cron made alerts and tried to send them: every alert statement ran.
    expect(cron.some((entry) => entry.sql.startsWith('INSERT INTO alerts'))).toBe(true)
  })

  it('a table scan is caught: an unindexed query fails this test', async () => {
    const sql = 'SELECT * FROM listings WHERE address = ? ORDER BY id DESC LIMIT 10'
    expect(problemsOf(sql, await plan({ sql, binds: ['1 Main St'], from: 'test' }))).toEqual(['SCAN listings'])
    const byProfile = 'SELECT id FROM realtors r WHERE instr(r.profile, ?) > 0 LIMIT 1'
    expect(problemsOf(byProfile, await plan({ sql: byProfile, binds: ['x'], from: 'test' }))).toEqual(['SCAN r'])
  })

  it('no request path pages with OFFSET but the listings API and the home search, never past their depth limit', () => {
    const offsets = statements(requests).filter((entry) => /\bOFFSET\b/i.test(entry.sql))
    expect(new Set(offsets.map((entry) => entry.from))).toEqual(
      new Set(['src/lib/listings/source.ts', 'src/lib/mls/search.ts']),
    )
    for (const entry of requests.filter((e) => /\bOFFSET\b/i.test(e.sql) && e.binds.length)) {
      const [limit, offset] = entry.binds.slice(-2) as [number, number]
      expect(offset + limit).toBeLessThanOrEqual(LISTINGS_MAX_DEPTH)
    }
    expect(statements(cron).filter((entry) => /\bOFFSET\b/i.test(entry.sql))).toEqual([])
  })

  it("the console's search finds a term of 3+ characters through the trigram index, its rows by key", async () => {
    const searches = statements(requests).filter(
      (entry) => entry.from === 'src/lib/accounts/list.ts' && entry.sql.includes('account_search'),
    )
    const indexed = searches.filter((entry) => entry.sql.includes('MATCH'))
    expect(indexed.length).toBeGreaterThan(0)
    for (const entry of indexed) {
      const rows = await plan(entry)
      // FTS5 names a MATCH plan "INDEX n:M…": the phrase's trigrams, not a walk of the table.
      expect(rows.join('\n')).toMatch(/SCAN account_search VIRTUAL TABLE INDEX \d+:M/)
      expect(rows.filter((row) => /^SCAN (a|r|accounts|realtors)\b/.test(row))).toEqual([])
      expect(rows.filter((row) => /^SEARCH (a|r) USING INTEGER PRIMARY KEY/.test(row)).length).toBeGreaterThan(0)
    }
    // A shorter term walks the search table's text from the cursor (bounded by a page of matches).
    expect(searches.some((entry) => entry.sql.includes('LIKE'))).toBe(true)
  })

  it("the inboxes' searches find a term of 3+ characters through their trigram index, entries by key", async () => {
    const searches = statements(requests).filter(
      (entry) => entry.from === 'src/lib/inbox/store.ts' && /\b(contact|lead)_search/.test(entry.sql),
    )
    const indexed = searches.filter((entry) => entry.sql.includes('MATCH'))
    expect(new Set(indexed.map((entry) => /FROM (\w+) s CROSS JOIN/.exec(entry.sql)?.[1]))).toEqual(
      new Set(['contact_search', 'lead_search']),
    )
    for (const entry of indexed) {
      const rows = await plan(entry)
      // The index is the outer loop, read in the page's order from the cursor; each hit's entry by its key.
      expect(rows[0], entry.sql).toMatch(/^SCAN s VIRTUAL TABLE INDEX \d+:M/)
      expect(rows, entry.sql).toContain('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)')
      expect(rows.join('\n'), entry.sql).not.toMatch(/TEMP B-TREE/)
    }
    // A term shorter than a trigram walks the keyset order over the view of the searched text.
    const walked = searches.filter((entry) => entry.sql.includes('LIKE'))
    expect(new Set(walked.map((entry) => /FROM (\w+)/.exec(entry.sql)?.[1]))).toEqual(
      new Set(['contact_search_text', 'lead_search_text']),
    )
  })

  it("no request binds a LIKE pattern over D1's 50 bytes", () => {
    const long = requests
      .filter((entry) => / LIKE /.test(entry.sql))
      .flatMap((entry) => entry.binds.filter((value) => typeof value === 'string'))
      .filter((value) => new TextEncoder().encode(value as string).length > 50)
    expect(long).toEqual([])
  })

  it('listings pages are read in index order: no sort of a city or an agent', async () => {
    const listings = statements(requests).filter((entry) => entry.from === 'src/lib/listings/source.ts')
    expect(listings.length).toBeGreaterThanOrEqual(8)
    for (const entry of listings) expect((await plan(entry)).join('\n')).not.toMatch(/TEMP B-TREE/)
  })

  it("home searches read their shape's index in order: never a sort, never the table for a count", async () => {
    const searches = statements(requests).filter((entry) => /INDEXED BY listings_find_/.test(entry.sql))
    const shapes = new Set(searches.map((entry) => /INDEXED BY (listings_find_\w+)/.exec(entry.sql)![1]))
    // Every place kind (city, ZIP, neighbourhood, the whole market) × both orders.
    expect(shapes.size).toBe(8)
    for (const entry of searches) {
      const rows = (await plan(entry)).join('\n')
      expect(rows, entry.sql).not.toMatch(/TEMP B-TREE/)
      if (entry.sql.startsWith('SELECT COUNT(*)'))
        expect(rows, entry.sql).toMatch(/USING COVERING INDEX listings_find_/)
    }
  })
})

/**
 * Every file of the worker that prepares statements, with how many `.prepare(` calls it has and which it
 * has that the tour and the cron do not run (why, each). A new call fails the count below: reach it from
 * tour.ts (then it is explained like the rest) or say here why no request runs it.
 */
const INVENTORY: Record<string, { sites: number; unreached?: string[] }> = {
  'src/lib/analytics-store.ts': { sites: 1 },
  'src/lib/accounts/invitations.ts': { sites: 4 },
  'src/lib/accounts/list.ts': { sites: 2 },
  'src/lib/accounts/password-resets.ts': { sites: 5 },
  'src/lib/accounts/settings.ts': { sites: 3 },
  'src/lib/accounts/sign-in-codes.ts': { sites: 4 },
  'src/lib/accounts/store.ts': { sites: 7, unreached: ['the admin account insert: only on a database with no admin'] },
  'src/lib/alerts/create.ts': { sites: 4 },
  'src/lib/alerts/match.ts': { sites: 3 },
  'src/lib/alerts/messages.ts': { sites: 4 },
  'src/lib/buyers/events.ts': { sites: 2 },
  'src/lib/buyers/inbox.ts': { sites: 9 },
  'src/lib/buyers/notify.ts': { sites: 1 },
  'src/lib/buyers/store.ts': {
    sites: 24,
    unreached: ['createBuyer taking back a sign-up whose event could not be stored (by primary key)'],
  },
  'src/lib/contacts/store.ts': { sites: 2 },
  'src/lib/domains/activation.ts': { sites: 3 },
  'src/lib/domains/simulator.ts': {
    sites: 6,
    unreached: ['findByHostname: a leftover custom hostname after a duplicate create (its unique index)'],
  },
  'src/lib/domains/store.ts': {
    sites: 10,
    unreached: ["markChecked: the cron's re-check that finds nothing changed (by primary key)"],
  },
  'src/lib/domains/takeovers.ts': {
    sites: 6,
    unreached: ['forgetTakeover: a counted takeover whose provider call then failed (by primary key)'],
  },
  'src/lib/inbox/store.ts': { sites: 6 },
  'src/lib/leads/conversion.ts': { sites: 2 },
  'src/lib/leads/store.ts': { sites: 2 },
  'src/lib/listings/source.ts': { sites: 2 },
  'src/lib/mls/home.ts': { sites: 4 },
  'src/lib/mls/record.ts': { sites: 2 },
  'src/lib/mls/replicate.ts': {
    sites: 4,
    unreached: [
      "the key sweep's walk of our keys (listings_key): due once a day; the tour's feed was just swept, as a sweep" +
        " of its two listings would remove the scale data's 50,000 crmls homes",
    ],
  },
  'src/lib/mls/search.ts': { sites: 4 },
  'src/lib/mls/seo.ts': { sites: 2 },
  'src/lib/notifications/send.ts': { sites: 1 },
  'src/lib/notifications/settings.ts': { sites: 3 },
  'src/lib/outbox/deliveries.ts': { sites: 8 },
  'src/lib/page-views/dashboard.ts': { sites: 7 },
  'src/lib/photos/release.ts': { sites: 1 },
  'src/lib/push/devices.ts': { sites: 5 },
  'src/lib/realtors/address-changes.ts': { sites: 3 },
  'src/lib/realtors/d1-store.ts': {
    sites: 11,
    unreached: [
      'list(): no route lists realtors but the sitemap, which pages with listPublishedSites',
      'remove(): no route deletes a realtor row (homepages are deleted softly; the cron purges them)',
    ],
  },
  'src/lib/realtors/lifecycle.ts': { sites: 10 },
  'src/lib/realtors/own-settings.ts': { sites: 3 },
  'src/routes/alerts.tsx': { sites: 3 },
  'src/routes/buyers.tsx': { sites: 1 },
}

const SOURCES = import.meta.glob('../../src/{lib,routes,middleware}/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('the inventory of statements', () => {
  const sites = Object.fromEntries(
    Object.entries(SOURCES)
      .map(([file, text]) => [file.replace('../../', ''), (text.match(/\.prepare\(/g) ?? []).length] as const)
      .filter(([, count]) => count > 0),
  )

  it('names every file that prepares statements, with its count of calls', () => {
    expect(sites).toEqual(Object.fromEntries(Object.entries(INVENTORY).map(([file, { sites }]) => [file, sites])))
  })

  it('the tour and the cron run every call but the ones named unreached', () => {
    const ran = new Map<string, number>()
    for (const entry of statements([...requests, ...cron])) ran.set(entry.from, (ran.get(entry.from) ?? 0) + 1)
    const short = Object.entries(INVENTORY)
      .filter(([file, { sites, unreached = [] }]) => (ran.get(file) ?? 0) < sites - unreached.length)
      .map(([file, { sites, unreached = [] }]) => {
        const seen = statements([...requests, ...cron]).filter((entry) => entry.from === file)
        const texts = seen.map((entry) => entry.sql.replace(/\s+/g, ' ').slice(0, 70))
        return `${file}: ${ran.get(file) ?? 0} of ${sites - unreached.length} (ran: ${texts.join(' | ')})`
      })
    expect(short).toEqual([])
  })

  // The listings API's pages and the home search's (each depth bounded by LISTINGS_MAX_DEPTH, decision 057:
  // a search page starts before the 1,000th home of its filters, SEARCH_MAX_PAGE pages of SEARCH_PAGE_SIZE).
  it('OFFSET appears in no SQL of the worker but the listings page and the home search', () => {
    const withOffset = Object.entries(SOURCES)
      .filter(([, text]) => /\bOFFSET \?/.test(text))
      .map(([file]) => file.replace('../../', ''))
    expect(withOffset).toEqual(['src/lib/listings/source.ts', 'src/lib/mls/search.ts'])
  })
})
