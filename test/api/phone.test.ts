// Phone numbers as people type them (issue 26, docs/decisions/064-phone-numbers.md), through the APIs that
// take them: every common format stored as E.164 by POST /v1/realtor-contacts and POST /api/send-to-slack,
// a US number typed with KR selected stored as US, what is no number refused with a translated 400 that
// stores nothing; the homepage's display in Korean and English; and migration 0019 converting legacy rows.
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { CONTACT, LEAD } from '../fixtures/forms'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

function post(path: string, body: unknown, lang = 'ko') {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang, origin: 'http://127.0.0.1:8787' },
    body: JSON.stringify(body),
  })
}

const count = async (table: 'realtor_contacts' | 'leads') =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n

const US_FORMATS = ['(404) 555-7788', '404 555 7788', '+1 404-555-7788', '404.555.7788', '404-555-7788', '4045557788']
const KR_FORMATS = ['010-1234-5678', '01012345678', '+82 10 1234 5678']
const GARBAGE = ['abc', '123', '9'.repeat(25), '+999 1234 5678', '+9991234567890']

describe('POST /v1/realtor-contacts: the phone', () => {
  const contact = async (phone: string, phoneCountryCode: string) => {
    const response = await post('/v1/realtor-contacts', { ...CONTACT, phone, phoneCountryCode })
    expect(response.status, `${phone} (${phoneCountryCode})`).toBe(201)
    const { id } = (await response.json()) as { id: number }
    return env.DB.prepare('SELECT phone, phone_country_code FROM realtor_contacts WHERE id = ?').bind(id).first()
  }

  it.each(US_FORMATS)('stores %j (US selected) as +14045557788', async (phone) => {
    expect(await contact(phone, 'US')).toEqual({ phone: '+14045557788', phone_country_code: 'US' })
  })

  it.each(KR_FORMATS)('stores %j (KR selected) as +821012345678', async (phone) => {
    expect(await contact(phone, 'KR')).toEqual({ phone: '+821012345678', phone_country_code: 'KR' })
  })

  it('takes (404) 555-7788 typed with KR selected as a US number, and a Korean mobile typed with US as Korean', async () => {
    expect(await contact('(404) 555-7788', 'KR')).toEqual({ phone: '+14045557788', phone_country_code: 'US' })
    expect(await contact('010-1234-5678', 'US')).toEqual({ phone: '+821012345678', phone_country_code: 'KR' })
  })

  it.each(GARBAGE)('refuses %j with a translated 400 and stores nothing', async (phone) => {
    const before = await count('realtor_contacts')
    for (const [region, lang, message] of [
      ['US', 'en', 'Enter a number such as (404) 555-7788, or start with + and the country code'],
      ['KR', 'ko', '010-1234-5678처럼 입력하거나'],
    ] as const) {
      const response = await post('/v1/realtor-contacts', { ...CONTACT, phone, phoneCountryCode: region }, lang)
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
      expect(error.fields.map((field) => field.path)).toEqual(['phone'])
      expect(error.fields[0]!.message).toContain(message)
    }
    expect(await count('realtor_contacts')).toBe(before)
  })
})

describe('POST /api/send-to-slack: the phone', () => {
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM leads').run()
  })

  const lead = async (phone: string) => {
    const response = await post('/api/send-to-slack', { ...LEAD, phone })
    expect(response.status, phone).toBe(201)
    const { id } = (await response.json()) as { id: number }
    return (await env.DB.prepare('SELECT phone FROM leads WHERE id = ?').bind(id).first<{ phone: string }>())!.phone
  }

  it('stores every common format as E.164: US numbers, Korean ones written the Korean way, + for any', async () => {
    for (const phone of US_FORMATS) expect(await lead(phone), phone).toBe('+14045557788')
    for (const phone of KR_FORMATS) expect(await lead(phone), phone).toBe('+821012345678')
    expect(await lead('+81 90-1234-5678')).toBe('+819012345678')
  })

  it.each(GARBAGE)('refuses %j with a translated 400 and stores nothing', async (phone) => {
    for (const [lang, message] of [
      ['en', 'Enter a phone number such as (404) 555-7788 or 010-1234-5678'],
      ['ko', '(404) 555-7788 또는 010-1234-5678처럼 입력해 주세요.'],
    ] as const) {
      const response = await post('/api/send-to-slack', { ...LEAD, phone }, lang)
      expect(response.status).toBe(400)
      const { error } = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
      expect(error.fields).toEqual([{ path: 'phone', message: expect.stringContaining(message) }])
    }
    expect(await count('leads')).toBe(0)
  })
})

describe('the homepage shows the realtor’s number as its country writes it, dialled as E.164', () => {
  it.each([
    ['818-555-0199', '(818) 555-0199', 'tel:+18185550199'],
    ['+1 (818) 555-0199', '(818) 555-0199', 'tel:+18185550199'],
    ['010-1234-5678', '010-1234-5678', 'tel:+821012345678'],
    ['+82 10 1234 5678', '010-1234-5678', 'tel:+821012345678'],
  ])('%j in Korean and English: %s, %s', async (contactPhone, text, href) => {
    const app = createApp({ realtors: () => fixtureStore([{ ...RICH, contactPhone }]) })
    for (const path of ['/rich-agent', '/en/rich-agent']) {
      const html = await (await call(path, { app })).text()
      expect(html, path).toContain(`<a href="${href}">${text}</a>`)
      expect(html, path).toContain(`href="${href}"`)
      expect(html, path).not.toContain('href="tel:0')
    }
  })
})

describe('migration 0019 (phones as E.164)', () => {
  /** The statements of 0019, applied again to rows written in the old forms. */
  const migrate = () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0019_'))!
    return env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)))
  }

  it('converts the convertible legacy contacts and leads, leaves the rest, and changes nothing run twice', async () => {
    const contacts: [string, string, string][] = [
      // stored, region, expected
      ['4045557788', 'US', '+14045557788'],
      ['4165550100', 'CA', '+14165550100'],
      ['01012345678', 'KR', '+821012345678'],
      ['0212345678', 'KR', '+82212345678'],
      ['09012345678', 'JP', '+819012345678'],
      ['13800138000', 'CN', '+8613800138000'],
      ['01012345678', 'CN', '+861012345678'],
      ['01701234567', 'DE', '01701234567'],
      ['0123456789', 'US', '0123456789'],
      ['+14045557788', 'US', '+14045557788'],
    ]
    const ids: number[] = []
    for (const [phone, region] of contacts) {
      const row = await env.DB.prepare(
        `INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term)
         VALUES (1, 'Legacy', 'L', 'X', 'l@example.com', ?, ?, 'm', 'Y') RETURNING id`,
      )
        .bind(phone, region)
        .first<{ id: number }>()
      ids.push(row!.id)
    }
    const leads: [string, string][] = [
      ['949-555-0100', '+19495550100'],
      ['1-949-555-0100', '+19495550100'],
      ['010-1234-5678', '+821012345678'],
      ['02-123-4567', '+8221234567'],
      ['123', '123'],
      ['555-0100', '555-0100'],
    ]
    await env.DB.prepare('DELETE FROM leads').run()
    for (const [phone] of leads)
      await env.DB.prepare(`INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('L', 'A', ?, 'no', 'ko')`)
        .bind(phone)
        .run()

    await migrate()
    await migrate()

    const stored = await env.DB.prepare(
      `SELECT phone FROM realtor_contacts WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
      .bind(JSON.stringify(ids))
      .all<{ phone: string }>()
    expect(stored.results.map((row) => row.phone)).toEqual(contacts.map(([, , expected]) => expected))
    const storedLeads = await env.DB.prepare('SELECT phone FROM leads ORDER BY id').all<{ phone: string }>()
    expect(storedLeads.results.map((row) => row.phone)).toEqual(leads.map(([, expected]) => expected))
  })
})
