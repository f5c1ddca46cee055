// Invitations (docs/decisions/102-invitations.md): the admin makes a realtor account without a password and
// the realtor gets a link, in the language the admin chose, that sets their own password once within 7 days
// and signs in; a resend kills the older link, a withdrawal kills the link and keeps the account without a
// password; a landing lead becomes the account; realtors are refused, bad input is a translated 400.
import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { describe, expect, it } from 'vitest'
import { INVITATION_TTL_MS, issueInvitation, redeemInvitation } from '../../src/lib/accounts/invitations'
import { listAccounts } from '../../src/lib/accounts/list'
import { addressFrom, leadInvitation } from '../../src/lib/leads/conversion'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { ORIGIN } from '../helpers'
import { errorOf } from './client'

const app = createApp()

/** A send_email binding that keeps what it is given, or refuses everything. */
function mailbox(refuse = false) {
  const sent: EmailMessage[] = []
  const SEND_EMAIL = {
    send: async (message: EmailMessage) => {
      if (refuse) throw new Error('refused')
      sent.push(message)
    },
  }
  return { sent, SEND_EMAIL }
}

async function parsed(message: EmailMessage) {
  const raw = (message as unknown as Record<string, string | ReadableStream>)['EmailMessage::raw']!
  return PostalMime.parse(typeof raw === 'string' ? raw : await new Response(raw).text())
}

const tokenIn = (text: string) => /\/login\/invite#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

let admin: string | undefined
async function adminToken() {
  admin ??= await tokenFor(await makeAccount('invite-admin@realtor.local', 'invite-admin-2026', { role: 'admin' }))
  return admin
}

interface Call {
  method?: string
  json?: unknown
  token?: string
  language?: string
  refuseMail?: boolean
}

/** A call to the app with a mailbox of its own; answers the response and the mails sent. */
async function call(path: string, { method = 'POST', json, token, language = 'en', refuseMail = false }: Call = {}) {
  const box = mailbox(refuseMail)
  const headers = new Headers({ 'accept-language': language })
  if (json !== undefined) headers.set('content-type', 'application/json')
  if (token) headers.set('authorization', `Bearer ${token}`)
  const init = { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }
  const response = await app.request(`${ORIGIN}${path}`, init, { ...env, SEND_EMAIL: box.SEND_EMAIL })
  return { response, sent: box.sent }
}

async function invite(json: Record<string, unknown>, extra: Omit<Call, 'json' | 'token'> = {}) {
  const { response, sent } = await call('/v1/accounts/invitations', { ...extra, json, token: await adminToken() })
  const mail = sent[0] ? await parsed(sent[0]) : null
  const body = response.status === 201 ? ((await response.clone().json()) as { account: { id: number } }) : null
  return { response, sent, mail, token: tokenIn(mail?.text ?? ''), accountId: body?.account.id ?? 0 }
}

const accept = (token: string, password: string, language = 'en') =>
  call('/v1/auth/invitation/complete', { json: { token, password }, language })

describe('an invitation', () => {
  it('mails a link in the chosen language that sets the password once, signs in, and is dead after', async () => {
    const made = await invite({ name: 'Mina Seo', email: 'mina-inv@example.com', desiredUrl: 'mina-inv' })
    expect(made.response.status).toBe(201)
    expect(await made.response.json()).toMatchObject({
      account: { email: 'mina-inv@example.com', name: 'Mina Seo', role: 'realtor' },
      realtor: { desiredUrl: 'mina-inv' },
      invitation: { state: 'invited', locale: 'ko' },
      mailed: true,
    })
    // Korean unless the admin picks English, whatever the admin's own page language.
    expect(made.sent.map((message) => message.to)).toEqual(['mina-inv@example.com'])
    expect(made.mail?.subject).toBe('홈페이지가 준비되었습니다. 비밀번호를 정해 주세요')
    expect(made.mail?.text).toContain('Mina Seo님, 안녕하세요. mina-inv@example.com 주소로')
    expect(made.mail?.text).toContain('7일 안에')
    expect(made.mail?.text).toContain(`${env.PUBLIC_ORIGIN.replace(/\/$/, '')}/login/invite#token=${made.token}`)
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // No password signs in before the realtor sets one.
    const signIn = (password: string) =>
      call('/v1/auth/login', { json: { email: 'mina-inv@example.com', password } }).then((r) => r.response.status)
    expect(await signIn('invited')).toBe(401)

    const done = await accept(made.token, 'mina-own-password')
    expect(done.response.status).toBe(200)
    expect(done.response.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/)
    expect(await done.response.json()).toMatchObject({ user: { email: 'mina-inv@example.com' }, agreedAt: null })
    expect(await signIn('mina-own-password')).toBe(200)

    const again = await accept(made.token, 'another-password')
    expect(again.response.status).toBe(400)
    expect(await errorOf(again.response)).toMatchObject({ code: 'invalid_invitation_link' })
    expect(await signIn('mina-own-password')).toBe(200)

    // The console says so, and there is nothing left to resend or withdraw.
    const page = await listAccounts(env.DB, { query: 'mina-inv@example.com' })
    expect(page.items[0]?.invitation?.state).toBe('accepted')
    const resend = await call(`/v1/accounts/${made.accountId}/invitation`, { token: await adminToken() })
    expect(resend.response.status).toBe(409)
    expect(resend.sent).toEqual([])
  })

  it('is in English when the admin picks English', async () => {
    const made = await invite({ name: 'Ann Lee', email: 'ann-inv@example.com', desiredUrl: 'ann-inv', locale: 'en' })
    expect(made.mail?.subject).toBe('Your homepage is ready: set your password')
    expect(made.mail?.text).toContain('/en/login/invite#token=')
  })

  it('is killed by a resend, whose new link works', async () => {
    const made = await invite({ name: 'Re Send', email: 'resend-inv@example.com', desiredUrl: 'resend-inv' })
    const resent = await call(`/v1/accounts/${made.accountId}/invitation`, { token: await adminToken() })
    expect(resent.response.status).toBe(200)
    expect(await resent.response.json()).toMatchObject({ invitation: { state: 'invited' }, mailed: true })
    const newer = tokenIn((await parsed(resent.sent[0]!)).text ?? '')
    expect(newer).not.toBe(made.token)
    expect((await accept(made.token, 'long-enough-1')).response.status).toBe(400)
    expect((await accept(newer, 'long-enough-1')).response.status).toBe(200)
  })

  it('is killed by a withdrawal: the account stays, without a password, and a resend revives it', async () => {
    const made = await invite({ name: 'Re Voke', email: 'revoke-inv@example.com', desiredUrl: 'revoke-inv' })
    const path = `/v1/accounts/${made.accountId}/invitation`
    const revoked = await call(path, { method: 'DELETE', token: await adminToken() })
    expect(revoked.response.status).toBe(200)
    expect(await revoked.response.json()).toMatchObject({ invitation: { state: 'revoked' } })
    expect((await accept(made.token, 'long-enough-1')).response.status).toBe(400)
    const twice = await call(path, { method: 'DELETE', token: await adminToken(), language: 'ko' })
    expect(twice.response.status).toBe(409)
    expect((await errorOf(twice.response)).message).toBe('이 계정에는 취소할 수 있는 초대가 없습니다.')
    const row = await env.DB.prepare(
      `SELECT a.password_hash, r.desired_url FROM accounts a JOIN realtors r ON r.user_id = a.id WHERE a.id = ?`,
    )
      .bind(made.accountId)
      .first()
    expect(row).toEqual({ password_hash: 'invited', desired_url: 'revoke-inv' })
    const resent = await call(path, { token: await adminToken() })
    expect(resent.response.status).toBe(200)
    expect((await accept(tokenIn((await parsed(resent.sent[0]!)).text ?? ''), 'long-enough-1')).response.status).toBe(
      200,
    )
  })

  it('expires 7 days after it was sent (the clock given)', async () => {
    const id = await makeAccount('clock-inv@example.com', 'unused-password')
    await env.DB.prepare(`UPDATE accounts SET password_hash = 'invited' WHERE id = ?`).bind(id).run()
    const sentAt = Date.UTC(2026, 10, 27, 10, 0, 0)
    const late = await issueInvitation(env.DB, id, 'ko', sentAt)
    expect(await redeemInvitation(env.DB, late!.token, sentAt + INVITATION_TTL_MS)).toBeNull()
    const inTime = await issueInvitation(env.DB, id, 'ko', sentAt)
    expect(await redeemInvitation(env.DB, inTime!.token, sentAt + INVITATION_TTL_MS - 1)).toEqual({ accountId: id })
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000)
  })

  it('shows as expired in the console once its link ended, and answers an expired link with a translated 400', async () => {
    const made = await invite({ name: 'Ex Pired', email: 'expired-inv@example.com', desiredUrl: 'expired-inv' })
    await env.DB.prepare('UPDATE invitations SET expires_at = ? WHERE account_id = ?')
      .bind(Date.now() - 1, made.accountId)
      .run()
    const page = await listAccounts(env.DB, { query: 'expired-inv@example.com' })
    expect(page.items[0]?.invitation?.state).toBe('expired')
    const late = await accept(made.token, 'long-enough-1', 'ko')
    expect(late.response.status).toBe(400)
    expect((await errorOf(late.response)).message).toMatch(/^이 초대 링크는 만료되었거나/)
  })

  it('still makes the account when the mail is refused, and says so', async () => {
    const made = await invite(
      { name: 'No Mail', email: 'nomail-inv@example.com', desiredUrl: 'nomail-inv' },
      { refuseMail: true },
    )
    expect(made.response.status).toBe(201)
    expect(await made.response.json()).toMatchObject({ mailed: false, invitation: { state: 'invited' } })
  })
})

describe('refusals', () => {
  it('refuses a realtor with a translated 403 and a signed-out caller with a 401, making nothing', async () => {
    const realtor = await tokenFor(await makeAccount('notadmin-inv@example.com', 'password-123'))
    const json = { name: 'X', email: 'x-inv@example.com', desiredUrl: 'x-inv' }
    const refused = await call('/v1/accounts/invitations', { json, token: realtor, language: 'ko' })
    expect(refused.response.status).toBe(403)
    expect((await errorOf(refused.response)).message).toMatch(/[가-힣]/)
    expect((await call('/v1/accounts/invitations', { json })).response.status).toBe(401)
    for (const method of ['POST', 'DELETE'])
      expect((await call('/v1/accounts/1/invitation', { method, token: realtor })).response.status).toBe(403)
    const made = await env.DB.prepare(`SELECT 1 FROM accounts WHERE email = 'x-inv@example.com'`).first()
    expect(made).toBeNull()
  })

  it('refuses bad input with translated field errors, never a 5xx, and mails nothing', async () => {
    const cases: Record<string, unknown>[] = [
      { name: '', email: 'bad-inv@example.com', desiredUrl: 'bad-inv' },
      { name: 'Bad', email: 'not-an-email', desiredUrl: 'bad-inv' },
      { name: 'Bad', email: 'bad-inv@example.com', desiredUrl: 'bad inv!' },
      { name: 'Bad', email: 'bad-inv@example.com', desiredUrl: 'bad-inv', locale: 'fr' },
      { name: 'Bad', email: 'bad-inv@example.com', desiredUrl: 'bad-inv', leadId: -1 },
      { name: 'Bad', email: 'bad-inv@example.com', desiredUrl: 'bad-inv', password: 'extra-field' },
    ]
    for (const json of cases) {
      const { response, sent } = await invite(json, { language: 'ko' })
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect((await errorOf(response)).fields?.[0]?.message).toMatch(/[가-힣]/)
      expect(sent).toEqual([])
    }
    const taken = await invite({ name: 'Jane', email: 'other-inv@example.com', desiredUrl: 'janekim' })
    expect(taken.response.status).toBe(409)
    expect(taken.sent).toEqual([])
    const unknownLead = await invite({
      name: 'L',
      email: 'lead-x@example.com',
      desiredUrl: 'lead-x',
      leadId: 999999999,
    })
    expect(unknownLead.response.status).toBe(404)
    for (const id of ['0', '99999999999999999999']) {
      const { response } = await call(`/v1/accounts/${id}/invitation`, { token: await adminToken() })
      expect(response.status).toBe(404)
    }
  })

  it('refuses a password the one rule refuses, and the link stays usable', async () => {
    const made = await invite({ name: 'Sh Ort', email: 'short-inv@example.com', desiredUrl: 'short-inv' })
    const short = await accept(made.token, 'short', 'ko')
    expect(short.response.status).toBe(400)
    expect((await errorOf(short.response)).fields?.[0]).toMatchObject({
      path: 'password',
      message: expect.stringMatching(/8자/),
    })
    expect((await accept(made.token, 'long-enough-1')).response.status).toBe(200)
  })
})

describe('from a landing lead', () => {
  it('prefills name, language and a free address, and marks the lead converted once invited', async () => {
    const lead = await env.DB.prepare(
      `INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('Jane Kim', 'Irvine', '+19495550100', 'no', 'en') RETURNING id`,
    ).first<{ id: number }>()
    const prefill = await leadInvitation(env.DB, lead!.id)
    // "jane-kim" is free; the seeded demo homepage is "janekim", not this one.
    expect(prefill).toEqual({
      leadId: lead!.id,
      name: 'Jane Kim',
      locale: 'en',
      desiredUrl: 'jane-kim',
      convertedAt: null,
    })
    const made = await invite({
      name: prefill!.name,
      email: 'jane-lead@example.com',
      desiredUrl: prefill!.desiredUrl,
      locale: prefill!.locale,
      leadId: lead!.id,
    })
    expect(made.response.status).toBe(201)
    expect(made.mail?.subject).toBe('Your homepage is ready: set your password')
    const converted = await env.DB.prepare('SELECT converted_account_id, converted_at FROM leads WHERE id = ?')
      .bind(lead!.id)
      .first<{ converted_account_id: number; converted_at: string }>()
    expect(converted?.converted_account_id).toBe(made.accountId)
    expect(converted?.converted_at).toBeTruthy()
    // The next suggestion for the same name skips the address now taken.
    expect((await leadInvitation(env.DB, lead!.id))?.desiredUrl).toBe('jane-kim-a')
    const twice = await invite({
      name: 'Jane',
      email: 'jane-lead2@example.com',
      desiredUrl: 'jane-lead',
      leadId: lead!.id,
    })
    expect(twice.response.status).toBe(409)
    expect(twice.sent).toEqual([])
  })

  it('derives an address from Latin words only', () => {
    expect(addressFrom('Mina Seo')).toBe('mina-seo')
    expect(addressFrom('José  O’Brien 3rd')).toBe('jose-o-brien-rd')
    expect(addressFrom('서민지')).toBe('')
  })
})
