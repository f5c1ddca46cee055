// POST /api/send-to-slack: validation, the lead stored before the relay, the Slack payload and its
// escaping, upstream failures leaving the lead pending, the cron retry delivering each lead once, 429;
// POST /api/events and its forwarding, which no misbehaving endpoint holds up.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeEach, describe, expect, inject, it, vi } from 'vitest'
import type { Bindings } from '../../src/env'
import { retryPendingLeads } from '../../src/lib/leads/relay'
import { outboxConfig } from '../../src/lib/outbox/config'
import worker, { createApp } from '../../src/worker'
import { FAULT_MODES, SECRET_BODY } from '../fault/upstream'
import { CONTACT, LEAD } from '../fixtures/forms'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'
import { type FakeUpstream, fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue, settled } from '../helpers'

const WEBHOOK = 'https://hooks.slack.example/services/T000/B000/XXXX'
interface LeadRow {
  id: number
  name: string
  status: string
  attempts: number
  last_error: string | null
}

function post(
  body: unknown,
  {
    upstream,
    envOverride = {},
    headers = {},
  }: { upstream?: FakeUpstream; envOverride?: Partial<Bindings>; headers?: Record<string, string> } = {},
) {
  const app = createApp(upstream ? { upstreamFetch: upstream.fetch } : {})
  return settled(
    app,
    'http://127.0.0.1:8787/api/send-to-slack',
    {
      method: 'POST',
      headers: { host: '127.0.0.1:8787', 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { ...env, SLACK_WEBHOOK_URL: WEBHOOK, ...envOverride },
  )
}

const KO_PHONE = '(404) 555-7788 또는 010-1234-5678처럼 입력해 주세요. 다른 나라 번호는 + 와 국가 번호로 시작해 주세요.'
const EN_PHONE =
  'Enter a phone number such as (404) 555-7788 or 010-1234-5678; for another country start with + and its country code.'

const slackOk = () => fakeUpstream(() => new Response('ok'))
/** Each lead with the state of its delivery to Slack (the outbox's deliveries table). */
const leads = async () =>
  (
    await env.DB.prepare(
      `SELECT leads.*, d.status, d.attempts, d.last_error FROM leads
       JOIN deliveries d ON d.topic = 'lead' AND d.message_id = leads.id ORDER BY leads.id`,
    ).all<LeadRow>()
  ).results

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run()
})

describe('POST /api/send-to-slack validation', () => {
  const cases: [string, unknown, string, string, string][] = [
    ['a missing name', { ...LEAD, name: undefined }, 'name', '필수 항목입니다.', 'This field is required.'],
    ['a blank area', { ...LEAD, area: '   ' }, 'area', '필수 항목입니다.', 'This field is required.'],
    // The phone is read as people write numbers (docs/decisions/064); what is no number is refused.
    ['letters in the phone', { ...LEAD, phone: '949-CALL-NOW' }, 'phone', KO_PHONE, EN_PHONE],
    ['a phone of hyphens only', { ...LEAD, phone: '---' }, 'phone', KO_PHONE, EN_PHONE],
    ['a phone of three digits', { ...LEAD, phone: '123' }, 'phone', KO_PHONE, EN_PHONE],
    ['a phone of 25 digits', { ...LEAD, phone: '9'.repeat(25) }, 'phone', KO_PHONE, EN_PHONE],
    ['an unknown country code', { ...LEAD, phone: '+999 1234 5678' }, 'phone', KO_PHONE, EN_PHONE],
    [
      'an unknown hasSite',
      { ...LEAD, hasSite: 'maybe' },
      'hasSite',
      '홈페이지 보유 여부를 선택해 주세요.',
      'Choose whether you have a homepage.',
    ],
    [
      'no privacy consent',
      { ...LEAD, privacyConsent: 'N' },
      'privacyConsent',
      '필수 항목에 모두 동의해 주세요.',
      'Please agree to all required items.',
    ],
    [
      'a missing contact consent',
      { ...LEAD, contactConsent: undefined },
      'contactConsent',
      '필수 항목에 모두 동의해 주세요.',
      'Please agree to all required items.',
    ],
    [
      'a name over 50 characters',
      { ...LEAD, name: 'x'.repeat(51) },
      'name',
      '50자 이하로 입력해 주세요.',
      'Use at most 50 characters.',
    ],
    [
      'an extra field',
      { ...LEAD, channel: '<!channel>' },
      'channel',
      '입력할 수 없는 항목입니다.',
      'This field cannot be set.',
    ],
  ]
  for (const [what, body, path, ko, en] of cases) {
    it(`refuses ${what} with a 400 naming the field in Korean and English, storing nothing`, async () => {
      const upstream = slackOk()
      for (const [language, message] of [
        ['ko', ko],
        ['en', en],
      ]) {
        const response = await post(body, { upstream, headers: { 'accept-language': language! } })
        expect(response.status).toBe(400)
        const json = (await response.json()) as { error: { fields: { path: string; message: string }[] } }
        expect(json.error.fields).toContainEqual({ path, message })
      }
      expect(await leads()).toEqual([])
      expect(upstream.requests).toHaveLength(0)
    })
  }

  it('refuses a body that is not JSON and one over the size limit', async () => {
    expect((await post('{"name":')).status).toBe(400)
    expect((await post({ ...LEAD, area: 'x'.repeat(9000) })).status).toBe(413)
    expect(await leads()).toEqual([])
  })
})

describe('POST /api/send-to-slack relay', () => {
  it('stores the lead before posting it to Slack, answers, then marks it delivered (decision 069)', async () => {
    let statusDuringRelay: string | undefined
    const upstream = fakeUpstream(async () => {
      statusDuringRelay = (await leads())[0]?.status
      return new Response('ok')
    })
    const response = await post(LEAD, { upstream })
    expect(response.status).toBe(201)
    // The answer comes before the relay: delivery is to follow, whatever Slack does.
    expect(await response.json()).toMatchObject({ status: 'pending' })
    expect(statusDuringRelay).toBe('sending')
    expect(await leads()).toMatchObject([{ name: '김철수', status: 'delivered', attempts: 1 }])
    const request = upstream.requests[0]!
    expect(request.url).toBe(WEBHOOK)
    expect(request.method).toBe('POST')
    const payload = (await request.json()) as { text: string }
    expect(payload.text).toContain('Name: 김철수')
    expect(payload.text).toContain('Area: Irvine, CA')
    expect(payload.text).toContain('Phone: (949) 555-0100')
    expect(payload.text).toContain('Has a homepage: No')
  })

  it("escapes Slack's control syntax: a visitor cannot ping the channel or hide a link", async () => {
    const upstream = slackOk()
    await post({ ...LEAD, name: '<!channel> & <@U123>', area: '<https://evil.example|Irvine>' }, { upstream })
    const { text } = (await upstream.requests[0]!.json()) as { text: string }
    expect(text).toContain('Name: &lt;!channel&gt; &amp; &lt;@U123&gt;')
    expect(text).toContain('Area: &lt;https://evil.example|Irvine&gt;')
    expect(text).not.toMatch(/<[!@h]/)
  })

  it('keeps the lead pending when no webhook is configured', async () => {
    const response = await post(LEAD, { envOverride: { SLACK_WEBHOOK_URL: undefined } })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ status: 'pending' })
    expect(await leads()).toMatchObject([{ status: 'pending', attempts: 0 }])
  })

  // Slack failing, in every way the fault server knows: the lead stays pending for the cron retry. A
  // 200 whose body is broken (invalid JSON, cut short, stalled, trickling, huge, HTML) is Slack having
  // taken the message: the body is never read, so it holds nothing up. A redirect is not followed.
  const SLACK_FAULTS = [
    ['timeout', 'pending'],
    ['error500', 'pending'],
    ['error502', 'pending'],
    ['reset', 'pending'],
    ['invalidJson', 'delivered'],
    ['truncated', 'delivered'],
    ['slowBody', 'delivered'],
    ['trickle', 'delivered'],
    ['hugeBody', 'delivered'],
    ['hugeChunked', 'delivered'],
    ['html', 'delivered'],
    ['redirect', 'pending'],
  ] as const
  it('knows every fault mode', () => {
    expect(SLACK_FAULTS.map(([mode]) => mode).sort()).toEqual(FAULT_MODES.filter((m) => m !== 'flaky').sort())
  })
  for (const [mode, status] of SLACK_FAULTS) {
    it(`answers in time, leaks nothing and keeps the lead (${status}) when Slack ${mode}`, async () => {
      const started = Date.now()
      const response = await post(LEAD, {
        envOverride: { SLACK_WEBHOOK_URL: inject('faultOrigins')[mode], UPSTREAM_TIMEOUT_MS: '300' },
      })
      expect(Date.now() - started).toBeLessThan(300 + 500)
      expect(response.status).toBe(201)
      const body = await response.text()
      expect(body).not.toContain(SECRET_BODY)
      expect(JSON.parse(body)).toMatchObject({ status: 'pending' })
      const [row] = await leads()
      expect(row).toMatchObject({ status, attempts: 1 })
      expect(row!.last_error ?? '').not.toContain(SECRET_BODY)
      // The cron retries a pending lead, in time again, and leaves a delivered one alone.
      await retriesFallDue()
      const retryStarted = Date.now()
      const failing = { DB: env.DB, SLACK_WEBHOOK_URL: inject('faultOrigins')[mode], UPSTREAM_TIMEOUT_MS: '300' }
      await retryPendingLeads(outboxConfig(failing, (input, init) => fetch(input, init)))
      expect(Date.now() - retryStarted).toBeLessThan(300 + 500)
      expect(await leads()).toMatchObject([{ status, attempts: status === 'pending' ? 2 : 1 }])
    })
  }
})

describe('the lead rate limit', () => {
  const { limit, period } = budgetOf('LEAD_LIMITER')

  it('answers 429 with Retry-After and a message saying when, past its budget of accepted leads', async () => {
    await freshWindow(period)
    const headers = { 'cf-connecting-ip': '203.0.113.77', 'accept-language': 'ko' }
    const statuses: number[] = []
    for (let i = 0; i <= limit; i++) statuses.push((await post(LEAD, { upstream: slackOk(), headers })).status)
    expect(statuses).toEqual([...Array(limit).fill(201), 429])
    const refused = await post(LEAD, { upstream: slackOk(), headers })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe(String(period))
    expect(await refused.json()).toMatchObject({
      error: { code: 'rate_limited', message: `신청이 너무 많습니다. ${period}초 후에 다시 시도해 주세요.` },
    })
    const en = await post(LEAD, { upstream: slackOk(), headers: { ...headers, 'accept-language': 'en' } })
    expect(await en.json()).toMatchObject({
      error: { message: `Too many requests. Please try again in ${period} seconds.` },
    })
    expect(await leads()).toHaveLength(limit)
    // Another address is not affected.
    expect((await post(LEAD, { upstream: slackOk(), headers: { 'cf-connecting-ip': '203.0.113.78' } })).status).toBe(
      201,
    )
  })

  it('counts only accepted leads: refused ones (400) never use up the budget', async () => {
    await freshWindow(period)
    const headers = { 'cf-connecting-ip': '203.0.113.79' }
    for (let i = 0; i < limit + 3; i++)
      expect((await post({ ...LEAD, phone: 'call me' }, { upstream: slackOk(), headers })).status).toBe(400)
    expect((await post('{"name":', { headers })).status).toBe(400)
    const statuses: number[] = []
    for (let i = 0; i <= limit; i++) statuses.push((await post(LEAD, { upstream: slackOk(), headers })).status)
    expect(statuses).toEqual([...Array(limit).fill(201), 429])
  })

  it('has a budget of its own: contact messages from the same address do not use it up', async () => {
    await freshWindow(period)
    const ip = '203.0.113.80'
    for (let i = 0; i < budgetOf('CONTACT_LIMITER').limit; i++) {
      const contact = await settled(
        createApp(),
        'http://127.0.0.1:8787/v1/realtor-contacts',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
          body: JSON.stringify(CONTACT),
        },
        env,
      )
      expect(contact.status).toBe(201)
    }
    expect((await post(LEAD, { upstream: slackOk(), headers: { 'cf-connecting-ip': ip } })).status).toBe(201)
  })
})

describe('the cron retry of pending leads', () => {
  const config = (upstream: FakeUpstream) =>
    outboxConfig({ DB: env.DB, SLACK_WEBHOOK_URL: WEBHOOK, UPSTREAM_TIMEOUT_MS: '500' }, upstream.fetch)

  it('delivers each pending lead exactly once, even when two runs overlap', async () => {
    for (const name of ['A', 'B', 'C']) await post({ ...LEAD, name }, { envOverride: { SLACK_WEBHOOK_URL: undefined } })
    const upstream = slackOk()
    const [first, second] = await Promise.all([
      retryPendingLeads(config(upstream)),
      retryPendingLeads(config(upstream)),
    ])
    expect(first.delivered + second.delivered).toBe(3)
    expect(upstream.requests).toHaveLength(3)
    const names = await Promise.all(upstream.requests.map(async (r) => ((await r.json()) as { text: string }).text))
    expect(names.map((text) => /Name: (\w)/.exec(text)?.[1]).sort()).toEqual(['A', 'B', 'C'])
    expect((await leads()).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered'])
    await retryPendingLeads(config(upstream))
    expect(upstream.requests).toHaveLength(3)
  })

  it('retries a lead Slack refused, and one whose claim was abandoned by a crashed run', async () => {
    await post(LEAD, { upstream: fakeUpstream(() => new Response('no', { status: 500 })) })
    await post({ ...LEAD, name: 'Stuck' }, { envOverride: { SLACK_WEBHOOK_URL: undefined } })
    await env.DB.prepare(
      `UPDATE deliveries SET status = 'sending', claimed_at = '2000-01-01T00:00:00.000Z'
       WHERE topic = 'lead' AND message_id = (SELECT id FROM leads WHERE name = 'Stuck')`,
    ).run()
    const upstream = slackOk()
    await retriesFallDue()
    expect(await retryPendingLeads(config(upstream))).toEqual({ delivered: 2, pending: 0 })
    expect(await leads()).toMatchObject([
      { status: 'delivered', attempts: 2 },
      { status: 'delivered', attempts: 1 },
    ])
  })

  it("runs from the worker's scheduled() handler and leaves a lead pending while Slack is down", async () => {
    await post(LEAD, { envOverride: { SLACK_WEBHOOK_URL: undefined } })
    const ctx = createExecutionContext()
    const failing = { ...env, SLACK_WEBHOOK_URL: inject('faultOrigins').error502, UPSTREAM_TIMEOUT_MS: '500' }
    worker.scheduled(
      { cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController,
      failing,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(await leads()).toMatchObject([{ status: 'pending', attempts: 1 }])
  })
})

describe('POST /api/events', () => {
  const send = (body: string) =>
    settled(
      createApp(),
      'http://127.0.0.1:8787/api/events',
      {
        method: 'POST',
        headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787', 'content-type': 'text/plain' },
        body,
      },
      env,
    )

  it('counts each landing event per day, device type and locale, and answers 204', async () => {
    const event = JSON.stringify({ name: 'lead_realtor_click_btn_cta', deviceType: 'mobile', locale: 'en' })
    expect((await send(event)).status).toBe(204)
    expect((await send(event)).status).toBe(204)
    const row = await env.DB.prepare(
      "SELECT count FROM analytics_daily WHERE name = 'lead_realtor_click_btn_cta' AND device_type = 'mobile' AND locale = 'en'",
    ).first<{ count: number }>()
    expect(row?.count).toBe(2)
  })

  it('forwards the event to ANALYTICS_ENDPOINT when one is configured', async () => {
    const upstream = fakeUpstream(() => new Response(null, { status: 204 }))
    const ctx = createExecutionContext()
    const response = await createApp({ upstreamFetch: upstream.fetch }).request(
      'http://127.0.0.1:8787/api/events',
      {
        method: 'POST',
        headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787' },
        body: JSON.stringify({ name: 'lead_realtor_view_form', deviceType: 'desktop', locale: 'ko' }),
      },
      { ...env, ANALYTICS_ENDPOINT: 'https://analytics.example/collect' },
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(response.status).toBe(204)
    expect(upstream.requests.map((request) => request.url)).toEqual(['https://analytics.example/collect'])
    expect(await upstream.requests[0]!.json()).toMatchObject({
      name: 'lead_realtor_view_form',
      deviceType: 'desktop',
      locale: 'ko',
    })
  })

  // The analytics endpoint misbehaving in every way the fault server knows: the visitor has the 204 at
  // once, and the forwarding the request waits for (waitUntil) ends within the deadline, body and all.
  for (const mode of FAULT_MODES.filter((m) => m !== 'flaky')) {
    it(`answers 204 and ends the forwarding in time when the analytics endpoint ${mode}`, async () => {
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const ctx = createExecutionContext()
      const started = Date.now()
      const response = await createApp().request(
        'http://127.0.0.1:8787/api/events',
        {
          method: 'POST',
          headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787' },
          body: JSON.stringify({ name: 'lead_realtor_view_form', deviceType: 'desktop', locale: 'ko' }),
        },
        { ...env, ANALYTICS_ENDPOINT: inject('faultOrigins')[mode], UPSTREAM_TIMEOUT_MS: '300' },
        ctx,
      )
      expect(response.status).toBe(204)
      await waitOnExecutionContext(ctx)
      expect(Date.now() - started).toBeLessThan(300 + 500)
      warnings.mockRestore()
    })
  }

  it('refuses anything that is not one of the four events', async () => {
    for (const body of [
      'nope',
      '{"name":"other","deviceType":"mobile","locale":"en"}',
      '{"name":"lead_realtor_view_home"}',
    ])
      expect((await send(body)).status).toBe(400)
  })
})

describe('POST /api/events from elsewhere', () => {
  const event = JSON.stringify({ name: 'lead_realtor_view_home', deviceType: 'desktop', locale: 'ko' })
  const send = (headers: Record<string, string>) =>
    settled(
      createApp(),
      'http://127.0.0.1:8787/api/events',
      { method: 'POST', headers: { host: '127.0.0.1:8787', 'content-type': 'text/plain', ...headers }, body: event },
      env,
    )

  it('refuses another origin, and a request that names none', async () => {
    expect((await send({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await send({})).status).toBe(403)
    expect((await send({ origin: 'http://127.0.0.1:8787' })).status).toBe(204)
  })

  it('answers 429 with a translated message past its budget from one address', async () => {
    const headers = { origin: 'http://127.0.0.1:8787', 'cf-connecting-ip': '203.0.113.201', 'accept-language': 'ko' }
    const statuses: number[] = []
    for (let i = 0; i < 62; i++) statuses.push((await send(headers)).status)
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true)
    const refused = await send(headers)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({
      error: { message: '이벤트가 너무 많습니다. 잠시 후 다시 시도해 주세요.' },
    })
  })

  it('refuses a body over 1 KB', async () => {
    const big = await settled(
      createApp(),
      'http://127.0.0.1:8787/api/events',
      { method: 'POST', headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787' }, body: 'x'.repeat(2048) },
      env,
    )
    expect(big.status).toBe(413)
  })
})
