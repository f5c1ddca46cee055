// The Inbox exports and the admin's leads (docs/decisions/049-inbox.md): the CSV's bytes (BOM, CRLF,
// Korean intact, quoting, formulas made inert), the JSON export, and /v1/leads for admins only.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertContact } from '../../src/lib/contacts/store'
import type { ContactEntry, EntryPage, LeadEntry } from '../../src/lib/inbox/types'
import { ORIGIN } from '../helpers'
import { ADMIN, api, JANE, login } from './client'

let admin: string
let realtor: { realtorId: number; token: string }
let other: string

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

beforeAll(async () => {
  admin = await login(ADMIN)
  const row = await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>()
  realtor = { realtorId: row!.id, token: await login(JANE) }
  other = realtor.token
  await insertContact(env.DB, contact(realtor.realtorId, { name: 'Visitor of Jane' }), 'en')
})

describe('the export', () => {
  it('is CSV with a BOM, CRLF rows, Korean intact, quoting and no live formulas', async () => {
    const demo = realtor
    await insertContact(env.DB, contact(demo.realtorId, { name: '김민지', message: 'say "hi", then\nbye' }), 'ko')
    await insertContact(env.DB, contact(demo.realtorId, { name: '=HYPERLINK("x")', message: '+1 -2 @3' }), 'ko')
    const response = await api(`/v1/realtor-contacts/export?realtorId=${demo.realtorId}&format=csv`, {
      token: demo.token,
      headers: { 'accept-language': 'ko' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)
    const lines = text.split('\r\n')
    expect(lines[0]).toMatch(/^번호,받은 시각,상태,유형,이름,이메일,전화번호/)
    expect(lines.at(-1)).toBe('')
    expect(text).toContain(',김민지,')
    expect(text).toContain('"say ""hi"", then\nbye"')
    expect(text).toContain(`,"'=HYPERLINK(""x"")",`)
    expect(text).toContain(",'+1 -2 @3,")
    expect(text).toContain(',minji@example.com,(678) 555-0100,US,')
    expect(text).not.toMatch(/,[=+\-@]/)
  })

  it('is JSON of every matching entry', async () => {
    const demo = realtor
    const response = await api(`/v1/realtor-contacts/export?realtorId=${demo.realtorId}&format=json&status=all`, {
      token: demo.token,
    })
    expect(response.status).toBe(200)
    const { items } = (await response.json()) as { items: ContactEntry[] }
    expect(items.map((item) => item.name)).toEqual(['=HYPERLINK("x")', '김민지', 'Visitor of Jane'])
  })
})

describe('/v1/leads (the landing page’s leads)', () => {
  it('is for admins only, with the same list, patch and export', async () => {
    const lead = await env.DB.prepare(
      `INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('박서준', 'Irvine', '01012345678', 'no', 'ko') RETURNING id`,
    ).first<{ id: number }>()
    expect((await api('/v1/leads')).status).toBe(401)
    expect((await api('/v1/leads', { token: other })).status).toBe(403)
    expect((await api(`/v1/leads/${lead!.id}`, { token: other })).status).toBe(404)
    expect((await api('/v1/leads/export', { token: other })).status).toBe(403)
    const list = (await (await api('/v1/leads?q=서준', { token: admin })).json()) as EntryPage<LeadEntry>
    expect(list.items.map((item) => item.id)).toEqual([lead!.id])
    const byPhone = (await (await api('/v1/leads?q=010-1234', { token: admin })).json()) as EntryPage<LeadEntry>
    expect(byPhone.items.map((item) => item.id)).toEqual([lead!.id])
    // Stored as E.164 since decision 064: found by the number as people write it, domestic 0 and all.
    const e164 = await env.DB.prepare(
      `INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('한지민', 'Irvine', '+821098765432', 'no', 'ko') RETURNING id`,
    ).first<{ id: number }>()
    for (const q of ['010-9876-5432', '010 9876', '+82 10 9876', '98765432']) {
      const found = (await (
        await api(`/v1/leads?q=${encodeURIComponent(q)}`, { token: admin })
      ).json()) as EntryPage<LeadEntry>
      expect(
        found.items.map((item) => item.id),
        q,
      ).toEqual([e164!.id])
    }
    expect(list.unread).toBeGreaterThanOrEqual(1)
    const changed = await api(`/v1/leads/${lead!.id}`, {
      method: 'PATCH',
      token: admin,
      json: { status: 'read', note: 'called' },
      headers: { origin: ORIGIN },
    })
    expect(await changed.json()).toMatchObject({ status: 'read', note: 'called' })
    const csv = await (await api('/v1/leads/export?format=csv&status=all', { token: admin })).text()
    expect(csv).toContain('박서준')
    // The CSV shows phones as the inbox does (a spreadsheet keeps them as text); JSON keeps E.164.
    expect(csv).toContain(',한지민,010-9876-5432,')
    expect(csv).toContain(',박서준,010-1234-5678,')
    const json = (await (await api('/v1/leads/export?format=json&status=all', { token: admin })).json()) as {
      items: LeadEntry[]
    }
    expect(json.items.find((item) => item.id === e164!.id)?.phone).toBe('+821098765432')
  })
})
