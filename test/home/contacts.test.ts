import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '../../src/lib/contacts/webhook'
import { retryDue } from '../../src/lib/outbox/deliver'
import { GIVE_UP_AFTER_MS, LONGEST_RETRY_MS } from '../../src/lib/outbox/retry'
import type { FetchLike } from '../../src/lib/upstream'
import { createApp } from '../../src/worker'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'
import { fakeUpstream, silentUpstream } from '../fixtures/upstream'
import { call, retriesFallDue, settled } from '../helpers'

// The phone messages name the selected region's format (docs/decisions/064-phone-numbers.md).
const KO_US = '(404) 555-7788처럼 입력하거나, +82 10 1234 5678처럼 + 와 국가 번호로 시작해 주세요.'
const EN_US = 'Enter a number such as (404) 555-7788, or start with + and the country code, such as +82 10 1234 5678.'
const KO_KR =
  '010-1234-5678처럼 입력하거나, +1 404 555 7788처럼 + 와 국가 번호로 시작해 주세요. (404) 555-7788 같은 미국 번호도 됩니다.'
const EN_KR =
  'Enter a number such as 010-1234-5678, or start with + and the country code, such as +1 404 555 7788. A US number such as (404) 555-7788 works too.'
const KO_OTHER = '선택한 나라에서 쓰는 방식대로 입력하거나, +1 404 555 7788처럼 + 와 국가 번호로 시작해 주세요.'
const EN_OTHER =
  'Enter the number as it is written in the selected country, or start with + and the country code, such as +1 404 555 7788.'

const VALID = {
  realtorId: 1,
  lastName: '김',
  firstName: '민수',
  email: 'minsu@example.com',
  phone: '010-1234-5678',
  phoneCountryCode: 'KR',
  message: '어바인 단독주택 문의드립니다.',
  isTerm: 'Y',
}

function post(
  body: unknown,
  init: { lang?: string; app?: ReturnType<typeof createApp>; vars?: Record<string, string>; ip?: string } = {},
) {
  const request = new Request('http://127.0.0.1:8787/v1/realtor-contacts', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': init.lang ?? 'ko',
      origin: 'https://janekim.example',
      ...(init.ip ? { 'cf-connecting-ip': init.ip } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return settled(init.app ?? createApp(), request, undefined, { ...env, ...init.vars })
}

/** The contact with the state of its delivery to the webhook (the outbox's deliveries table). */
async function stored(id: number) {
  return env.DB.prepare(
    `SELECT c.*, d.delivered_at, d.attempts AS delivery_attempts, d.last_error, d.status AS delivery_status FROM realtor_contacts c
     JOIN deliveries d ON d.topic = 'contact' AND d.message_id = c.id WHERE c.id = ?`,
  )
    .bind(id)
    .first<Record<string, unknown>>()
}

/** Marks every contact so far delivered, so a test counts only its own. */
const deliverAllSoFar = () =>
  env.DB.prepare("UPDATE deliveries SET status = 'delivered', delivered_at = ? WHERE topic = 'contact'")
    .bind('2026-01-01T00:00:00Z')
    .run()

describe('POST /v1/realtor-contacts', () => {
  it('stores a valid contact with name = last name then first name and answers 201', async () => {
    const response = await post(VALID)
    expect(response.status).toBe(201)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await response.json()) as { id: number; createdAt: string }
    // The answer says the contact is stored; how its delivery went is the outbox's (decision 069).
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id'])
    const row = await stored(body.id)
    expect(row).toMatchObject({
      realtor_id: 1,
      name: '김 민수',
      phone: '+821012345678',
      is_term: 'Y',
      phone_country_code: 'KR',
    })
    // On by default (decision 063): the realtor's email took it in the first attempt, after the answer.
    const email = await env.DB.prepare(
      "SELECT status, attempts FROM deliveries WHERE topic = 'contact' AND message_id = ? AND destination = 'realtor-email'",
    )
      .bind(body.id)
      .first()
    expect(email).toEqual({ status: 'delivered', attempts: 1 })
  })

  it('answers a preflight from any origin', async () => {
    const response = await call('/v1/realtor-contacts', {
      method: 'OPTIONS',
      headers: { origin: 'https://anyone.example', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it.each([
    ['lastName', { lastName: '' }, '필수 항목입니다.', 'This field is required.'],
    ['firstName', { firstName: undefined }, '필수 항목입니다.', 'This field is required.'],
    ['email', { email: 'a@b.c' }, '올바른 이메일 주소를 입력해 주세요.', 'Enter a valid email address.'],
    ['phone', { phone: '010-123' }, KO_KR, EN_KR],
    ['phone', { phone: '949-555-01421', phoneCountryCode: 'US' }, KO_US, EN_US],
    ['isTerm', { isTerm: 'yes' }, 'Y 또는 N이어야 합니다.', 'Must be Y or N.'],
    ['isTerm', { isTerm: 'N' }, '필수 항목에 모두 동의해 주세요.', 'Please agree to all required items.'],
    ['message', { message: '   ' }, '필수 항목입니다.', 'This field is required.'],
    ['message', { message: 'x'.repeat(2001) }, '2000자 이하로 입력해 주세요.', 'Use at most 2000 characters.'],
    ['realtorId', { realtorId: 'abc' }, '숫자를 입력해 주세요.', 'Enter a number.'],
    ['phoneCountryCode', { phoneCountryCode: 'XX' }, '올바른 형식이 아닙니다.', 'This value has the wrong type.'],
    ['extra', { extra: 1 }, '입력할 수 없는 항목입니다.', 'This field cannot be set.'],
  ])('refuses a bad %s with a ko and an en message and stores nothing', async (path, patch, ko, en) => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts').first<{ n: number }>()
    for (const [lang, message] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      const response = await post({ ...VALID, ...patch }, { lang })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
      expect(body.error.fields).toContainEqual({ path, message })
    }
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_contacts').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it.each([
    ['JP', '090-1234-5678', '+819012345678'],
    ['CN', '138-0013-8000', '+8613800138000'],
    ['CA', '416-555-0100', '+14165550100'],
    ['PR', '787-555-0100', '+17875550100'],
    ['DE', '0170-123-4567', '+491701234567'],
  ])('accepts a %s number of its region and stores it as E.164 (docs/decisions/064)', async (region, phone, e164) => {
    const response = await post({ ...VALID, phoneCountryCode: region, phone })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: number }
    expect(await stored(id)).toMatchObject({ phone_country_code: region, phone: e164 })
  })

  it.each([
    ['JP', '0-1234', KO_OTHER, EN_OTHER],
    ['CA', '416-555-010', KO_US, EN_US],
  ])("refuses a %s selection's text that is no number with its region's message", async (region, phone, ko, en) => {
    for (const [lang, message] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      const response = await post({ ...VALID, phoneCountryCode: region, phone }, { lang })
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
      expect(body.error.fields).toEqual([{ path: 'phone', message }])
    }
  })

  it('refuses a region that is not an assigned two-letter code', async () => {
    for (const phoneCountryCode of ['kr', 'UK', 'EU', 'KOR', 'K', 82, null]) {
      const response = await post({ ...VALID, phoneCountryCode }, { lang: 'en' })
      expect(response.status, String(phoneCountryCode)).toBe(400)
      const body = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
      expect(body.error.fields).toContainEqual({ path: 'phoneCountryCode', message: 'This value has the wrong type.' })
    }
  })

  it('refuses an unknown realtor and malformed JSON', async () => {
    const unknown = await post({ ...VALID, realtorId: 9999 }, { lang: 'en' })
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('This realtor does not exist.')
    expect((await post('{"realtorId":', { lang: 'en' })).status).toBe(400)
  })

  it('forwards the stored contact to the webhook and marks it delivered', async () => {
    const webhook = fakeUpstream(() => new Response('ok'))
    const response = await post(VALID, {
      app: createApp({ upstreamFetch: webhook.fetch }),
      vars: { CONTACT_WEBHOOK_URL: 'https://hooks.example/contact' },
    })
    const body = (await response.json()) as { id: number }
    expect(webhook.requests).toHaveLength(1)
    const sent = (await webhook.requests[0]!.json()) as { contact: { id: number; email: string } }
    expect(sent.contact).toMatchObject({ id: body.id, email: VALID.email })
    expect((await stored(body.id))?.delivered_at).toBeTruthy()
  })

  it.each([
    ['a 500', () => fakeUpstream(() => new Response('boom', { status: 500 }))],
    ['a timeout', () => silentUpstream()],
    ['a network error', () => fakeUpstream(() => Promise.reject(new TypeError('connection refused')))],
  ])('keeps the contact when the webhook fails with %s', async (_, upstream) => {
    const response = await post(VALID, {
      app: createApp({ upstreamFetch: upstream().fetch }),
      vars: { CONTACT_WEBHOOK_URL: 'https://hooks.example/contact', UPSTREAM_TIMEOUT_MS: '50' },
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: number }
    const row = await stored(body.id)
    expect(row).toMatchObject({ delivered_at: null, delivery_attempts: 1, delivery_status: 'pending' })
    expect(String(row?.last_error)).not.toBe('null')
  })
})

describe('the contact rate limit', () => {
  const { limit, period } = budgetOf('CONTACT_LIMITER')

  it('answers 429 with Retry-After and a message saying when, once a client passes its budget; other clients go on', async () => {
    await freshWindow(period)
    const statuses: number[] = []
    for (let index = 0; index < limit + 3; index++) statuses.push((await post(VALID, { ip: '198.51.100.9' })).status)
    expect(statuses).toEqual([...Array(limit).fill(201), 429, 429, 429])
    const limited = await post(VALID, { ip: '198.51.100.9', lang: 'en' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(period))
    expect(await limited.json()).toMatchObject({
      error: { code: 'rate_limited', message: `Too many messages. Please try again in ${period} seconds.` },
    })
    const ko = await post(VALID, { ip: '198.51.100.9', lang: 'ko' })
    expect(await ko.json()).toMatchObject({
      error: { message: `문의가 너무 많습니다. ${period}초 후에 다시 시도해 주세요.` },
    })
    expect((await post(VALID, { ip: '198.51.100.10' })).status).toBe(201)
  })

  it('counts only accepted messages: refused ones (400), an unknown realtor included, never use up the budget', async () => {
    await freshWindow(period)
    const ip = '198.51.100.11'
    for (let index = 0; index < limit; index++) {
      expect((await post({ ...VALID, phone: '010-1234' }, { ip })).status).toBe(400)
      expect((await post({ ...VALID, realtorId: 9999 }, { ip })).status).toBe(400)
    }
    const statuses: number[] = []
    for (let index = 0; index <= limit; index++) statuses.push((await post(VALID, { ip })).status)
    expect(statuses).toEqual([...Array(limit).fill(201), 429])
  })

  it('has a budget of its own: leads from the same address do not use it up', async () => {
    await freshWindow(period)
    const ip = '198.51.100.12'
    const lead = {
      name: '김철수',
      area: 'Irvine, CA',
      phone: '949-555-0100',
      hasSite: 'no',
      privacyConsent: 'Y',
      contactConsent: 'Y',
    }
    for (let index = 0; index <= budgetOf('LEAD_LIMITER').limit; index++)
      await settled(
        createApp(),
        'http://127.0.0.1:8787/api/send-to-slack',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
          body: JSON.stringify(lead),
        },
        env,
      )
    expect((await post(VALID, { ip })).status).toBe(201)
  })
})

/** The cron's pass over contacts, to one webhook, at `now`: how many it delivered. */
async function retryContacts(fetch: FetchLike, webhook: string, now = Date.now) {
  const config = { db: env.DB, fetch, timeoutMs: 100, webhooks: { 'operator-webhook': webhook }, now }
  return (await retryDue(config, contactMessages)).delivered
}

describe('retrying undelivered contacts', () => {
  it('delivers what the webhook missed, once, and leaves delivered ones alone', async () => {
    await deliverAllSoFar()
    const failing = await post(VALID, {
      app: createApp({ upstreamFetch: fakeUpstream(() => new Response('no', { status: 503 })).fetch }),
      vars: { CONTACT_WEBHOOK_URL: 'https://hooks.example/contact' },
    })
    const { id } = (await failing.json()) as { id: number }
    const webhook = fakeUpstream(() => new Response('ok'))
    // Not before its retry delay: a webhook that took the post but answered late is not sent it again at once.
    expect(await retryContacts(webhook.fetch, 'https://hooks.example/contact')).toBe(0)
    expect(webhook.requests).toHaveLength(0)
    await retriesFallDue()
    expect(await retryContacts(webhook.fetch, 'https://hooks.example/contact')).toBe(1)
    expect(webhook.requests).toHaveLength(1)
    expect(webhook.requests[0]!.headers.get('idempotency-key')).toMatch(/^delivery-\d+$/)
    expect(await stored(id)).toMatchObject({ delivery_attempts: 2, last_error: null })
    expect(await retryContacts(webhook.fetch, 'https://hooks.example/contact')).toBe(0)
    expect(webhook.requests).toHaveLength(1)
  })

  it('retries a contact with growing delays for a day, then marks it failed but keeps it', async () => {
    await deliverAllSoFar()
    const start = Date.now()
    const { id } = (await (await post(VALID)).json()) as { id: number }
    const down = fakeUpstream(() => new Response('down', { status: 500 }))
    const at = (ms: number) => () => start + ms
    // Every cron pass for a day and an hour, 5 minutes apart: far fewer attempts than passes.
    for (let ms = 0; ms <= GIVE_UP_AFTER_MS + 60 * 60_000; ms += 5 * 60_000)
      await retryContacts(down.fetch, 'https://hooks.example/c', at(ms))
    const attempts = down.requests.length
    expect(attempts).toBeGreaterThan(5)
    expect(attempts).toBeLessThan(30)
    expect(await stored(id)).toMatchObject({
      delivered_at: null,
      delivery_attempts: attempts,
      delivery_status: 'failed',
    })
    // Given up: never sent again, and the contact itself is kept.
    await retryContacts(down.fetch, 'https://hooks.example/c', at(GIVE_UP_AFTER_MS + 10 * LONGEST_RETRY_MS))
    expect(down.requests).toHaveLength(attempts)
  })
})
