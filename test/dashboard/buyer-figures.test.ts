// The dashboard's buyer figures (issue 32, docs/decisions/109-buyers-in-the-inbox.md): sign-ups and saved
// searches (buyer_events) and alert opens (alerts.opened_at) per day of the realtor's clock over the
// dashboard's 30 days, the realtor's own only, and the page that shows them in both languages.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { dashboardOf } from '../../src/lib/page-views/dashboard'
import { JANE, login } from '../api/client'
import { call } from '../helpers'

const JANE_ID = 2
const OTHER_ID = 1
/** Noon UTC on Nov 20, 2026: the window is Oct 22 – Nov 20 in New York. */
const NOW = Date.parse('2026-11-20T12:00:00Z')
const ZONE = 'America/New_York'

async function buyerOf(realtorId: number, email: string) {
  return (await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text)
     VALUES (?1, ?2, ?2, 'en', '2026-11-01T00:00:00.000Z', 'I agree.') RETURNING id`,
  )
    .bind(realtorId, email)
    .first<{ id: number }>())!.id
}

async function events(realtorId: number, buyerId: number, kind: 'signup' | 'search', ...times: string[]) {
  for (const at of times)
    await env.DB.prepare('INSERT INTO buyer_events (realtor_id, buyer_id, kind, created_at) VALUES (?, ?, ?, ?)')
      .bind(realtorId, buyerId, kind, at)
      .run()
}

async function alerts(realtorId: number, buyerId: number, searchId: number, ...opened: (string | null)[]) {
  for (const at of opened)
    await env.DB.prepare('INSERT INTO alerts (search_id, buyer_id, realtor_id, opened_at) VALUES (?, ?, ?, ?)')
      .bind(searchId, buyerId, realtorId, at)
      .run()
}

async function searchOf(realtorId: number, buyerId: number) {
  return (await env.DB.prepare(
    `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
       property_status, frequency) VALUES (?, ?, 'All', 'q=1', 'fmls', 'all', '', 'sale', 'active', 'instant') RETURNING id`,
  )
    .bind(buyerId, realtorId)
    .first<{ id: number }>())!.id
}

beforeAll(async () => {
  const buyer = await buyerOf(JANE_ID, 'figures@example.com')
  const search = await searchOf(JANE_ID, buyer)
  // Nov 19 in New York: 10:00 and 23:30 local (04:30 UTC on the 20th); Nov 18 late evening in UTC is still the 18th there.
  await events(
    JANE_ID,
    buyer,
    'signup',
    '2026-11-19T15:00:00.000Z',
    '2026-11-20T04:30:00.000Z',
    '2026-11-18T23:00:00.000Z',
  )
  await events(JANE_ID, buyer, 'search', '2026-11-19T16:00:00.000Z', '2026-11-20T13:00:00.000Z')
  // Before the window: not counted.
  await events(JANE_ID, buyer, 'signup', '2026-10-01T12:00:00.000Z')
  // Two opened on Nov 20 (New York), one never opened.
  await alerts(JANE_ID, buyer, search, '2026-11-20T14:00:00.000Z', '2026-11-20T15:00:00.000Z', null)
  // Another realtor's: never Jane's figures.
  const other = await buyerOf(OTHER_ID, 'other@example.com')
  await events(OTHER_ID, other, 'signup', '2026-11-19T15:00:00.000Z')
  await alerts(OTHER_ID, other, await searchOf(OTHER_ID, other), '2026-11-19T15:00:00.000Z')
})

describe('buyer figures per day', () => {
  it('counts sign-ups, saved searches and alert opens on the realtor’s days, only theirs', async () => {
    const dashboard = await dashboardOf(env.DB, JANE_ID, ZONE, NOW)
    const day = (date: string) => dashboard.days.find((entry) => entry.day === date)
    expect(dashboard.days).toHaveLength(30)
    expect(day('2026-11-18')).toMatchObject({ signups: 1, searches: 0, alertOpens: 0 })
    expect(day('2026-11-19')).toMatchObject({ signups: 2, searches: 1, alertOpens: 0 })
    // 13:00 UTC on the 20th is after NOW's noon but still that day: the window runs to the day's end.
    expect(day('2026-11-20')).toMatchObject({ signups: 0, searches: 1, alertOpens: 2 })
    expect(dashboard.totals).toMatchObject({ signups: 3, searches: 2, alertOpens: 2 })
    const other = await dashboardOf(env.DB, OTHER_ID, 'UTC', NOW)
    expect(other.totals).toMatchObject({ signups: 1, searches: 0, alertOpens: 1 })
  })
})

describe('the dashboard page', () => {
  it('shows the buyer figures with their table, in English and Korean', async () => {
    const token = await login(JANE)
    const as = { headers: { cookie: `session=${token}` } }
    const en = await (await call('/en/janekim/admin/dashboard', as)).text()
    const section = en.slice(en.indexOf('data-testid="dashboard-buyers"'))
    expect(section).toMatch(/data-testid="dashboard-total-signups"><span>Sign-ups<\/span><strong>\d+<\/strong>/)
    expect(section).toContain('Alert opens')
    expect(section).toContain('id="dashboard-buyer-days"')
    expect(section).toMatch(/aria-label="Buyer sign-ups per day over the last 30 days: \d+ in all, at most \d+ a day"/)
    const ko = await (await call('/janekim/admin/dashboard', as)).text()
    expect(ko).toContain('회원 가입')
    expect(ko).toContain('알림 열람')
    expect(ko).toContain('일별 회원 현황')
  })
})
