// Requests in the realtor's inbox (issue 30, docs/decisions/096-home-requests.md): each entry says its kind
// with a translated badge and what it carries (the home linked to its page, the tour's days and mode, the
// valuation's details); the list filters by kind from the URL, with or without a search; the API's list and
// the CSV/JSON export do too, the export with the kind and the details.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RequestDetails } from '../../src/lib/contacts/requests'
import { insertContact } from '../../src/lib/contacts/store'
import { ADMIN, JANE, login } from '../api/client'
import { call } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })
let jane: string
let admin: string
let janeId: number
const ids: Record<string, number> = {}

const HOME = {
  listingKey: 'FMLS-INBOX-7',
  address: '123 Main St',
  city: 'Johns Creek',
  state: 'GA',
  zipcode: '30097',
  price: 725000,
  url: '/janekim/homes/FMLS-INBOX-7',
}

const person = (name: string) => ({
  realtorId: janeId,
  name,
  lastName: name.split(' ')[1]!,
  firstName: name.split(' ')[0]!,
  email: `${name.replace(/\s/g, '').toLowerCase()}@example.com`,
  phone: '+16785550100',
  phoneCountryCode: 'US',
  isTerm: 'Y' as const,
})

async function store(
  name: string,
  kind: 'contact' | 'question' | 'tour' | 'valuation',
  details: RequestDetails | null,
  message = '',
) {
  const stored = await insertContact(env.DB, { ...person(name), kind, message }, 'en', '/janekim', details)
  ids[kind] = stored.id
}

beforeAll(async () => {
  ;[jane, admin] = [await login(JANE), await login(ADMIN)]
  janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>())!.id
  await store('Olivia Message', 'contact', null, 'Plain message from Olivia')
  await store('Quinn Question', 'question', { home: HOME }, 'Is the HOA included?')
  await store('Tara Tour', 'tour', {
    home: HOME,
    tour: {
      mode: 'video',
      slots: [
        { date: '2026-11-28', window: 'morning' },
        { date: '2026-11-29', window: 'evening' },
      ],
    },
  })
  await store('Vera Valuation', 'valuation', {
    valuation: { address: '456 Oak Ave, Irvine, CA 92620', beds: 3, baths: 2.5, timeline: 'just_curious' },
  })
})

describe('requests in the inbox', () => {
  it('badges every entry with its kind and summarises what it carries, in English and Korean', async () => {
    const en = await (await call('/en/janekim/admin/inbox', as(jane))).text()
    expect(en).toContain('inbox-badge--tour">Tour request</span>')
    expect(en).toContain('inbox-badge--valuation">Valuation request</span>')
    expect(en).toContain('inbox-badge--question">Question about a home</span>')
    expect(en).toContain('inbox-badge--contact">Message</span>')
    expect(en).toContain('Tour request: 123 Main St, Johns Creek — Sat 11/28 morning / Sun 11/29 evening, video')
    expect(en).toContain('Valuation request: 456 Oak Ave, Irvine, CA 92620 — 3 bd · 2.5 ba, Just curious')
    expect(en).toContain('Plain message from Olivia')
    const ko = await (await call('/janekim/admin/inbox', as(jane))).text()
    expect(ko).toContain('inbox-badge--tour">투어 요청</span>')
    expect(ko).toContain('투어 요청: 123 Main St, Johns Creek — 11/28 (Sat) 오전 / 11/29 (Sun) 저녁, 화상')
    expect(ko).toContain('시세 평가 요청: 456 Oak Ave, Irvine, CA 92620 — 침실 3 · 욕실 2.5, 시세만 궁금해요')
  })

  it('filters by kind from the URL, alone and with a search, and keeps the kind in the links', async () => {
    const tours = await (await call('/en/janekim/admin/inbox?kind=tour&status=all', as(jane))).text()
    expect(tours).toContain('Tara Tour')
    for (const other of ['Olivia Message', 'Quinn Question', 'Vera Valuation']) expect(tours).not.toContain(other)
    expect(tours).toMatch(/<option value="tour" selected="">Tour request<\/option>/)
    expect(tours).toContain('kind=tour&amp;format=csv')
    // A search of 3+ characters (the index) and a shorter one (LIKE) both keep to the kind.
    const searched = await (await call('/en/janekim/admin/inbox?kind=question&q=example.com', as(jane))).text()
    expect(searched).toContain('Quinn Question')
    expect(searched).not.toContain('Tara Tour')
    const short = await (await call('/en/janekim/admin/inbox?kind=valuation&q=V', as(jane))).text()
    expect(short).toContain('Vera Valuation')
    expect(short).not.toContain('Tara Tour')
    const none = await (await call('/en/janekim/admin/inbox?kind=valuation&q=Tara', as(jane))).text()
    expect(none).toContain('No messages match these filters.')
    // A kind that does not parse is left out, never a failed page.
    const odd = await call('/en/janekim/admin/inbox?kind=%3Cscript%3E', as(jane))
    expect(odd.status).toBe(200)
    expect(await odd.text()).toContain('Olivia Message')
  })

  it('shows a request with its home linked to the home page, its days and mode', async () => {
    const tour = await (await call(`/en/janekim/admin/inbox/${ids.tour}`, as(jane))).text()
    expect(tour).toContain('<a href="/en/janekim/homes/FMLS-INBOX-7">123 Main St, Johns Creek, GA 30097</a>')
    expect(tour).toContain('$725,000')
    expect(tour).toContain('Sat 11/28 morning / Sun 11/29 evening')
    expect(tour).toMatch(/<dt>Tour<\/dt><dd>video<\/dd>/)
    const valuation = await (await call(`/janekim/admin/inbox/${ids.valuation}`, as(jane))).text()
    expect(valuation).toContain('456 Oak Ave, Irvine, CA 92620')
    expect(valuation).toContain('침실 3 · 욕실 2.5')
    expect(valuation).toContain('시세만 궁금해요')
  })

  it('lists and exports by kind through the API, the export with the kind and the details', async () => {
    const list = await call(`/v1/realtor-contacts?realtorId=${janeId}&kind=valuation`, as(jane))
    expect(list.status).toBe(200)
    const { items } = (await list.json()) as { items: { kind: string; details: unknown }[] }
    expect(items.map((item) => item.kind)).toEqual(['valuation'])
    expect(items[0]!.details).toEqual({
      valuation: { address: '456 Oak Ave, Irvine, CA 92620', beds: 3, baths: 2.5, timeline: 'just_curious' },
    })
    const csv = await (
      await call(`/v1/realtor-contacts/export?realtorId=${janeId}&kind=tour&format=csv`, {
        headers: { ...as(jane).headers, 'accept-language': 'en' },
      })
    ).text()
    const [heading, row, ...rest] = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(rest).toEqual([''])
    expect(heading).toContain('Status,Type,Name')
    expect(heading).toContain('Message,Details,Language')
    expect(row).toContain(',tour,Tara Tour,')
    expect(row).toContain(
      'Home: 123 Main St, Johns Creek, GA 30097 (/janekim/homes/FMLS-INBOX-7); Price: $725,000; Preferred times: Sat 11/28 morning / Sun 11/29 evening; Tour: video',
    )
    const bad = await call(`/v1/realtor-contacts?realtorId=${janeId}&kind=offer`, as(jane))
    expect(bad.status).toBe(400)
    // The leads have no kinds: the parameter changes nothing there, and never fails.
    expect((await call('/v1/leads?kind=tour', as(admin))).status).toBe(200)
  })
})
