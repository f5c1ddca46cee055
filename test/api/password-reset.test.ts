// "Forgot password" (docs/decisions/100-password-reset.md): the request answers the same for any address and
// before any mail goes; the mailed link, in the realtor's language, sets a password once within 30 minutes,
// is replaced by a newer one, ends every other session and signs in; its own budgets answer a translated 429.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { describe, expect, it } from 'vitest'
import { issuePasswordReset, PASSWORD_RESET_TTL_MS, redeemPasswordReset } from '../../src/lib/accounts/password-resets'
import { findAccountById } from '../../src/lib/accounts/store'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { PRODUCTION_VARS } from '../fixtures/production'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'
import { ORIGIN } from '../helpers'
import { errorOf } from './client'

const app = createApp()

/** A send_email binding that keeps what it is given; `gate` holds every send until it is opened. */
function mailbox() {
  const sent: EmailMessage[] = []
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const SEND_EMAIL = {
    send: async (message: EmailMessage) => {
      await gate
      sent.push(message)
    },
  }
  return { sent, SEND_EMAIL, release: () => open() }
}

/** The text part of a message the binding was given (read by a MIME parser that is not ours). */
async function parsed(message: EmailMessage) {
  const raw = (message as unknown as Record<string, string | ReadableStream>)['EmailMessage::raw']!
  return PostalMime.parse(typeof raw === 'string' ? raw : await new Response(raw).text())
}

const tokenIn = (text: string) => /\/login\/reset#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

let nextIp = 1
/** A client address of its own, so each test spends its own budget (tests run as production here). */
const freshIp = () => `203.0.113.${100 + nextIp++}`

interface Call {
  ip: string
  language?: string
  bindings?: object
  ctx?: ExecutionContext
}

function post(path: string, json: unknown, { ip, language = 'en', bindings = {}, ctx }: Call) {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': language })
  headers.set('cf-connecting-ip', ip)
  const request = new Request(`${ORIGIN}/v1/auth/password-reset${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(json),
  })
  return app.fetch(request, { ...env, ...PRODUCTION_VARS, ...bindings } as typeof env, ctx ?? createExecutionContext())
}

/** Asks for a link with mail released, and returns the answer and the token of the mail sent (if any). */
async function requestLink(email: string, call: Omit<Call, 'ctx' | 'bindings'>) {
  const box = mailbox()
  box.release()
  const ctx = createExecutionContext()
  const response = await post('', { email }, { ...call, ctx, bindings: { SEND_EMAIL: box.SEND_EMAIL } })
  await waitOnExecutionContext(ctx)
  const mail = box.sent[0] ? await parsed(box.sent[0]) : null
  return { response, mail, token: tokenIn(mail?.text ?? ''), sent: box.sent }
}

describe('asking for a link', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    await makeAccount('reset-known@example.com', 'password-123', { desiredUrl: 'resetknown' })
    const ip = freshIp()
    const known = await requestLink('reset-known@example.com', { ip })
    const unknown = await requestLink('reset-nobody@example.com', { ip })
    expect(known.response.status).toBe(202)
    expect(unknown.response.status).toBe(202)
    expect(await unknown.response.text()).toBe(await known.response.text())
    expect(known.sent.map((message) => message.to)).toEqual(['reset-known@example.com'])
    expect(unknown.sent).toEqual([])
  })

  it('answers before the mail goes: a held send does not hold the answer', async () => {
    await makeAccount('reset-slow@example.com', 'password-123')
    const box = mailbox()
    const ctx = createExecutionContext()
    const call = { ip: freshIp(), ctx, bindings: { SEND_EMAIL: box.SEND_EMAIL } }
    const response = await post('', { email: 'reset-slow@example.com' }, call)
    expect(response.status).toBe(202)
    expect(box.sent).toEqual([])
    box.release()
    await waitOnExecutionContext(ctx)
    expect(box.sent).toHaveLength(1)
  })

  it('refuses a malformed address with a translated field error, and mails nothing', async () => {
    const { response, sent } = await requestLink('not-an-address', { ip: freshIp(), language: 'ko' })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.fields?.[0]).toMatchObject({ path: 'email', message: '올바른 이메일 주소를 입력해 주세요.' })
    expect(sent).toEqual([])
  })
})

describe('the mail', () => {
  it('is in the language of the page asked from when the realtor saved none', async () => {
    await makeAccount('reset-ko@example.com', 'password-123', { desiredUrl: 'resetko' })
    const ko = await requestLink('reset-ko@example.com', { ip: freshIp(), language: 'ko' })
    expect(ko.mail?.subject).toBe('새 비밀번호 설정')
    expect(ko.mail?.text).toContain('reset-ko@example.com 계정의 비밀번호 재설정이 요청되었습니다. 30분 안에')
    expect(ko.mail?.text).toContain(`${env.PUBLIC_ORIGIN.replace(/\/$/, '')}/login/reset#token=${ko.token}`)
    const en = await requestLink('reset-ko@example.com', { ip: freshIp(), language: 'en' })
    expect(en.mail?.subject).toBe('Set a new password')
    expect(en.mail?.text).toContain('reset the password of the account reset-ko@example.com. Open this link within 30')
    expect(en.mail?.text).toContain(`/en/login/reset#token=${en.token}`)
  })

  it("is in the realtor's saved language whatever the page's", async () => {
    await makeAccount('reset-saved@example.com', 'password-123', { desiredUrl: 'resetsaved' })
    await env.DB.prepare(
      `INSERT INTO realtor_notifications (realtor_id, email, locale)
       SELECT id, 'reset-saved@example.com', 'en' FROM realtors WHERE desired_url = 'resetsaved'`,
    ).run()
    const { mail } = await requestLink('reset-saved@example.com', { ip: freshIp(), language: 'ko' })
    expect(mail?.subject).toBe('Set a new password')
    expect(mail?.text).toContain('/en/login/reset#token=')
  })
})

describe('the link', () => {
  it('sets the password once, ends every other session, signs in, and is dead after', async () => {
    const id = await makeAccount('reset-once@example.com', 'password-123', { desiredUrl: 'resetonce' })
    const oldSession = await tokenFor(id)
    const { token } = await requestLink('reset-once@example.com', { ip: freshIp() })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the token's hash is stored.
    const stored = await env.DB.prepare('SELECT token_hash FROM password_resets WHERE account_id = ?')
      .bind(id)
      .first<{ token_hash: string }>()
    expect(stored?.token_hash).toBeTruthy()
    expect(stored?.token_hash).not.toBe(token)

    const done = await post('/complete', { token, password: 'a-new-password-1' }, { ip: freshIp() })
    expect(done.status).toBe(200)
    expect(done.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/)
    const body = (await done.json()) as { user: { email: string } }
    expect(body.user.email).toBe('reset-once@example.com')

    const me = (token: string) =>
      app.request(`${ORIGIN}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } }, env)
    expect((await me(oldSession)).status).toBe(401)
    const signIn = (password: string) =>
      app.request(
        `${ORIGIN}/v1/auth/login`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
          body: JSON.stringify({ email: 'reset-once@example.com', password }),
        },
        { ...env, ...PRODUCTION_VARS },
      )
    expect((await signIn('a-new-password-1')).status).toBe(200)
    expect((await signIn('password-123')).status).toBe(401)

    const again = await post('/complete', { token, password: 'another-password-2' }, { ip: freshIp() })
    expect(again.status).toBe(400)
    expect(await errorOf(again)).toMatchObject({
      code: 'invalid_reset_link',
      message:
        'This password reset link has expired, was already used, or was replaced by a newer one. Ask for a new link.',
    })
    expect((await signIn('a-new-password-1')).status).toBe(200)
  })

  it('is killed by a newer link', async () => {
    await makeAccount('reset-newer@example.com', 'password-123')
    const older = await requestLink('reset-newer@example.com', { ip: freshIp() })
    const newer = await requestLink('reset-newer@example.com', { ip: freshIp() })
    expect(older.token).not.toBe(newer.token)
    const stale = await post('/complete', { token: older.token, password: 'a-new-password-1' }, { ip: freshIp() })
    expect(stale.status).toBe(400)
    const fresh = await post('/complete', { token: newer.token, password: 'a-new-password-1' }, { ip: freshIp() })
    expect(fresh.status).toBe(200)
  })

  it('refuses a password the one rule refuses, in the caller language, and stays usable', async () => {
    await makeAccount('reset-short@example.com', 'password-123')
    const { token } = await requestLink('reset-short@example.com', { ip: freshIp() })
    const short = await post('/complete', { token, password: 'short' }, { ip: freshIp(), language: 'ko' })
    expect(short.status).toBe(400)
    const error = await errorOf(short)
    expect(error.fields?.[0]?.path).toBe('password')
    expect(error.fields?.[0]?.message).toMatch(/8자/)
    expect((await post('/complete', { token, password: 'long-enough-1' }, { ip: freshIp() })).status).toBe(200)
  })

  it('answers a bad, missing or malformed token with a translated 400, never a 5xx', async () => {
    const cases: unknown[] = [
      { token: 'x'.repeat(43), password: 'long-enough-1' },
      { token: 'not a token at all', password: 'long-enough-1' },
      { token: '', password: 'long-enough-1' },
      { token: 12, password: 'long-enough-1' },
      { password: 'long-enough-1' },
      { token: 'x'.repeat(1000), password: 'long-enough-1' },
    ]
    for (const json of cases) {
      const response = await post('/complete', json, { ip: freshIp(), language: 'ko' })
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(400)
      expect((await errorOf(response)).message).toMatch(/[가-힣]/)
    }
    const unknown = await post('/complete', cases[0], { ip: freshIp(), language: 'ko' })
    expect((await errorOf(unknown)).message).toBe(
      '이 비밀번호 재설정 링크는 만료되었거나, 이미 사용되었거나, 새 링크로 대체되었습니다. 새 링크를 요청해 주세요.',
    )
  })

  it('expires 30 minutes after it was issued (the clock given)', async () => {
    const id = await makeAccount('reset-clock@example.com', 'password-123')
    const account = (await findAccountById(env.DB, id))!
    const issuedAt = Date.UTC(2026, 10, 27, 10, 0, 0)
    const late = await issuePasswordReset(env.DB, account, issuedAt)
    expect(await redeemPasswordReset(env.DB, late.token, issuedAt + PASSWORD_RESET_TTL_MS)).toBeNull()
    const inTime = await issuePasswordReset(env.DB, account, issuedAt)
    expect(await redeemPasswordReset(env.DB, inTime.token, issuedAt + PASSWORD_RESET_TTL_MS - 1)).toEqual({
      accountId: id,
      tokenVersion: account.token_version,
    })
    expect(PASSWORD_RESET_TTL_MS).toBe(30 * 60 * 1000)
  })

  it('dies when the sessions of the account end before it is used', async () => {
    const id = await makeAccount('reset-signout@example.com', 'password-123')
    const { token } = await requestLink('reset-signout@example.com', { ip: freshIp() })
    await app.request(
      `${ORIGIN}/v1/auth/logout`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenFor(id)}` },
      },
      env,
    )
    expect((await post('/complete', { token, password: 'long-enough-1' }, { ip: freshIp() })).status).toBe(400)
  })
})

describe('budgets', { timeout: 20_000 }, () => {
  it('gives one client address a budget, then a translated 429 with Retry-After', async () => {
    const { limit } = budgetOf('PASSWORD_RESET_LIMITER')
    await freshWindow()
    const ip = freshIp()
    for (let i = 0; i < limit; i++)
      expect((await post('', { email: `budget-${i}@example.com` }, { ip })).status).toBe(202)
    const en = await post('', { email: 'budget-x@example.com' }, { ip })
    expect(en.status).toBe(429)
    expect(Number(en.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(en)).message).toBe('Too many password reset requests. Please try again in a minute.')
    const ko = await post('', { email: 'budget-y@example.com' }, { ip, language: 'ko' })
    expect((await errorOf(ko)).message).toBe('비밀번호 재설정 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.')
  })

  it('gives one target email a budget across addresses, known or not alike', async () => {
    const { limit } = budgetOf('PASSWORD_RESET_LIMITER')
    await freshWindow()
    for (let i = 0; i < limit; i++)
      expect((await post('', { email: 'Flooded@Example.com' }, { ip: freshIp() })).status).toBe(202)
    expect((await post('', { email: 'flooded@example.com' }, { ip: freshIp() })).status).toBe(429)
  })
})
