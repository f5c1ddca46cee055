// Requests that become leads (issue 30, docs/decisions/096-home-requests.md): a question about a home, a tour
// request and a valuation request go through POST /v1/realtor-contacts like a message, validated with
// translated errors, stored with their kind and details (the home read from `listings`, never from the form),
// counted against the contact form's budget, and delivered through the outbox saying what they are.
import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { detailsOfRequest, homeSnapshot } from '../../src/lib/contacts/home'
import type { HomeSnapshot } from '../../src/lib/contacts/requests'
import { contactSchema } from '../../src/lib/contacts/schema'
import { contactsById, insertContact } from '../../src/lib/contacts/store'
import { contactMessages, forwardContact } from '../../src/lib/contacts/webhook'
import { listingRowOf, upsertListing } from '../../src/lib/mls/record'
import { saveNotificationSettings } from '../../src/lib/notifications/settings'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { retryDue } from '../../src/lib/outbox/deliver'
import { pushPayload } from '../../src/lib/push/send'
import { dayIn, nextDay } from '../../src/lib/time-zone'
import { createApp } from '../../src/worker'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'
import { fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue, settled } from '../helpers'

const HOOK = 'http://127.0.0.1:9/realtor-hook'
const KEY = 'FMLS-REQ-1001'
/** A California home: CRMLS's, which Jane's Georgia site never shows and Equity Realty's Irvine site does. */
const CA_KEY = 'CRMLS-REQ-2001'
let janeId: number
let equityId: number
/** The snapshot a request about KEY carries on Jane's site. */
const JANE_HOME: HomeSnapshot = {
  listingKey: KEY,
  address: '123 Main St',
  city: 'Johns Creek',
  state: 'GA',
  zipcode: '30097',
  price: 725000,
  url: '/janekim/homes/FMLS-REQ-1001',
}
/** Jane's site as a request's home is read for it: her Georgia areas, her address. */
const JANE_SITE = {
  desiredUrl: 'janekim',
  activityRegion: [{ state: 'GA' as const, city: 'Johns Creek', neighborhood: '', zipcode: '30097' }],
}

const PERSON = {
  lastName: 'Kim',
  firstName: 'Amy',
  email: 'amy@example.com',
  phone: '(404) 555-7788',
  phoneCountryCode: 'US',
  isTerm: 'Y',
}

/** A day `ahead` days from today on Jane's clock (Georgia: America/New_York). */
const dayAhead = (ahead: number) => {
  let day = dayIn(Date.now(), 'America/New_York')
  for (let i = 0; i < ahead; i++) day = nextDay(day)
  return day
}

let visitors = 0
/** Each post from an address of its own, unless a test names one: only the budget test spends one. */
function post(body: unknown, { lang = 'en', ip = `198.51.100.${++visitors}` } = {}) {
  const request = new Request('http://127.0.0.1:8787/v1/realtor-contacts', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      origin: 'https://janekim.example',
      referer: 'https://janekim.example/janekim/homes/FMLS-REQ-1001?utm=x',
      'cf-connecting-ip': ip,
    },
    body: JSON.stringify(body),
  })
  return settled(createApp(), request, undefined, env)
}

const fieldsOf = async (response: Response) =>
  Object.fromEntries(
    ((await response.json()) as { error: { fields: { path: string; message: string }[] } }).error.fields.map((f) => [
      f.path,
      f.message,
    ]),
  )

const tour = (slots: { date: string; window: string }[], mode = 'in_person') => ({
  realtorId: janeId,
  ...PERSON,
  kind: 'tour',
  listingKey: KEY,
  tour: { mode, slots },
})

const valuation = (fields: Record<string, unknown> = {}) => ({
  realtorId: janeId,
  ...PERSON,
  kind: 'valuation',
  valuation: { address: '456 Oak Ave, Irvine, CA 92620', beds: 3, baths: 2.5, timeline: '1_3_months', ...fields },
})

async function rowOf(id: number) {
  return env.DB.prepare('SELECT kind, details, message FROM realtor_contacts WHERE id = ?')
    .bind(id)
    .first<{ kind: string; details: string | null; message: string }>()
}

/** A single-family home for sale in `feed`, stored as replication stores it. */
async function storeHome(feed: 'fmls' | 'crmls', home: Omit<HomeSnapshot, 'url'>) {
  const row = listingRowOf(
    feed,
    {
      ListingKey: home.listingKey,
      StandardStatus: 'Active',
      PropertyType: 'Residential',
      PropertySubType: 'Single Family Residence',
      ListPrice: home.price,
      UnparsedAddress: home.address,
      City: home.city,
      StateOrProvince: home.state,
      PostalCode: home.zipcode,
      ModificationTimestamp: '2026-11-01T00:00:00Z',
    },
    [],
  )
  await upsertListing(env.DB, row!).run()
}

const idOf = async (desiredUrl: string) =>
  (await env.DB.prepare('SELECT id FROM realtors WHERE desired_url = ?').bind(desiredUrl).first<{ id: number }>())!.id

beforeAll(async () => {
  janeId = await idOf('janekim')
  equityId = await idOf('equityrealty')
  const { url: _, ...home } = JANE_HOME
  await storeHome('fmls', home)
  await storeHome('crmls', {
    listingKey: CA_KEY,
    address: '9 Woodbridge Ln',
    city: 'Irvine',
    state: 'CA',
    zipcode: '92604',
    price: 1350000,
  })
})

beforeEach(() => freshWindow(budgetOf('CONTACT_LIMITER').period))

describe('POST /v1/realtor-contacts with a kind', () => {
  it('stores a valuation request with its details and no message', async () => {
    const response = await post(valuation())
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: number }
    const row = await rowOf(id)
    expect(row?.kind).toBe('valuation')
    expect(row?.message).toBe('')
    expect(JSON.parse(row!.details!)).toEqual({
      valuation: { address: '456 Oak Ave, Irvine, CA 92620', beds: 3, baths: 2.5, timeline: '1_3_months' },
    })
  })

  it('attaches the home from listings by its key, whatever else the form says', async () => {
    const response = await post({ realtorId: janeId, ...PERSON, kind: 'question', listingKey: KEY, message: 'HOA?' })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: number }
    const [stored] = await contactsById(env.DB, [id])
    expect(stored).toMatchObject({
      kind: 'question',
      message: 'HOA?',
      page: '/janekim/homes/FMLS-REQ-1001',
      details: { home: JANE_HOME },
    })
    // A home the form describes itself is no field of the API.
    const forged = await post({
      realtorId: janeId,
      ...PERSON,
      kind: 'question',
      listingKey: KEY,
      message: 'HOA?',
      home: { address: '1 Fake St' },
    })
    expect(forged.status).toBe(400)
    expect(await fieldsOf(forged)).toEqual({ home: 'This field cannot be set.' })
  })

  it('stores a tour of up to three days within 60 days, in person or by video', async () => {
    const slots = [
      { date: dayAhead(0), window: 'evening' },
      { date: dayAhead(3), window: 'morning' },
      { date: dayAhead(60), window: 'afternoon' },
    ]
    const response = await post(tour(slots, 'video'))
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: number }
    const details = JSON.parse((await rowOf(id))!.details!)
    expect(details.tour).toEqual({ mode: 'video', slots })
    expect(details.home.listingKey).toBe(KEY)
  })

  it.each([
    [
      'en',
      {
        'tour.slots.0.date': 'Choose today or a later day.',
        'tour.slots.1.date': 'Choose a day within the next 60 days.',
      },
    ],
    [
      'ko',
      {
        'tour.slots.0.date': '오늘이나 그 이후 날짜를 골라 주세요.',
        'tour.slots.1.date': '앞으로 60일 안의 날짜를 골라 주세요.',
      },
    ],
  ])('refuses tour days before today or past 60 days on the realtor clock (%s)', async (lang, expected) => {
    const response = await post(
      tour([
        { date: dayAhead(0).replace(/^\d{4}/, (y) => String(Number(y) - 1)), window: 'morning' },
        { date: dayAhead(61), window: 'morning' },
      ]),
      { lang },
    )
    expect(response.status).toBe(400)
    expect(await fieldsOf(response)).toEqual(expected)
  })

  it.each([
    ['en', 'This home is no longer listed.', 'Choose in person or video.', 'Choose morning, afternoon or evening.'],
    [
      'ko',
      '이 매물은 더 이상 올라와 있지 않습니다.',
      '직접 방문이나 화상 투어를 골라 주세요.',
      '오전, 오후, 저녁 중에서 골라 주세요.',
    ],
  ])('says what is wrong with a tour, in the visitor language (%s)', async (lang, unknownHome, mode, window) => {
    const gone = await post({ ...tour([{ date: dayAhead(1), window: 'morning' }]), listingKey: 'NOPE-1' }, { lang })
    expect(gone.status).toBe(400)
    expect(await fieldsOf(gone)).toEqual({ listingKey: unknownHome })
    const bad = await post(tour([{ date: dayAhead(1), window: 'night' }], 'drive-by'), { lang })
    expect(await fieldsOf(bad)).toEqual({ 'tour.mode': mode, 'tour.slots.0.window': window })
  })

  it('refuses a home of another MLS than the realtor’s, as one no listing has, and stores nothing', async () => {
    const count = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts').first<{ n: number }>())!.n
    const before = await count()
    // Jane's site is Georgia's (FMLS): a California ListingKey names no home of hers.
    const refused = await post({ ...tour([{ date: dayAhead(1), window: 'morning' }]), listingKey: CA_KEY })
    expect(refused.status).toBe(400)
    expect(await fieldsOf(refused)).toEqual({ listingKey: 'This home is no longer listed.' })
    const question = { ...PERSON, kind: 'question', listingKey: CA_KEY, message: 'HOA?' }
    const ko = await post({ realtorId: janeId, ...question }, { lang: 'ko' })
    expect(await fieldsOf(ko)).toEqual({ listingKey: '이 매물은 더 이상 올라와 있지 않습니다.' })
    expect(await count()).toBe(before)
    // The same key asked of a California realtor is their home, with its page on their site.
    const accepted = await post({ realtorId: equityId, ...question })
    expect(accepted.status).toBe(201)
    const [stored] = await contactsById(env.DB, [((await accepted.json()) as { id: number }).id])
    expect(stored?.details?.home).toMatchObject({
      listingKey: CA_KEY,
      city: 'Irvine',
      state: 'CA',
      url: '/equityrealty/homes/CRMLS-REQ-2001',
    })
  })

  it('reads a request’s home only among the realtor’s MLS listings', async () => {
    expect(await homeSnapshot(env.DB, JANE_SITE, CA_KEY)).toBeNull()
    expect(await homeSnapshot(env.DB, JANE_SITE, 'NOPE-1')).toBeNull()
    expect(await homeSnapshot(env.DB, JANE_SITE, KEY)).toEqual(JANE_HOME)
    const both = {
      ...JANE_SITE,
      activityRegion: [
        ...JANE_SITE.activityRegion,
        { ...JANE_SITE.activityRegion[0]!, state: 'CA' as const, city: 'Irvine' },
      ],
    }
    expect((await homeSnapshot(env.DB, both, CA_KEY))?.url).toBe('/janekim/homes/CRMLS-REQ-2001')
  })

  it('refuses four days, the same day and time twice, an impossible date and a tour without days', async () => {
    const day = { date: dayAhead(2), window: 'morning' }
    const four = await post(
      tour([day, { ...day, date: dayAhead(3) }, { ...day, date: dayAhead(4) }, { ...day, date: dayAhead(5) }]),
    )
    expect(await fieldsOf(four)).toEqual({ 'tour.slots': 'At most 3 items are allowed.' })
    const twice = await post(tour([day, day]))
    expect(await fieldsOf(twice)).toEqual({ 'tour.slots.1.date': 'This day and time is already chosen.' })
    const impossible = await post(tour([{ date: '2026-02-30', window: 'morning' }]))
    expect(await fieldsOf(impossible)).toEqual({ 'tour.slots.0.date': 'Choose a day.' })
    const none = await post({ ...tour([]), tour: undefined })
    expect(await fieldsOf(none)).toEqual({ tour: 'This field is required.' })
  })

  it.each([
    [
      'en',
      {
        'valuation.address': 'This field is required.',
        'valuation.baths': 'Use a whole or half number, such as 2 or 2.5.',
        'valuation.beds': 'Must be at most 20.',
        'valuation.timeline': 'Choose when you might sell.',
      },
    ],
    [
      'ko',
      {
        'valuation.address': '필수 항목입니다.',
        'valuation.baths': '2나 2.5처럼 0.5 단위로 입력해 주세요.',
        'valuation.beds': '20 이하여야 합니다.',
        'valuation.timeline': '매도 예정 시기를 골라 주세요.',
      },
    ],
  ])('says what is wrong with a valuation request (%s) and stores nothing', async (lang, expected) => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts').first<{ n: number }>()
    const response = await post(valuation({ address: ' ', beds: 21, baths: 2.25, timeline: 'someday' }), { lang })
    expect(response.status).toBe(400)
    expect(await fieldsOf(response)).toEqual(expected)
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('takes only the fields of its kind, and a question needs its words', async () => {
    const message = { realtorId: janeId, ...PERSON, message: 'Hi', valuation: valuation().valuation }
    expect(await fieldsOf(await post(message))).toEqual({ valuation: 'This field cannot be set.' })
    const question = await post({ realtorId: janeId, ...PERSON, kind: 'question' })
    expect(await fieldsOf(question)).toEqual({
      listingKey: 'This field is required.',
      message: 'This field is required.',
    })
    const strange = await post({ ...valuation(), kind: 'offer' })
    expect(await fieldsOf(strange)).toMatchObject({ kind: 'This value has the wrong type.' })
  })

  it('counts against the contact form budget: past it, a request answers 429', async () => {
    const { limit } = budgetOf('CONTACT_LIMITER')
    const ip = '198.51.100.99'
    for (let i = 0; i < limit; i++) expect((await post(valuation(), { ip })).status).toBe(201)
    const refused = await post(valuation(), { ip })
    expect(refused.status).toBe(429)
    const message = { realtorId: janeId, ...PERSON, message: 'Hi' }
    expect((await post(message, { ip })).status).toBe(429)
  })
})

describe('delivering a request', () => {
  interface Sent {
    to: string
    raw: string
  }

  function harness() {
    const emails: Sent[] = []
    const posts: unknown[] = []
    const hook = fakeUpstream(async (request) => {
      posts.push(await request.json())
      return new Response('ok')
    })
    const config: OutboxConfig = {
      ...outboxConfig(
        { ...env, CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/operator', UPSTREAM_TIMEOUT_MS: '2000' },
        hook.fetch,
      ),
      production: false,
      sendEmail: async (_from, to, raw) => {
        emails.push({ to, raw })
      },
    }
    return { config, emails, posts }
  }

  /** Stored as the route stores it (its own first attempt left out, so the harness makes it). */
  async function sent(body: unknown) {
    const contact = contactSchema.parse(body)
    const home = contact.listingKey ? await homeSnapshot(env.DB, JANE_SITE, contact.listingKey) : null
    return insertContact(env.DB, contact, 'en', '/janekim', detailsOfRequest(contact, home))
  }

  it('tells the realtor the kind and the home in their language, by email, webhook and the operator body', async () => {
    await saveNotificationSettings(env.DB, janeId, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'en' })
    const day = dayAhead(1)
    const stored = await sent(tour([{ date: day, window: 'morning' }]))
    const { config, emails, posts } = harness()
    expect(await forwardContact(config, stored)).toBe(true)
    const date = new Date(`${day}T00:00:00Z`)
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]
    const headline = `Tour request: 123 Main St, Johns Creek — ${weekday} ${date.getUTCMonth() + 1}/${date.getUTCDate()} morning, in person`
    const email = await PostalMime.parse(emails[0]!.raw)
    expect(email.subject).toBe(`${headline} · Amy Kim`)
    expect(email.text).toContain('Home: 123 Main St, Johns Creek, GA 30097')
    expect(email.text).toContain('Price: $725,000')
    const slack = posts.find((body) => (body as { text?: string }).text) as { text: string }
    expect(slack.text).toContain(headline)
    const operator = posts.find((body) => (body as { type?: string }).type === 'realtor_contact') as {
      contact: { kind: string; details: { home: { listingKey: string } } }
    }
    expect(operator.contact.kind).toBe('tour')
    expect(operator.contact.details.home.listingKey).toBe(KEY)
  })

  it('is never lost: a failed email is retried by the cron from the stored request, still saying what it is', async () => {
    await saveNotificationSettings(env.DB, janeId, { email: 'jane@example.com', webhookUrl: '', locale: 'en' })
    const stored = await sent({ realtorId: janeId, ...PERSON, kind: 'question', listingKey: KEY, message: 'Pets?' })
    const down = harness()
    down.config.sendEmail = async () => {
      throw new Error('the email binding is down')
    }
    expect(await forwardContact(down.config, stored)).toBe(false)
    const pending = await env.DB.prepare(
      "SELECT status, attempts FROM deliveries WHERE topic = 'contact' AND message_id = ? AND destination = 'realtor-email'",
    )
      .bind(stored.id)
      .first()
    expect(pending).toEqual({ status: 'pending', attempts: 1 })
    await retriesFallDue()
    const up = harness()
    await retryDue(up.config, contactMessages)
    const subjects = await Promise.all(up.emails.map(async (email) => (await PostalMime.parse(email.raw)).subject))
    expect(subjects).toContain('Question about a home: 123 Main St, Johns Creek · Amy Kim')
  })

  it('says a valuation request in Korean to a realtor who reads Korean, and as the push title', async () => {
    await saveNotificationSettings(env.DB, janeId, { email: 'jane@example.com', webhookUrl: '', locale: 'ko' })
    const stored = await sent(valuation())
    const { config, emails } = harness()
    await forwardContact(config, stored)
    const email = await PostalMime.parse(emails[0]!.raw)
    expect(email.subject).toBe(
      '시세 평가 요청: 456 Oak Ave, Irvine, CA 92620 — 침실 3 · 욕실 2.5, 1–3개월 안 · Amy Kim',
    )
    expect(email.text).toContain('평가할 집: 456 Oak Ave, Irvine, CA 92620')
    expect(email.text).not.toContain('문의 내용:')
    expect(pushPayload(stored, 'https://x.example/inbox', 'ko').title).toBe(
      '시세 평가 요청: 456 Oak Ave, Irvine, CA 92620 — 침실 3 · 욕실 2.5, 1–3개월 안',
    )
  })
})
