// The Inbox APIs (docs/decisions/049-inbox.md): no realtor reads or changes another's contacts through any
// of them (every pair of the ten demo realtors), keyset pages through thousands, filters and search,
// PATCH validation and each channel's delivery state (the exports and leads: inbox-export.test.ts).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import seedSql from '../../seed/0001_realtors.sql?raw'
import { insertContact } from '../../src/lib/contacts/store'
import type { ContactEntry, EntryPage } from '../../src/lib/inbox/types'
import { DEMO_PASSWORD } from '../fixtures/realtors'
import { ORIGIN } from '../helpers'
import { ADMIN, api, errorOf, login } from './client'

interface Demo {
  realtorId: number
  email: string
  token: string
  contactId: number
}

const demos: Demo[] = []
let admin: string
/** A realtor with thousands of contacts, for paging. */
let bulkRealtor: number

const contact = (realtorId: number, overrides: Record<string, string> = {}) => ({
  realtorId,
  name: 'Kim Minji',
  lastName: 'Kim',
  firstName: 'Minji',
  email: 'minji@example.com',
  phone: '6785550100',
  phoneCountryCode: 'US' as const,
  message: 'Hello',
  isTerm: 'Y' as const,
  ...overrides,
})

const patch = (id: number, token: string, json: unknown, headers: Record<string, string> = {}) =>
  api(`/v1/realtor-contacts/${id}`, { method: 'PATCH', token, json, headers: { origin: ORIGIN, ...headers } })

beforeAll(async () => {
  // The ten demo realtors of the seed (the fixture two are among them, kept as they are).
  await env.DB.batch(splitSql(seedSql).map((sql: string) => env.DB.prepare(sql)))
  const { results } = await env.DB.prepare(
    `SELECT r.id, a.email FROM realtors r JOIN accounts a ON a.id = r.user_id
     WHERE a.email IN (SELECT email FROM accounts WHERE email LIKE '%@realtor.local') ORDER BY r.id`,
  ).all<{ id: number; email: string }>()
  expect(results.length).toBeGreaterThanOrEqual(10)
  admin = await login(ADMIN)
  for (const row of results) {
    const stored = await insertContact(env.DB, contact(row.id, { name: `Visitor of ${row.id}` }), 'en')
    demos.push({
      realtorId: row.id,
      email: row.email,
      token: await login({ email: row.email, password: DEMO_PASSWORD }),
      contactId: stored.id,
    })
  }
  bulkRealtor = demos[1]!.realtorId
}, 120_000)

describe('the cross-realtor rule', () => {
  it('lets no demo realtor list, read, change or export another realtor’s contacts', { timeout: 120_000 }, async () => {
    let pairs = 0
    for (const reader of demos) {
      for (const owner of demos) {
        if (reader === owner) continue
        pairs++
        const list = await api(`/v1/realtor-contacts?realtorId=${owner.realtorId}`, { token: reader.token })
        expect(list.status).toBe(403)
        const one = await api(`/v1/realtor-contacts/${owner.contactId}`, { token: reader.token })
        expect(one.status).toBe(404)
        const changed = await patch(owner.contactId, reader.token, { status: 'archived', note: 'x' })
        expect(changed.status).toBe(404)
        const exported = await api(`/v1/realtor-contacts/export?realtorId=${owner.realtorId}`, { token: reader.token })
        expect(exported.status).toBe(403)
      }
    }
    expect(pairs).toBe(demos.length * (demos.length - 1))
    // Nothing was changed by any of those attempts.
    const touched = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM realtor_contacts WHERE status != 'unread' OR note != ''`,
    ).first<{ n: number }>()
    expect(touched!.n).toBe(0)
  })

  it('shows each realtor exactly their own contacts, and an admin anyone’s', async () => {
    for (const demo of demos) {
      const response = await api(`/v1/realtor-contacts?realtorId=${demo.realtorId}`, { token: demo.token })
      expect(response.status).toBe(200)
      const page = (await response.json()) as EntryPage<ContactEntry>
      expect(page.items.map((item) => item.id)).toEqual([demo.contactId])
      expect(page.unread).toBe(1)
      const byAdmin = await api(`/v1/realtor-contacts/${demo.contactId}`, { token: admin })
      expect(byAdmin.status).toBe(200)
    }
  })

  it('refuses the signed-out, an unknown realtor and a missing realtorId', async () => {
    expect((await api(`/v1/realtor-contacts?realtorId=${demos[0]!.realtorId}`)).status).toBe(401)
    expect((await api(`/v1/realtor-contacts/${demos[0]!.contactId}`)).status).toBe(401)
    expect((await api('/v1/realtor-contacts?realtorId=999999', { token: admin })).status).toBe(404)
    const missing = await api('/v1/realtor-contacts', { token: demos[0]!.token })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).fields?.[0]?.path).toBe('realtorId')
    const bad = await api(`/v1/realtor-contacts?realtorId=${demos[0]!.realtorId}&status=nope&limit=500`, {
      token: demos[0]!.token,
    })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields?.map((field) => field.path).sort()).toEqual(['limit', 'status'])
  })
})

describe('paging, filters and search', () => {
  const BULK = 2500
  beforeAll(async () => {
    await env.DB.prepare(
      `INSERT INTO realtor_contacts
         (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale, created_at, status)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       SELECT ?1, 'Bulk ' || i, 'Bulk', i, 'bulk' || i || '@example.com', '10' || printf('%08d', i), 'KR', 'm', 'Y', 'ko',
         printf('2026-10-%02dT12:00:00.000Z', 1 + i % 28), CASE WHEN i % 3 = 0 THEN 'read' ELSE 'unread' END FROM n`,
    )
      .bind(bulkRealtor, BULK)
      .run()
  })
  const owner = () => demos.find((demo) => demo.realtorId === bulkRealtor)!
  const page = async (query: string) => {
    const response = await api(`/v1/realtor-contacts?realtorId=${bulkRealtor}&${query}`, { token: owner().token })
    expect(response.status).toBe(200)
    return (await response.json()) as EntryPage<ContactEntry>
  }

  it('pages through thousands newest first, without repeats or gaps', { timeout: 60_000 }, async () => {
    const seen: number[] = []
    let after = ''
    for (;;) {
      const result = await page(`limit=100${after ? `&after=${after}` : ''}`)
      seen.push(...result.items.map((item) => item.id))
      if (!result.next) break
      after = result.next
    }
    expect(seen).toHaveLength(BULK + 1)
    expect(new Set(seen).size).toBe(BULK + 1)
    expect([...seen].sort((a, b) => b - a)).toEqual(seen)
  })

  it('uses an index for the list, not a scan of every contact', async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT * FROM realtor_contacts WHERE realtor_id = ? AND id < ? AND status != 'archived' ORDER BY id DESC LIMIT 51`,
    )
      .bind(bulkRealtor, 1000)
      .all<{ detail: string }>()
    expect(plan.results.map((row) => row.detail).join(' ')).toMatch(/USING (COVERING )?INDEX realtor_contacts_inbox/)
  })

  it('filters by status and dates and searches name, phone (with dashes) and email', async () => {
    const unread = await page('status=unread&limit=100')
    expect(unread.items.every((item) => item.status === 'unread')).toBe(true)
    expect(unread.unread).toBe(BULK - Math.floor(BULK / 3) + 1)
    expect((await page('status=read&limit=100')).items.every((item) => item.status === 'read')).toBe(true)
    const byName = await page('q=bulk%20123')
    expect(byName.items.map((item) => item.name).sort()).toEqual(
      ['Bulk 123', ...Array.from({ length: 10 }, (_, i) => `Bulk 123${i}`)].sort(),
    )
    const byPhone = await page('q=1000-0012-34')
    expect(byPhone.items.map((item) => item.name)).toEqual(['Bulk 1234'])
    const byEmail = await page('q=bulk77%40example')
    expect(byEmail.items.map((item) => item.email)).toEqual(['bulk77@example.com'])
    const day = await page('from=2026-10-05&to=2026-10-05&limit=100')
    expect(day.items.length).toBeGreaterThan(0)
    expect(day.items.every((item) => item.createdAt.startsWith('2026-10-05'))).toBe(true)
    // `%` stands for itself.
    expect((await page('q=%25')).items).toHaveLength(0)
  })
})

describe('PATCH /v1/realtor-contacts/{id}', () => {
  const mine = () => demos[0]!

  it('marks read, unread and archived with their times, and keeps a note', async () => {
    const { contactId: id, token } = mine()
    const read = (await (await patch(id, token, { status: 'read' })).json()) as ContactEntry
    expect(read).toMatchObject({ status: 'read', readAt: expect.any(String), archivedAt: null })
    const noted = (await (await patch(id, token, { note: '다음 주 화요일 통화 예정' })).json()) as ContactEntry
    expect(noted).toMatchObject({ status: 'read', note: '다음 주 화요일 통화 예정', readAt: read.readAt })
    const archived = (await (await patch(id, token, { status: 'archived' })).json()) as ContactEntry
    expect(archived.archivedAt).toEqual(expect.any(String))
    const list = await api(`/v1/realtor-contacts?realtorId=${mine().realtorId}`, { token })
    expect(((await list.json()) as EntryPage<ContactEntry>).items).toHaveLength(0)
    const back = (await (await patch(id, token, { status: 'unread' })).json()) as ContactEntry
    expect(back).toMatchObject({ status: 'unread', readAt: null, archivedAt: null, note: '다음 주 화요일 통화 예정' })
  })

  it('refuses bad bodies with named fields and changes nothing', async () => {
    const { contactId: id, token } = mine()
    const before = await env.DB.prepare('SELECT status, note FROM realtor_contacts WHERE id = ?').bind(id).first()
    for (const [body, path] of [
      [{ status: 'deleted' }, 'status'],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ note: 42 }, 'note'],
      [{}, 'status'],
      [{ status: 'read', realtorId: 3 }, ''],
    ] as const) {
      const response = await patch(id, token, body)
      expect(response.status).toBe(400)
      const error = await errorOf(response)
      expect(error.fields?.length).toBeGreaterThan(0)
      if (path) expect(error.fields?.map((field) => field.path)).toContain(path)
    }
    const text = await api(`/v1/realtor-contacts/${id}`, {
      method: 'PATCH',
      token,
      body: 'status=read',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    expect((await patch(id, token, { status: 'read' }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await patch(999999, token, { status: 'read' })).status).toBe(404)
    expect(await env.DB.prepare('SELECT status, note FROM realtor_contacts WHERE id = ?').bind(id).first()).toEqual(
      before,
    )
  })
})

describe('one contact', () => {
  it('carries the page it came from and each channel’s delivery state', async () => {
    const demo = demos[2]!
    const response = await api('/v1/realtor-contacts', {
      method: 'POST',
      json: contact(demo.realtorId, { name: '' }),
      headers: { referer: `${ORIGIN}/en/somewhere?utm=x`, 'accept-language': 'en' },
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: number }
    await env.DB.batch([
      env.DB.prepare(
        `INSERT OR REPLACE INTO deliveries (topic, message_id, destination, status, attempts) VALUES ('contact', ?1, 'realtor-email', 'delivered', 1),
         ('contact', ?1, 'realtor-webhook', 'pending', 2)`,
      ).bind(id),
      env.DB.prepare(
        `UPDATE deliveries SET status = 'failed', attempts = 9 WHERE topic = 'contact' AND message_id = ? AND destination = 'operator-webhook'`,
      ).bind(id),
    ])
    type Entry = ContactEntry & { channels: { destination: string; state: string }[] }
    const one = await api(`/v1/realtor-contacts/${id}`, { token: demo.token })
    const entry = (await one.json()) as Entry
    // Typed on the English form: given name first, as written (decision 063).
    expect(entry).toMatchObject({ page: '/en/somewhere', locale: 'en', consent: true, name: 'Minji Kim' })
    // The realtor sees their own channels; the operator's webhook is shown to admins only.
    expect(entry.channels.map(({ destination, state }) => [destination, state])).toEqual([
      ['realtor-email', 'delivered'],
      ['realtor-webhook', 'retrying'],
    ])
    const asAdmin = (await (await api(`/v1/realtor-contacts/${id}`, { token: admin })).json()) as Entry
    expect(asAdmin.channels.map(({ destination, state }) => [destination, state])).toEqual([
      ['operator-webhook', 'failed'],
      ['realtor-email', 'delivered'],
      ['realtor-webhook', 'retrying'],
    ])
  })
})
