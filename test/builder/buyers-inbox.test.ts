// The inbox's buyers (issue 32, docs/decisions/109-buyers-in-the-inbox.md): Jane's Buyers list and one
// buyer's page and JSON, with everything the buyer did as one timeline newest first; Daniel Park, another
// realtor, gets 404 for Jane's buyer through every page and API, and the list of Jane's buyers shows him nothing.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BuyerDetail, BuyerPage } from '../../src/lib/buyers/inbox'
import { insertContact } from '../../src/lib/contacts/store'
import { ADMIN, api, JANE, login, realtorAccount } from '../api/client'
import { call } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })
let jane: string
let admin: string
let daniel: { id: number; token: string }
let janeId: number
let buyerId: number
let otherBuyerId: number
let equityBuyerId: number
let searchId: number
let requestId: number

const CONSENT = 'I agree to receive emails from Jane Kim about homes and my saved searches.'
const SEARCH = 'Johns Creek, 3+ beds, under $1.2M'

async function insertBuyer(realtorId: number, email: string, name: string | null, createdAt: string) {
  const row = await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, name, phone, locale, consent_at, consent_text, confirmed_at,
       created_at, last_seen_at)
     VALUES (?1, ?2, lower(?2), ?3, '+16785550123', 'ko', ?4, ?5, NULL, ?4, NULL) RETURNING id`,
  )
    .bind(realtorId, email, name, createdAt, CONSENT)
    .first<{ id: number }>()
  return row!.id
}

beforeAll(async () => {
  ;[jane, admin] = [await login(JANE), await login(ADMIN)]
  daniel = await realtorAccount(admin, 'danielpark', 'realtor.local')
  janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>())!.id
  await env.DB.prepare(
    `INSERT INTO listings (id, listing_key, deal_type, property_type, property_status, market, state, county, city,
       address, zipcode, price, beds, baths, sqft, listed_at, modification_timestamp)
     VALUES (70001, 'FMB70001', 'sale', 'single_family', 'active', 'fmls', 'GA', 'Fulton', 'Johns Creek',
       '12 Buyer Way', '30097', 1150000, 4, 3, 3200, '2026-10-01', '2026-11-01T00:00:00Z')`,
  ).run()
  // An older buyer of Jane's (the list is newest first by id: the order they signed up in).
  otherBuyerId = await insertBuyer(janeId, 'older@example.com', null, '2026-10-20T10:00:00.000Z')
  // The buyer: signed up on Nov 1, confirmed, saved a home and a search, viewed a home, got and opened an alert.
  buyerId = await insertBuyer(janeId, 'Minji.Buyer@Example.com', '김민지', '2026-11-01T10:00:00.000Z')
  await env.DB.prepare(
    "UPDATE buyers SET confirmed_at = '2026-11-01T10:05:00.000Z', last_seen_at = '2026-11-06T08:00:00.000Z' WHERE id = ?",
  )
    .bind(buyerId)
    .run()
  await env.DB.prepare(
    "INSERT INTO saved_homes (buyer_id, listing_key, created_at) VALUES (?, 'FMB70001', '2026-11-02T09:00:00.000Z'), (?, 'FMGONE1', '2026-11-02T08:00:00.000Z')",
  )
    .bind(buyerId, buyerId)
    .run()
  searchId = (await env.DB.prepare(
    `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
       property_status, max_price, beds, frequency, created_at)
     VALUES (?, ?, ?, 'city=Johns+Creek&beds=3&maxPrice=1200000', 'fmls', 'city', 'johns creek', 'sale', 'active',
       1200000, 3, 'instant', '2026-11-03T09:00:00.000Z') RETURNING id`,
  )
    .bind(buyerId, janeId, SEARCH)
    .first<{ id: number }>())!.id
  await env.DB.prepare(
    "INSERT INTO buyer_views (buyer_id, listing_key, viewed_at) VALUES (?, 'FMB70001', '2026-11-04T09:00:00.000Z')",
  )
    .bind(buyerId)
    .run()
  await env.DB.prepare(
    `INSERT INTO alerts (search_id, buyer_id, realtor_id, created_at, opened_at)
     VALUES (?, ?, ?, '2026-11-05T09:00:00.000Z', '2026-11-05T11:00:00.000Z')`,
  )
    .bind(searchId, buyerId, janeId)
    .run()
  // Their message to Jane (the address in another case), someone else's, and the same address on another site.
  const message = (realtorId: number, email: string, text: string) => ({
    realtorId,
    name: 'Kim Minji',
    lastName: 'Kim',
    firstName: 'Minji',
    email,
    phone: '6785550123',
    phoneCountryCode: 'US' as const,
    message: text,
    isTerm: 'Y' as const,
  })
  requestId = (await insertContact(env.DB, message(janeId, 'MINJI.BUYER@example.com', 'Is the yard fenced?'), 'ko')).id
  await insertContact(env.DB, message(janeId, 'someone.else@example.com', 'Not from the buyer'), 'ko')
  await insertContact(env.DB, message(1, 'minji.buyer@example.com', 'Sent to Equity Realty'), 'ko')
  // A buyer of another realtor (Equity Realty) with the same address.
  equityBuyerId = await insertBuyer(1, 'minji.buyer@example.com', 'Equity Buyer', '2026-11-02T10:00:00.000Z')
})

describe('the Buyers list', () => {
  it('lists Jane’s buyers newest first with their contact, consent, confirmation, counts and last visit', async () => {
    const response = await call('/en/janekim/admin/inbox/buyers', as(jane))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toMatch(/<a href="\/en\/janekim\/admin\/inbox\/buyers" aria-current="page">Buyers<\/a>/)
    const list = html.slice(html.indexOf('data-testid="buyers-list"'))
    expect(list.indexOf('김민지')).toBeGreaterThan(0)
    // The newest first; a buyer without a name is shown by their address.
    expect(list.indexOf('김민지')).toBeLessThan(list.indexOf('older@example.com'))
    expect(list).toContain('2 saved homes · 1 saved search')
    expect(list).toContain('0 saved homes · 0 saved searches')
    expect(list).toContain('Email confirmed')
    expect(list).toContain('Email not confirmed')
    expect(list).toContain('last seen Nov 6, 2026')
    expect(list).toContain('Agreed to hear from you on Nov 1, 2026')
    expect(list).toContain('href="mailto:Minji.Buyer@Example.com"')
    expect(list).toContain('href="tel:+16785550123"')
    expect(list).toContain(`href="/en/janekim/admin/inbox/buyers/${buyerId}"`)
    // Another realtor's buyer with the same address is not Jane's.
    expect(html).not.toContain('Equity Buyer')
  })

  it('is in Korean too, and the messages list links to it', async () => {
    const html = await (await call('/janekim/admin/inbox/buyers', as(jane))).text()
    expect(html).toContain('저장한 매물 2개 · 저장한 검색 1개')
    expect(html).toContain('이메일 인증됨')
    const inbox = await (await call('/janekim/admin/inbox', as(jane))).text()
    expect(inbox).toMatch(/<a href="\/janekim\/admin\/inbox\/buyers">회원<\/a>/)
  })

  it('pages by key', async () => {
    const first = (await (
      await api(`/v1/realtor-buyers?realtorId=${janeId}&limit=1`, { token: jane })
    ).json()) as BuyerPage
    expect(first.items.map((buyer) => buyer.id)).toEqual([buyerId])
    expect(first.next).not.toBeNull()
    expect(first.next).toBe(String(buyerId))
    const html = await (await call(`/en/janekim/admin/inbox/buyers?after=${buyerId}`, as(jane))).text()
    expect(html).toContain(`href="/en/janekim/admin/inbox/buyers/${otherBuyerId}"`)
    expect(html).not.toContain('김민지')
    // A cursor that does not parse is the first page, never an error.
    expect((await call('/en/janekim/admin/inbox/buyers?after=abc', as(jane))).status).toBe(200)
  })
})

describe('one buyer', () => {
  it('shows contact details, consent words, saves, views, requests and one timeline newest first', async () => {
    const response = await call(`/en/janekim/admin/inbox/buyers/${buyerId}`, as(jane))
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Buyer: 김민지')
    expect(html).toContain(CONSENT)
    // The saved home links to its page on Jane's site; the one off the market says so.
    expect(html).toContain('<a href="/en/janekim/homes/FMB70001">12 Buyer Way, Johns Creek</a>')
    expect(html).toContain('<a href="/en/janekim/homes/FMGONE1">FMGONE1</a>')
    expect(html).toContain('Off the market')
    // The saved search links to the search itself, with its frequency.
    expect(html).toContain(
      `<a href="/en/janekim/homes?city=Johns+Creek&amp;beds=3&amp;maxPrice=1200000">${SEARCH.replace('$', '$')}</a>`,
    )
    expect(html).toContain('Instant alerts')
    // Their request (the address in any case), never someone else's nor one sent to another realtor.
    expect(html).toContain(`href="/en/janekim/admin/inbox/${requestId}"`)
    expect(html).not.toContain('Not from the buyer')
    expect(html).not.toContain('Sent to Equity Realty')
    const timeline = html.slice(html.indexOf('data-testid="buyer-timeline"'), html.indexOf('</ol>'))
    const steps = [...timeline.matchAll(/buyer-timeline__event--(\w+)/g)].map((match) => match[1])
    expect(steps).toEqual([
      'request',
      'alertOpened',
      'alertSent',
      'viewedHome',
      'savedSearch',
      'savedHome',
      'savedHome',
      'confirmed',
      'signup',
    ])
    expect(timeline).toContain('Opened the alert for “Johns Creek, 3+ beds, under $1.2M”')
    expect(timeline).toContain('Message sent to you:')
  })

  it('is the same as JSON, its timeline newest first', async () => {
    const response = await api(`/v1/realtor-buyers/${buyerId}`, { token: jane })
    expect(response.status).toBe(200)
    const buyer = (await response.json()) as BuyerDetail
    expect(buyer).toMatchObject({
      id: buyerId,
      email: 'Minji.Buyer@Example.com',
      consentText: CONSENT,
      confirmedAt: '2026-11-01T10:05:00.000Z',
      savedHomes: 2,
      savedSearches: 1,
    })
    expect(buyer.requests.map((request) => request.id)).toEqual([requestId])
    expect(buyer.viewedHomes.map((home) => home.listingKey)).toEqual(['FMB70001'])
    expect(buyer.alerts).toMatchObject([{ searchId, searchName: SEARCH, openedAt: '2026-11-05T11:00:00.000Z' }])
    const times = buyer.timeline.map((event) => Date.parse(event.at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(buyer.timeline.at(-1)).toEqual({ type: 'signup', at: '2026-11-01T10:00:00.000Z' })
  })

  it('answers 404 for an id that is no buyer of Jane’s, other realtors’ included', async () => {
    for (const id of [equityBuyerId, 999999])
      expect((await call(`/en/janekim/admin/inbox/buyers/${id}`, as(jane))).status, String(id)).toBe(404)
    expect((await api(`/v1/realtor-buyers/${equityBuyerId}`, { token: jane })).status).toBe(404)
    expect((await api(`/v1/realtor-buyers/${equityBuyerId}?realtorId=1`, { token: jane })).status).toBe(404)
  })

  it('is open to an admin, as the inbox is', async () => {
    expect((await call(`/en/janekim/admin/inbox/buyers/${buyerId}`, as(admin))).status).toBe(200)
    const json = await api(`/v1/realtor-buyers/${buyerId}`, { token: admin })
    expect(json.status).toBe(200)
    expect(((await json.json()) as BuyerDetail).email).toBe('Minji.Buyer@Example.com')
  })
})

describe('Daniel Park cannot see Jane’s buyer', () => {
  it('through any page: 404 for the buyer, and the list of Jane’s buyers shows nothing', async () => {
    for (const path of [
      `/janekim/admin/inbox/buyers/${buyerId}`,
      `/en/janekim/admin/inbox/buyers/${buyerId}`,
      `/danielpark/admin/inbox/buyers/${buyerId}`,
      `/en/danielpark/admin/inbox/buyers/${buyerId}`,
    ]) {
      const response = await call(path, as(daniel.token))
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('Minji')
    }
    const list = await call('/en/janekim/admin/inbox/buyers', as(daniel.token))
    expect(list.status).toBe(403)
    expect(await list.text()).not.toContain('Minji')
    const own = await call('/en/danielpark/admin/inbox/buyers', as(daniel.token))
    expect(own.status).toBe(200)
    const ownHtml = await own.text()
    expect(ownHtml).not.toContain('Minji')
    expect(ownHtml).toContain('No buyers yet')
  })

  it('through any API: 404 for the buyer, whichever realtor is named', async () => {
    for (const path of [
      `/v1/realtor-buyers/${buyerId}`,
      `/v1/realtor-buyers/${buyerId}?realtorId=${janeId}`,
      `/v1/realtor-buyers/${buyerId}?realtorId=${daniel.id}`,
    ]) {
      const response = await api(path, { token: daniel.token })
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain('Minji')
    }
    const list = await api(`/v1/realtor-buyers?realtorId=${janeId}`, { token: daniel.token })
    expect(list.status).toBe(403)
    expect(await list.text()).not.toContain('Minji')
    const own = (await (
      await api(`/v1/realtor-buyers?realtorId=${daniel.id}`, { token: daniel.token })
    ).json()) as BuyerPage
    expect(own.items).toEqual([])
  })

  it('signed out, nothing is shown', async () => {
    expect((await api(`/v1/realtor-buyers/${buyerId}`)).status).toBe(401)
    const page = await call(`/en/janekim/admin/inbox/buyers/${buyerId}`)
    expect(page.status).not.toBe(200)
    expect(await page.text()).not.toContain('Minji')
  })

  it('refuses bad input with a 400, never a 5xx', async () => {
    for (const path of [
      '/v1/realtor-buyers',
      `/v1/realtor-buyers?realtorId=${janeId}&limit=0`,
      `/v1/realtor-buyers?realtorId=${janeId}&after=-1`,
      `/v1/realtor-buyers?realtorId=${janeId}&nope=1`,
      `/v1/realtor-buyers/${buyerId}?realtorId=abc`,
    ])
      expect((await api(path, { token: jane })).status, path).toBe(400)
  })
})
