// The realtor's clock (issue 26, docs/decisions/063-notifications-on-by-default.md): a zone from the
// activity regions until the realtor picks one in Settings; the inbox, its day filter, the entry and the
// dashboard read times in it and name it; the admin's Leads view reads the operator's.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { joinName } from '../../src/lib/contacts/fields'
import { insertContact } from '../../src/lib/contacts/store'
import { dashboardOf } from '../../src/lib/page-views/dashboard'
import { realtorClock } from '../../src/lib/realtors/own-settings'
import { dayIn, dayStart, operatorTimeZone, timeZoneOfRegions } from '../../src/lib/time-zone'
import { ADMIN, api, EQUITY, errorOf, JANE, login } from '../api/client'
import { call } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })
let jane: string
let equity: string
let admin: string
let janeId: number

const contact = (realtorId: number, firstName: string) => ({
  realtorId,
  name: '',
  lastName: 'Clock',
  firstName,
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '+14045557788',
  phoneCountryCode: 'US' as const,
  message: `Message from ${firstName}`,
  isTerm: 'Y' as const,
})

/** A contact stored at a given instant. */
async function contactAt(realtorId: number, firstName: string, iso: string): Promise<number> {
  const { id } = await insertContact(env.DB, contact(realtorId, firstName), 'en', null)
  await env.DB.prepare('UPDATE realtor_contacts SET created_at = ? WHERE id = ?').bind(iso, id).run()
  return id
}

const setZone = (token: string, timeZone: string) =>
  api(`/v1/realtor/${janeId}/notifications/time-zone`, { method: 'PUT', token, json: { timeZone } })

beforeAll(async () => {
  ;[jane, equity, admin] = [await login(JANE), await login(EQUITY), await login(ADMIN)]
  janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>())!.id
})

describe('the zone rules', () => {
  it('takes the first region with a known state: CA Pacific, GA Eastern, none Pacific', () => {
    expect(timeZoneOfRegions([{ state: 'CA' }])).toBe('America/Los_Angeles')
    expect(timeZoneOfRegions([{ state: 'XX' }, { state: 'GA' }])).toBe('America/New_York')
    expect(timeZoneOfRegions([])).toBe('America/Los_Angeles')
  })

  it("finds a day's first instant on days the clocks change, and the day an instant falls on", () => {
    // 8 March 2026: the US springs forward at 2:00, so midnight is still standard time.
    expect(dayStart('2026-03-08', 'America/Los_Angeles')).toBe('2026-03-08T08:00:00.000Z')
    expect(dayStart('2026-03-09', 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z')
    // 1 November 2026: back to standard time at 2:00, so midnight is still daylight time.
    expect(dayStart('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z')
    expect(dayStart('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z')
    expect(dayStart('2026-06-01', 'Asia/Seoul')).toBe('2026-05-31T15:00:00.000Z')
    expect(dayIn('2026-01-02T03:00:00Z', 'America/New_York')).toBe('2026-01-01')
  })

  it("reads the operator's zone from OPERATOR_TIME_ZONE, Pacific when unset or unknown", () => {
    expect(operatorTimeZone({})).toBe('America/Los_Angeles')
    expect(operatorTimeZone({ OPERATOR_TIME_ZONE: 'America/Chicago' })).toBe('America/Chicago')
    expect(operatorTimeZone({ OPERATOR_TIME_ZONE: 'Mars/Olympus' })).toBe('America/Los_Angeles')
  })
})

describe('choosing a zone', () => {
  it('starts from the regions, takes a zone offered, refuses others and changes nothing, goes back on ""', async () => {
    // Jane works in Georgia.
    expect(await realtorClock(env.DB, janeId)).toMatchObject({ timeZone: 'America/New_York', chosen: false })
    for (const bad of ['Mars/Olympus', 'UTC', 'america/chicago', 5]) {
      const response = await api(`/v1/realtor/${janeId}/notifications/time-zone`, {
        method: 'PUT',
        token: jane,
        json: { timeZone: bad },
      })
      expect(response.status).toBe(400)
      expect((await errorOf(response)).fields?.[0]?.path).toBe('timeZone')
    }
    expect(await realtorClock(env.DB, janeId)).toMatchObject({ timeZone: 'America/New_York', chosen: false })
    expect((await setZone(equity, 'America/Chicago')).status).toBe(403)
    const chosen = await setZone(jane, 'America/Los_Angeles')
    expect(await chosen.json()).toMatchObject({ timeZone: 'America/Los_Angeles', chosen: true })
    await setZone(jane, '')
    expect(await realtorClock(env.DB, janeId)).toMatchObject({ timeZone: 'America/New_York', chosen: false })
  })

  it('is offered on the Settings screen of the realtor, in both languages', async () => {
    const ko = await (await call('/janekim/admin/settings', as(jane))).text()
    expect(ko).toContain('data-island="TimeZoneSettings"')
    expect(ko).toContain('활동 지역 기준')
    const en = await (await call('/en/janekim/admin/settings', as(jane))).text()
    expect(en).toContain('From your activity regions')
  })
})

describe('the inbox on the realtor’s clock', () => {
  it('shows times in the zone and names it; the day filter reads days in it', async () => {
    // 03:00 UTC on 2 January is still 1 January in Georgia (22:00 EST).
    const late = await contactAt(janeId, 'Latenight', '2026-01-02T03:00:00.000Z')
    const list = await (await call('/en/janekim/admin/inbox?from=2026-01-01&to=2026-01-01', as(jane))).text()
    expect(list).toContain('Latenight Clock')
    expect(list).toMatch(/Jan 1, 2026, 10:00\sPM EST/)
    const next = await (await call('/en/janekim/admin/inbox?from=2026-01-02&to=2026-01-02', as(jane))).text()
    expect(next).not.toContain('Latenight Clock')
    // Chosen Pacific: the same contact is at 7 PM PST, still 1 January.
    await setZone(jane, 'America/Los_Angeles')
    try {
      const entry = await (await call(`/en/janekim/admin/inbox/${late}`, as(jane))).text()
      expect(entry).toMatch(/Jan 1, 2026, 0?7:00\sPM PST/)
      const query = `realtorId=${janeId}&from=2026-01-01&to=2026-01-01`
      const listed = (await (await api(`/v1/realtor-contacts?${query}`, { token: jane })).json()) as {
        items: { id: number }[]
      }
      expect(listed.items.map((item) => item.id)).toContain(late)
    } finally {
      await setZone(jane, '')
    }
  })

  it('shows a phone as a tap-to-call link in national format and the email as tap-to-mail', async () => {
    await contactAt(janeId, 'Caller', new Date().toISOString())
    const list = await (await call('/en/janekim/admin/inbox', as(jane))).text()
    expect(list).toContain('<a href="tel:+14045557788">(404) 555-7788</a>')
    expect(list).toContain('<a href="mailto:caller@example.com">caller@example.com</a>')
  })

  it("shows the admin's Leads in the operator's zone", async () => {
    await env.DB.prepare(
      `INSERT INTO leads (name, area, phone, has_site, locale, created_at) VALUES ('Zone Lead', 'Irvine', '+19495550142', 'no', 'en', '2026-01-02T03:00:00.000Z')`,
    ).run()
    const leads = await (await call('/en/admin/leads?q=Zone', as(admin))).text()
    expect(leads).toMatch(/Jan 1, 2026, 0?7:00\sPM PST/)
  })
})

describe('the dashboard on the realtor’s clock', () => {
  it("counts a contact on the realtor's day and says which zone the days follow", async () => {
    // A fixed day long past, so no contact another test sends at the real "now" falls in its window
    // (one sent at 00:14 UTC on the 27th is the 26th in Georgia and broke CI once).
    const now = Date.parse('2025-06-15T12:00:00Z')
    // 02:30 UTC on the 15th is the evening of the 14th in Georgia.
    await contactAt(janeId, 'Evening', '2025-06-15T02:30:00.000Z')
    const dashboard = await dashboardOf(env.DB, janeId, 'America/New_York', now)
    expect(dashboard.days.at(-1)!.day).toBe('2025-06-15')
    expect(dashboard.days.find((day) => day.day === '2025-06-14')!.contacts).toBeGreaterThanOrEqual(1)
    const utc = await dashboardOf(env.DB, janeId, 'UTC', now)
    const onThe15th = utc.days.find((day) => day.day === '2025-06-15')!.contacts
    const eastern15th = dashboard.days.find((day) => day.day === '2025-06-15')!.contacts
    expect(onThe15th).toBe(eastern15th + 1)
    const page = await (await call('/en/janekim/admin/dashboard', as(jane))).text()
    expect(page).toContain('Days follow your time zone, Eastern Time (New York).')
  })
})

describe('names as the person writes them', () => {
  it('puts the given name first on the English form, the family name first in Hangul or on the Korean form', () => {
    expect(joinName('Nguyen', 'Amy', 'en')).toBe('Amy Nguyen')
    expect(joinName('김', '민지', 'en')).toBe('김 민지')
    expect(joinName('김', '민지', 'ko')).toBe('김 민지')
    expect(joinName('Nguyen', 'Amy', 'ko')).toBe('Nguyen Amy')
    expect(joinName(' ', 'Amy', 'en')).toBe('Amy')
  })

  it('stores a contact sent without a name in that order', async () => {
    const { name } = await insertContact(env.DB, { ...contact(janeId, 'Amy'), lastName: 'Nguyen' }, 'en', null)
    expect(name).toBe('Amy Nguyen')
  })
})
