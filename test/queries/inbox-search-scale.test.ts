// A realtor's inbox search at 1,000 and 100,000 contacts (docs/decisions/078-contact-and-lead-search.md): a
// term of 3+ characters reads through the trigram index what its page needs, the same at both sizes, and
// another realtor's search reads the same whatever this one holds; a shorter term walks the realtor's own
// contacts only until a page matches. Rows read are D1's own count (meta.rows_read) of the page's statement.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { contactSource } from '../../src/lib/inbox/source'
import { type EntryFilter, listEntries } from '../../src/lib/inbox/store'
import type { ContactEntry, EntryPage } from '../../src/lib/inbox/types'
import { NAMES, nameOf } from '../fixtures/korean-names'
import { type Recorded, recordingD1 } from './recorder'

/** The realtor whose inbox grows to 100,000 contacts, one with a few hundred, and the rest of the service. */
const BIG = 7001
const SMALL = 7002
const OTHERS = 8000

/**
 * Contacts `from`…`to` of a realtor (or of 100 realtors from OTHERS): even ones sent from the Korean form
 * ("김 서연"), odd ones from the English form ("Seoyeon Kim"), each with its own email and phone, a third
 * each unread, read and archived, one a minute.
 */
async function seedContacts(realtor: number | 'others', from: number, to: number): Promise<void> {
  const last = (script: 0 | 1) => nameOf('surname', 'i', script)
  const first = (script: 0 | 1) => nameOf('given', 'i', script)
  await env.DB.prepare(
    `INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code,
       message, is_term, locale, status, created_at)
     WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     SELECT ${realtor === 'others' ? `${OTHERS} + i % 100` : realtor},
       CASE WHEN i % 2 = 0 THEN ${last(0)} || ' ' || ${first(0)} ELSE ${first(1)} || ' ' || ${last(1)} END,
       CASE WHEN i % 2 = 0 THEN ${last(0)} ELSE ${last(1)} END,
       CASE WHEN i % 2 = 0 THEN ${first(0)} ELSE ${first(1)} END,
       lower(${last(1)}) || '.u' || i || '@scale.test', '+8210' || printf('%08d', i), 'KR', 'm', 'Y',
       CASE WHEN i % 2 = 0 THEN 'ko' ELSE 'en' END,
       CASE i % 3 WHEN 0 THEN 'unread' WHEN 1 THEN 'read' ELSE 'archived' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes')
     FROM n`,
  )
    .bind(from, to, NAMES)
    .run()
}

/** Searches as a realtor types them, from rare to common, in both scripts and every length. */
const TERMS = {
  unique: 'u458@', // one contact (park.u458@scale.test)
  none: 'irvine', // no contact
  rareKorean: '김서연', // 1 in 80, written "김 서연"
  common: 'seoyeon', // 1 in 20
  latin3: 'kim', // 1 in 8 (emails)
  phone: '010-0000-0458', // one contact, by its digits
  korean2: '서연', // 1 in 20, shorter than a trigram
  korean1: '김', // 1 in 8, shorter than a trigram
  absentShort: 'zq', // no contact, shorter than a trigram: reads the realtor's whole inbox
} as const
/** A page of a common term among archived contacts only (1 in 3). */
const ARCHIVED: Partial<EntryFilter> = { status: 'archived' }

interface Measure {
  page: EntryPage<ContactEntry>
  rowsRead: number
}
type Measured = Record<keyof typeof TERMS | 'archived', Measure>

async function search(realtorId: number, q: string, extra: Partial<EntryFilter> = {}): Promise<Measure> {
  const log: Recorded[] = []
  const page = await listEntries(
    recordingD1(env.DB, log),
    contactSource,
    { realtorId },
    { status: 'all', q, limit: 50, ...extra },
  )
  // The page's statement, not the unread count beside it (a count of the realtor's unread contacts).
  const statement = log.find((entry) => entry.rowsRead !== undefined && !entry.sql.includes('COUNT(*)'))
  return { page, rowsRead: statement?.rowsRead ?? 0 }
}

async function measure(realtorId: number): Promise<Measured> {
  const measured = {} as Measured
  for (const [name, q] of Object.entries(TERMS) as [keyof typeof TERMS, string][])
    measured[name] = await search(realtorId, q)
  measured.archived = await search(realtorId, 'kim', ARCHIVED)
  return measured
}

let bigSmall: Measured
let bigLarge: Measured
let smallBefore: Measured
let smallAfter: Measured

beforeAll(async () => {
  await seedContacts(SMALL, 200_001, 200_400)
  await seedContacts('others', 300_001, 310_000)
  await seedContacts(BIG, 1, 1_000)
  bigSmall = await measure(BIG)
  smallBefore = await measure(SMALL)
  await seedContacts(BIG, 1_001, 100_000)
  bigLarge = await measure(BIG)
  smallAfter = await measure(SMALL)
}, 300_000)

const INDEXED = ['unique', 'none', 'rareKorean', 'common', 'latin3', 'phone', 'archived'] as const

describe("a realtor's inbox search at 1,000 and 100,000 contacts", () => {
  it('finds what it should at both sizes, only among its own contacts', async () => {
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts WHERE realtor_id = ?')
      .bind(BIG)
      .first<{ n: number }>()
    expect(count!.n).toBe(100_000)
    expect(bigLarge.unique.page.items.map((item) => item.email)).toEqual(['park.u458@scale.test'])
    expect(bigLarge.phone.page.items.map((item) => item.email)).toEqual(['park.u458@scale.test'])
    expect(bigLarge.none.page.items).toEqual([])
    expect(bigLarge.absentShort.page.items).toEqual([])
    for (const item of bigLarge.rareKorean.page.items) expect(item.name).toBe('김 서연')
    for (const name of ['rareKorean', 'common', 'latin3', 'korean2', 'korean1', 'archived'] as const) {
      expect(bigLarge[name].page.items, name).toHaveLength(50)
      expect(bigLarge[name].page.next, name).not.toBeNull()
    }
    for (const item of bigLarge.archived.page.items) expect(item.status).toBe('archived')
    for (const measured of [bigLarge, smallAfter])
      for (const { page } of Object.values(measured))
        for (const item of page.items) expect([BIG, SMALL]).toContain(item.realtorId)
    expect(smallAfter.common.page.items.every((item) => item.realtorId === SMALL)).toBe(true)
  })

  it('a term of 3+ characters reads rows for the page it answers, the same at 100 times the contacts', () => {
    for (const measured of [bigSmall, bigLarge])
      for (const name of INDEXED) {
        // D1 counts each hit the index yields and its entry read by key; the archived search passes over the
        // read and unread ones (2 in 3) to fill its page.
        const passed = name === 'archived' ? 3 : 1
        const { page, rowsRead } = measured[name]
        expect(rowsRead, name).toBeLessThanOrEqual(2 * passed * (page.items.length + 1) + 10)
      }
    // The same answer costs the same at a hundred times the contacts (these find the same at both sizes).
    for (const name of ['unique', 'none', 'common', 'latin3', 'phone'] as const)
      expect(bigLarge[name].rowsRead, name).toBeLessThanOrEqual(1.2 * bigSmall[name].rowsRead + 10)
  })

  it("another realtor's search reads the same whatever this realtor holds", () => {
    for (const name of [...INDEXED, 'korean2', 'korean1', 'absentShort'] as const)
      expect(smallAfter[name].rowsRead, name).toBeLessThanOrEqual(1.2 * smallBefore[name].rowsRead + 10)
  })

  it("a shorter term walks the realtor's own contacts only until a page matches", () => {
    for (const name of ['korean2', 'korean1'] as const) {
      expect(bigLarge[name].rowsRead, name).toBeLessThan(5_000)
      expect(bigLarge[name].rowsRead, name).toBeLessThanOrEqual(1.2 * bigSmall[name].rowsRead + 50)
    }
    // Nothing matches: each of the realtor's contacts is read once (the known cost of decision 078).
    expect(bigLarge.absentShort.rowsRead).toBeGreaterThan(100_000 / 2)
    expect(bigLarge.absentShort.rowsRead).toBeLessThanOrEqual(2 * 100_000 + 20)
  })

  it('a page deep into a long search reads what the second does: from its cursor, never the pages before', async () => {
    const pages: Measure[] = [await search(BIG, 'kim')]
    while (pages.length < 20) pages.push(await search(BIG, 'kim', { after: Number(pages.at(-1)!.page.next) }))
    const [, second] = pages
    const last = pages.at(-1)!
    expect(last.page.items).toHaveLength(50)
    expect(last.page.items[0]!.id).toBeLessThan(pages.at(-2)!.page.items.at(-1)!.id)
    // Each hit and its entry, from the cursor: D1 binds the cursor as a REAL, and without the CAST to an INTEGER
    // FTS5 read every hit before it (the twentieth page 1,051 rows, the second 151).
    expect(second!.rowsRead).toBeLessThanOrEqual(2 * 51 + 10)
    expect(last.rowsRead).toBeLessThanOrEqual(1.2 * second!.rowsRead + 10)
  })
})
