// The console's search at 1,000 and 10,000 realtors (docs/decisions/060-console-search-index.md): a term of
// 3+ characters reads through the trigram index what its page needs, the same at both sizes; a shorter term
// walks the search table only until a page matches. Rows read are D1's own count (meta.rows_read).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { type AccountPage, listAccounts } from '../../src/lib/accounts/list'
import { NAMES, nameOf } from '../fixtures/korean-names'
import { type Recorded, recordingD1 } from './recorder'

/** Realtors `from`…`to`, each with an account and a homepage whose Korean name is in its profile. */
async function seedRealtors(from: number, to: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO accounts (email, name, role, password_hash)
       SELECT lower(${nameOf('surname', 'i', 1)}) || '.u' || i || '@scale.test',
         ${nameOf('given', 'i', 1)} || ' ' || ${nameOf('surname', 'i', 1)}, 'realtor', 'x' FROM n`,
    ).bind(from, to, NAMES),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO realtors (user_id, desired_url, profile)
       SELECT a.id, 'home' || n.i, json_object('etcInfo', json_array(json_object('contentType', 'korea_name',
         'content', ${nameOf('surname', 'n.i', 0)} || ${nameOf('given', 'n.i', 0)})))
       FROM n JOIN accounts a ON a.email = lower(${nameOf('surname', 'n.i', 1)}) || '.u' || n.i || '@scale.test'`,
    ).bind(from, to, NAMES),
  ])
}

/** Terms as the console gets them, from rare to common, in both scripts and every length. */
const TERMS = {
  unique: 'park.u458@', // one account at both sizes
  none: 'irvine', // no account
  rareKorean: '김서연', // 1 in 80
  common: 'seoyeon', // 1 in 10
  latin3: 'kim', // 1 in 8
  korean2: '서연', // 1 in 10, shorter than a trigram
  korean1: '김', // 1 in 8, shorter than a trigram
  absentShort: 'zq', // no account, shorter than a trigram: the one search that reads the whole table
} as const

type Measured = Record<keyof typeof TERMS, { page: AccountPage; rowsRead: number }>

async function measure(): Promise<Measured> {
  const measured = {} as Measured
  for (const [name, query] of Object.entries(TERMS) as [keyof typeof TERMS, string][]) {
    const log: Recorded[] = []
    const page = await listAccounts(recordingD1(env.DB, log), { query, limit: 50 })
    measured[name] = { page, rowsRead: log.reduce((sum, entry) => sum + (entry.rowsRead ?? 0), 0) }
  }
  return measured
}

/** What the triggers cost a write: a realtor's Korean name edited, an account renamed (D1's meta). */
async function writeCosts(round: string): Promise<{ rowsRead: number; rowsWritten: number }[]> {
  const results = await env.DB.batch([
    env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.etcInfo[0].content', ?) WHERE desired_url = 'home5'`,
    ).bind(`김${round}`),
    env.DB.prepare(`UPDATE accounts SET name = ? WHERE email = 'kim.u8@scale.test'`).bind(`Renamed ${round}`),
  ])
  return results.map(({ meta }) => ({ rowsRead: meta.rows_read, rowsWritten: meta.rows_written }))
}

let small: Measured
let large: Measured
let smallWrites: { rowsRead: number; rowsWritten: number }[]
let largeWrites: { rowsRead: number; rowsWritten: number }[]

beforeAll(async () => {
  await seedRealtors(1, 1_000)
  small = await measure()
  smallWrites = await writeCosts('small')
  await seedRealtors(1_001, 10_000)
  large = await measure()
  largeWrites = await writeCosts('large')
}, 120_000)

describe("the console's search at 1,000 and 10,000 realtors", () => {
  it('finds what it should at both sizes', () => {
    expect(large.unique.page.items.map((row) => row.email)).toEqual(['park.u458@scale.test'])
    expect(large.none.page.items).toEqual([])
    for (const row of large.rareKorean.page.items) expect(row.koreanName).toBe('김서연')
    for (const name of ['common', 'latin3', 'korean2', 'korean1'] as const) {
      expect(large[name].page.items, name).toHaveLength(50)
      expect(large[name].page.next, name).not.toBeNull()
    }
  })

  it('a term of 3+ characters reads rows for the page it answers, not for the table', () => {
    for (const measured of [small, large])
      for (const name of ['unique', 'none', 'rareKorean', 'common', 'latin3'] as const) {
        // Each answered row: its account, its homepage, the profile's items and its invitation (one lookup by
        // key, decision 102); then a few index pages.
        expect(measured[name].rowsRead, name).toBeLessThanOrEqual(9 * measured[name].page.items.length + 20)
      }
    // The same answer costs the same at ten times the realtors.
    for (const name of ['unique', 'none', 'common', 'latin3'] as const)
      expect(large[name].rowsRead, name).toBeLessThanOrEqual(1.2 * small[name].rowsRead)
  })

  it('a rare or absent term reads a bounded number of rows, not the accounts', () => {
    for (const name of ['unique', 'none'] as const) expect(large[name].rowsRead, name).toBeLessThan(50)
  })

  it('a shorter term walks the search table only until a page matches', () => {
    // 1 in 10 and 1 in 8 match: a page of 50 is found within about 500 rows, at either size.
    for (const name of ['korean2', 'korean1'] as const) {
      expect(large[name].rowsRead, name).toBeLessThan(1_500)
      expect(large[name].rowsRead, name).toBeLessThanOrEqual(1.2 * small[name].rowsRead + 50)
    }
  })

  it('a short term nobody matches reads each row of the search table once, no profile', async () => {
    expect(large.absentShort.page.items).toEqual([])
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM account_search').first<{ n: number }>()
    expect(large.absentShort.rowsRead).toBeGreaterThan(rows!.n / 2)
    expect(large.absentShort.rowsRead).toBeLessThanOrEqual(rows!.n + 20)
  })

  it('a write keeps the index through primary keys: the same rows at 10,000 realtors as at 1,000', async () => {
    expect(largeWrites).toEqual(smallWrites)
    for (const write of largeWrites) expect(write.rowsRead + write.rowsWritten).toBeLessThan(100)
    expect((await listAccounts(env.DB, { query: '김large' })).items.map((row) => row.desiredUrl)).toEqual(['home5'])
    expect((await listAccounts(env.DB, { query: 'Renamed large' })).items.map((row) => row.email)).toEqual([
      'kim.u8@scale.test',
    ])
    // The triggers read each view by one id: a search by primary key, never a walk of accounts or realtors.
    for (const view of ['account_search_accounts', 'account_search_homepages']) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT * FROM ${view} WHERE id = ?`)
        .bind(5)
        .all<{ detail: string }>()
      const plan = results.map((row) => row.detail)
      expect(
        plan.filter((row) => /^SCAN (a|r)\b/.test(row)),
        view,
      ).toEqual([])
      expect(
        plan.some((row) => /^SEARCH (a|r) USING INTEGER PRIMARY KEY/.test(row)),
        view,
      ).toBe(true)
    }
  })

  it('a page deep into a search reads what the second does: from its cursor, never the rows before', async () => {
    // D1 binds the cursor as a REAL; FTS5 starts from a rowid bound only when it is an INTEGER (decision 078).
    for (const query of ['kim', '김']) {
      const pages: { page: AccountPage; rowsRead: number }[] = []
      let after: string | undefined
      while (pages.length < 20) {
        const log: Recorded[] = []
        const page = await listAccounts(recordingD1(env.DB, log), { query, after, limit: 50 })
        pages.push({ page, rowsRead: log.reduce((sum, entry) => sum + (entry.rowsRead ?? 0), 0) })
        after = page.next ?? undefined
      }
      const [, second] = pages
      const last = pages.at(-1)!
      expect(last.page.items, query).toHaveLength(50)
      expect(last.rowsRead, query).toBeLessThanOrEqual(1.2 * second!.rowsRead + 20)
    }
  })
})
