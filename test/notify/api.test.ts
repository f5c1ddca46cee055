// /v1/realtor/{id}/notifications (docs/decisions/050-notifications.md): only the owner or an admin reads and
// writes a realtor's settings; bad addresses are refused with translated field errors and change nothing;
// production refuses webhook URLs that are not public https; the test notification reports each channel.
import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeAll, describe, expect, it } from 'vitest'
import { realtorClock } from '../../src/lib/realtors/own-settings'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { PRODUCTION_VARS } from '../fixtures/production'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'
import { fakeUpstream } from '../fixtures/upstream'

const HOOK = 'http://127.0.0.1:9/hook'

let owner = ''
let other = ''
let admin = ''
let realtorId = 0

beforeAll(async () => {
  const ownerId = await makeAccount('notify-owner@example.com', 'password-123', { desiredUrl: 'notifyowner' })
  const otherId = await makeAccount('notify-other@example.com', 'password-123', { desiredUrl: 'notifyother' })
  const adminId = await makeAccount('notify-admin@example.com', 'password-123', { role: 'admin' })
  ;[owner, other, admin] = await Promise.all([tokenFor(ownerId), tokenFor(otherId), tokenFor(adminId)])
  realtorId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'notifyowner'").first<{
    id: number
  }>())!.id
})

interface Options {
  token?: string
  json?: unknown
  method?: string
  language?: string
  vars?: Record<string, unknown>
  upstream?: ReturnType<typeof fakeUpstream>
}

function request(path: string, { token, json, method = 'GET', language = 'ko', vars = {}, upstream }: Options = {}) {
  const headers: Record<string, string> = { 'accept-language': language }
  if (token) headers.authorization = `Bearer ${token}`
  if (json !== undefined) headers['content-type'] = 'application/json'
  return createApp(upstream ? { upstreamFetch: upstream.fetch } : {}).request(
    `http://127.0.0.1:8787/v1/realtor/${realtorId}/notifications${path}`,
    { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
    { ...env, ...vars },
  )
}

const fieldsOf = async (response: Response) =>
  ((await response.json()) as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? []

describe('who may read and write the settings', () => {
  it('refuses a signed-out caller and another realtor; takes the owner and an admin', async () => {
    expect((await request('')).status).toBe(401)
    expect((await request('', { token: other })).status).toBe(403)
    expect(
      (await request('', { token: other, method: 'PUT', json: { email: 'x@example.com', webhookUrl: '' } })).status,
    ).toBe(403)
    expect(
      (await request('/test', { token: other, method: 'POST', json: { email: 'x@example.com', webhookUrl: '' } }))
        .status,
    ).toBe(403)
    expect((await request('', { token: owner })).status).toBe(200)
    expect((await request('', { token: admin })).status).toBe(200)
  })

  it('answers 404 for a realtor that does not exist, and for an id that is not one', async () => {
    const app = createApp()
    const headers = { authorization: `Bearer ${admin}` }
    expect((await app.request('http://127.0.0.1:8787/v1/realtor/999999/notifications', { headers }, env)).status).toBe(
      404,
    )
    expect((await app.request('http://127.0.0.1:8787/v1/realtor/abc/notifications', { headers }, env)).status).toBe(404)
  })
})

/** A send_email binding that keeps what it is given. */
function mailbox() {
  const sent: EmailMessage[] = []
  return { sent, SEND_EMAIL: { send: async (message: EmailMessage) => void sent.push(message) } }
}

/** The text part of a message the binding was given (read by a MIME parser that is not ours). */
async function textOf(message: EmailMessage): Promise<string> {
  // workerd keeps the raw message under this key.
  const raw = (message as unknown as Record<string, string | ReadableStream>)['EmailMessage::raw']!
  const source = typeof raw === 'string' ? raw : await new Response(raw).text()
  return (await PostalMime.parse(source)).text ?? ''
}

describe('on by default (decision 063)', () => {
  it('a realtor who never saved gets every contact at the homepage contact email, and the API says so', async () => {
    const id = await makeAccount('fresh-notify@example.com', 'password-123', { desiredUrl: 'freshnotify' })
    const fresh = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'freshnotify'").first<{
      id: number
    }>())!.id
    const token = await tokenFor(id)
    const response = await createApp().request(
      `http://127.0.0.1:8787/v1/realtor/${fresh}/notifications`,
      { headers: { authorization: `Bearer ${token}` } },
      env,
    )
    const body = (await response.json()) as { settings: { email: string }; channels: string[]; saved: boolean }
    // No contact email on the profile: the sign-in email.
    expect(body).toMatchObject({ channels: ['realtor-email'], saved: false, pendingEmail: null })
    expect(body.settings.email).toBe('fresh-notify@example.com')
    await env.DB.prepare(
      `UPDATE realtors SET profile = json_set(profile, '$.email', 'office@fresh.example') WHERE id = ?`,
    )
      .bind(fresh)
      .run()
    const again = (await (
      await createApp().request(
        `http://127.0.0.1:8787/v1/realtor/${fresh}/notifications`,
        { headers: { authorization: `Bearer ${token}` } },
        env,
      )
    ).json()) as { settings: { email: string } }
    expect(again.settings.email).toBe('office@fresh.example')
  })
})

describe('saving', () => {
  it('takes the sign-in email at once, with the webhook and the language of the builder', async () => {
    const saved = await request('', {
      token: owner,
      method: 'PUT',
      json: { email: ' notify-owner@example.com ', webhookUrl: HOOK },
      language: 'en',
    })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({
      settings: { email: 'notify-owner@example.com', webhookUrl: HOOK, locale: 'en' },
      channels: ['realtor-email', 'realtor-webhook'],
      saved: true,
      pendingEmail: null,
      confirmationSent: false,
    })
    const read = (await (await request('', { token: owner })).json()) as { settings: { locale: string } }
    expect(read.settings).toEqual({ email: 'notify-owner@example.com', webhookUrl: HOOK, locale: 'en' })
  })

  it('holds another address until its owner confirms it; mail keeps going to the one in force', async () => {
    const { sent, SEND_EMAIL } = mailbox()
    const response = await request('', {
      token: owner,
      method: 'PUT',
      json: { email: 'assistant@office.example', webhookUrl: '' },
      vars: { SEND_EMAIL },
      language: 'en',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      settings: { email: 'notify-owner@example.com' },
      pendingEmail: 'assistant@office.example',
      confirmationSent: true,
      channels: ['realtor-email'],
    })
    expect(sent.map((message) => message.to)).toEqual(['assistant@office.example'])
    const text = await textOf(sent[0]!)
    const link = /http:\/\/[^\s"<]+\/notifyowner\/admin\/notifications\/confirm\?token=[\w-]+/.exec(text)?.[0]
    expect(link).toBeTruthy()
    // A test to the unconfirmed address sends nothing there.
    const test = await request('/test', {
      token: owner,
      method: 'POST',
      json: { email: 'assistant@office.example', webhookUrl: '' },
      vars: { SEND_EMAIL },
    })
    expect(await test.json()).toEqual({
      results: [{ channel: 'realtor-email', ok: false, reason: 'unconfirmed' }],
      inForce: false,
    })
    expect(sent).toHaveLength(1)
    // Opening the link changes nothing (mail scanners open links); the button's POST confirms.
    const app = createApp()
    const opened = await app.request(link!, {}, env)
    expect(opened.status).toBe(200)
    expect(await opened.text()).toContain('name="token"')
    expect(((await (await request('', { token: owner })).json()) as { pendingEmail: string }).pendingEmail).toBe(
      'assistant@office.example',
    )
    const token = new URL(link!).searchParams.get('token')!
    const confirm = (value: string) =>
      app.request(
        new URL(link!).pathname,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: value }),
        },
        env,
      )
    // Another token: its last character changed (to 'A' only when it is not one already: a signature's last
    // base64url character has four possible values, so a fixed 'A' left the token valid one time in four).
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'Q' : 'A'}`
    expect(await (await confirm(forged)).text()).toContain('invalid')
    const done = await confirm(token)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('assistant@office.example')
    expect(await (await request('', { token: owner })).json()).toMatchObject({
      settings: { email: 'assistant@office.example' },
      pendingEmail: null,
    })
    // Used once.
    expect(await (await confirm(token)).text()).not.toContain('assistant@office.example')
  })

  it('turns email off only when asked: an empty address is a saved choice', async () => {
    const off = await request('', { token: owner, method: 'PUT', json: { email: '', webhookUrl: '' } })
    expect(await off.json()).toMatchObject({ channels: [], saved: true })
  })

  it.each([
    [{ email: 'not-an-email', webhookUrl: '' }, 'email', '올바른 이메일 주소를 입력해 주세요.'],
    [{ email: '', webhookUrl: 'hooks.slack.com/x' }, 'webhookUrl', null],
    [{ email: '', webhookUrl: 'ftp://hooks.example.com/x' }, 'webhookUrl', null],
    [{ email: '', webhookUrl: 'https://user:pw@hooks.example.com/x' }, 'webhookUrl', null],
    [{ email: '', webhookUrl: `https://example.com/${'a'.repeat(2001)}` }, 'webhookUrl', null],
    [{ email: '', webhookUrl: '', extra: 1 }, 'extra', null],
    [{ email: 5, webhookUrl: '' }, 'email', null],
  ])('refuses %j on %s and changes nothing', async (json, path, message) => {
    const before = await (await request('', { token: owner })).text()
    const response = await request('', { token: owner, method: 'PUT', json })
    expect(response.status).toBe(400)
    const fields = await fieldsOf(response)
    expect(fields.map((field) => field.path)).toContain(path)
    if (message) expect(fields[0]!.message).toBe(message)
    expect(await (await request('', { token: owner })).text()).toBe(before)
  })

  it('refuses, in production, a webhook that is not https or points at a private address', async () => {
    const production = PRODUCTION_VARS
    const http = await request('', {
      token: owner,
      method: 'PUT',
      json: { email: '', webhookUrl: 'http://hooks.example.com/x' },
      vars: production,
    })
    expect(http.status).toBe(400)
    expect(await fieldsOf(http)).toEqual([{ path: 'webhookUrl', message: '웹훅 URL은 https://로 시작해야 합니다.' }])
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
      'https://router.local/x',
    ]) {
      const response = await request('', {
        token: owner,
        method: 'PUT',
        json: { email: '', webhookUrl: url },
        vars: production,
        language: 'en',
      })
      expect(response.status).toBe(400)
      expect((await fieldsOf(response))[0]!.message).toMatch(/private or local address/)
    }
    const fine = await request('', {
      token: owner,
      method: 'PUT',
      json: { email: '', webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
      vars: production,
    })
    expect(fine.status).toBe(200)
  })
})

describe('the test notification', () => {
  it('sends through each channel of the form, reports each plainly, and says whether they are saved', async () => {
    const { sent, SEND_EMAIL } = mailbox()
    const upstream = fakeUpstream(() => new Response('ok'))
    await request('', { token: owner, method: 'PUT', json: { email: 'notify-owner@example.com', webhookUrl: HOOK } })
    const response = await request('/test', {
      token: owner,
      method: 'POST',
      json: { email: 'notify-owner@example.com', webhookUrl: HOOK },
      vars: { SEND_EMAIL },
      upstream,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      results: [
        { channel: 'realtor-email', ok: true },
        { channel: 'realtor-webhook', ok: true },
      ],
      inForce: true,
    })
    expect(sent.map((message) => [message.from, message.to])).toEqual([
      [env.NOTIFY_FROM_EMAIL, 'notify-owner@example.com'],
    ])
    // A delivery ticks the checklist's "notifications reach you".
    expect((await realtorClock(env.DB, realtorId)).notifiedAt).not.toBeNull()
    expect(upstream.requests).toHaveLength(1)
    const body = (await upstream.requests[0]!.json()) as { text: string }
    expect(body.text).toContain('테스트 알림')
    expect(body.text).toContain('/notifyowner/admin/inbox')
  })

  it('says which channel failed', async () => {
    const upstream = fakeUpstream(() => new Response('nope', { status: 404 }))
    const response = await request('/test', {
      token: owner,
      method: 'POST',
      json: { email: '', webhookUrl: HOOK },
      upstream,
    })
    expect(await response.json()).toEqual({ results: [{ channel: 'realtor-webhook', ok: false }], inForce: false })
  })

  it('is limited per homepage: past its budget a minute, a 429 with Retry-After that sends nothing', async () => {
    const { limit, period } = budgetOf('NOTIFY_TEST_LIMITER')
    const id = await makeAccount('notify-burst@example.com', 'password-123', { desiredUrl: 'notifyburst' })
    const token = await tokenFor(id)
    const burstId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'notifyburst'").first<{
      id: number
    }>())!.id
    const upstream = fakeUpstream(() => new Response('ok'))
    await freshWindow(period)
    const responses = []
    for (let index = 0; index < limit + 2; index++) {
      responses.push(
        await createApp({ upstreamFetch: upstream.fetch }).request(
          `/v1/realtor/${burstId}/notifications/test`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
            body: JSON.stringify({ email: '', webhookUrl: HOOK }),
          },
          env,
        ),
      )
    }
    expect(responses.map((response) => response.status)).toEqual([
      ...Array.from({ length: limit }, () => 200),
      429,
      429,
    ])
    expect(Number(responses[limit]!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await responses[limit]!.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many test notifications/,
    )
    // Only the tests within the budget reached the webhook.
    expect(upstream.requests).toHaveLength(limit)
  })

  it('asks for an address when both are empty', async () => {
    const response = await request('/test', {
      token: owner,
      method: 'POST',
      json: { email: '', webhookUrl: '' },
      language: 'en',
    })
    expect(response.status).toBe(400)
    expect(await fieldsOf(response)).toEqual([
      { path: 'email', message: 'Enter an email address or a webhook URL first.' },
    ])
  })
})
