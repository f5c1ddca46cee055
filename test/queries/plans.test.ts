// Every D1 statement a request path runs (tour.ts) and the cron runs, explained with EXPLAIN QUERY PLAN over
// 1,000 realtors and 100,000 homes, before and after ANALYZE: none reads a whole table, and none pages with
// OFFSET but the listings API, whose depth is bounded (docs/decisions/057-query-plans.md).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { LISTINGS_MAX_DEPTH } from '../../src/lib/listings/source'
import worker from '../../src/worker'
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
    sql: /FROM deliveries WHERE status = 'failed' ORDER BY id DESC LIMIT \?$/,
    why: 'deliveries_failed holds only the failed deliveries; read newest first, a page of them',
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
  // A homepage deleted long ago and a failed delivery, so the cron's purge and lists have work to plan.
  await env.DB.prepare(
    "UPDATE realtors SET deleted_at = '2020-01-01T00:00:00.000Z' WHERE desired_url = 'scale500'",
  ).run()
  answers = await runTour(requests)
  const ctx = createExecutionContext()
  const recorded = { ...env, DB: recordingD1(env.DB, cron) }
  worker.scheduled?.({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} }, recorded, ctx)
  await waitOnExecutionContext(ctx)
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

  it('a table scan is caught: an unindexed query fails this test', async () => {
    const sql = 'SELECT * FROM listings WHERE address = ? ORDER BY id DESC LIMIT 10'
    expect(problemsOf(sql, await plan({ sql, binds: ['1 Main St'], from: 'test' }))).toEqual(['SCAN listings'])
    const byProfile = 'SELECT id FROM realtors r WHERE instr(r.profile, ?) > 0 LIMIT 1'
    expect(problemsOf(byProfile, await plan({ sql: byProfile, binds: ['x'], from: 'test' }))).toEqual(['SCAN r'])
  })

  it('no request path pages with OFFSET but the listings API, never past its depth limit', () => {
    const offsets = statements(requests).filter((entry) => /\bOFFSET\b/i.test(entry.sql))
    expect(new Set(offsets.map((entry) => entry.from))).toEqual(new Set(['src/lib/listings/source.ts']))
    for (const entry of requests.filter((e) => /\bOFFSET\b/i.test(e.sql) && e.binds.length)) {
      const [limit, offset] = entry.binds.slice(-2) as [number, number]
      expect(offset + limit).toBeLessThanOrEqual(LISTINGS_MAX_DEPTH)
    }
    expect(statements(cron).filter((entry) => /\bOFFSET\b/i.test(entry.sql))).toEqual([])
  })

  it('listings pages are read in index order: no sort of a city or an agent', async () => {
    const listings = statements(requests).filter((entry) => entry.from === 'src/lib/listings/source.ts')
    expect(listings.length).toBeGreaterThanOrEqual(8)
    for (const entry of listings) expect((await plan(entry)).join('\n')).not.toMatch(/TEMP B-TREE/)
  })
})

const SOURCES = import.meta.glob('../../src/{lib,routes,middleware}/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('debug inventory', () => {
  it('prints', () => {
    const counts = Object.entries(SOURCES)
      .map(([file, text]) => [file.replace('../../', ''), (text.match(/\.prepare\(/g) ?? []).length] as const)
      .filter(([, n]) => n > 0)
    const seen = new Map<string, number>()
    for (const e of statements(requests)) seen.set(e.from, (seen.get(e.from) ?? 0) + 1)
    const seenCron = new Map<string, number>()
    for (const e of statements(cron)) seenCron.set(e.from, (seenCron.get(e.from) ?? 0) + 1)
    console.log(counts.map(([f, n]) => `${f} ${n} req=${seen.get(f) ?? 0} cron=${seenCron.get(f) ?? 0}`).join('\n'))
    console.log([...seen.keys()].filter((f) => !counts.some(([c]) => c === f)))
  })
})
