import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { findAccountByEmail } from '../../src/lib/accounts/store'
import { d1Store, RealtorConflictError } from '../../src/lib/realtors/d1-store'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import { signSession } from '../../src/lib/session'
import { newToken, tokenHash } from '../../src/lib/tokens'
import { ADMIN, api, errorOf, JANE, login } from '../api/client'
import { call } from '../helpers'

const NEW = { name: 'Mina Seo', email: 'mina@realtor.local', password: 'mina-seo-2026', desiredUrl: 'mina-seo' }

describe('POST /v1/accounts', () => {
  it('lets an admin create a realtor account with its homepage; the realtor can sign in and edit it', async () => {
    const response = await api('/v1/accounts', { method: 'POST', json: NEW, token: await login(ADMIN) })
    expect(response.status).toBe(201)
    const body = (await response.json()) as {
      account: { id: number }
      realtor: { id: number; userId: number; name: string }
    }
    expect(body.realtor).toMatchObject({ userId: body.account.id, name: 'Mina Seo', desiredUrl: 'mina-seo' })
    const token = await login({ email: NEW.email, password: NEW.password })
    const patch = await api(`/v1/realtor/${body.realtor.id}`, { method: 'PATCH', json: { aboutMeEn: 'Hi' }, token })
    expect(patch.status).toBe(200)
    // The new homepage starts unpublished: visitors get the coming-soon page, its owner the page (043).
    expect((await api('/mina-seo')).status).toBe(404)
    expect((await api('/mina-seo', { token })).status).toBe(200)
  })

  it('refuses a taken email or address with 409 and leaves no half-made account', async () => {
    const token = await login(ADMIN)
    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM accounts').first<{ n: number }>())!.n
    const before = await count()
    const taken = await api('/v1/accounts', {
      method: 'POST',
      json: { ...NEW, email: 'other@realtor.local', desiredUrl: 'janekim' },
      token,
      headers: { 'accept-language': 'en' },
    })
    expect(taken.status).toBe(409)
    expect((await errorOf(taken)).fields).toEqual([{ path: 'desiredUrl', message: 'This address is already taken.' }])
    const email = await api('/v1/accounts', {
      method: 'POST',
      json: { ...NEW, email: JANE.email, desiredUrl: 'fresh' },
      token,
    })
    expect(email.status).toBe(409)
    expect((await errorOf(email)).fields?.[0]?.path).toBe('email')
    expect(await count()).toBe(before)
    expect((await api('/v1/realtor/fresh')).status).toBe(404)
  })

  it('makes the account and its homepage in one batch: a homepage refused mid-way leaves no account', async () => {
    // What the route's checks cannot see: the address taken between its check and the write (a race).
    const repo = d1Store(env.DB)
    const account = { email: 'race@realtor.local', name: 'Race', passwordHash: 'x' }
    const input = { ...REALTOR_DEFAULTS, desiredUrl: 'janekim', email: account.email }
    const refused = await repo.insertWithAccount(input, account).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RealtorConflictError)
    expect(refused).toMatchObject({ field: 'desiredUrl', held: false })
    expect(await findAccountByEmail(env.DB, account.email)).toBeNull()
    // A taken email fails the first insert: neither row, and the address stays free.
    const twice = await repo
      .insertWithAccount({ ...input, desiredUrl: 'race-free' }, { ...account, email: JANE.email.toUpperCase() })
      .catch((error: unknown) => error)
    expect(twice).toMatchObject({ field: 'email' })
    expect(await repo.find('race-free')).toBeNull()
    // Both free: both rows, the homepage owned by the new account.
    const made = await repo.insertWithAccount({ ...input, desiredUrl: 'race-free' }, account)
    expect(made.realtor).toMatchObject({ desiredUrl: 'race-free', userId: made.accountId })
    expect((await findAccountByEmail(env.DB, account.email))?.realtor_id).toBe(made.realtor.id)
  })

  it('validates every field in the caller language', async () => {
    const response = await api('/v1/accounts', {
      method: 'POST',
      json: { name: '', email: 'x@y', password: 'short', desiredUrl: 'bad url' },
      token: await login(ADMIN),
      headers: { 'accept-language': 'ko' },
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields).toEqual([
      { path: 'name', message: '필수 항목입니다.' },
      { path: 'email', message: '올바른 이메일 주소를 입력해 주세요.' },
      { path: 'password', message: '8자 이상 입력해 주세요.' },
      { path: 'desiredUrl', message: '영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.' },
    ])
  })

  it('is for admins only: 401 signed out, 403 for a realtor', async () => {
    expect((await api('/v1/accounts', { method: 'POST', json: NEW })).status).toBe(401)
    expect((await api('/v1/accounts', { method: 'POST', json: NEW, token: await login(JANE) })).status).toBe(403)
  })
})

describe('the /login/redirect hand-off: POST /v1/auth/handoff and /v1/auth/handoff/exchange', () => {
  // One browser's verifier, as GET /v1/auth/handoff/start would have set it (test/api/handoff-browser.test.ts
  // starts hand-offs and tries other browsers).
  const verifier = newToken()
  const mint = async (token?: string) =>
    api('/v1/auth/handoff', {
      method: 'POST',
      json: { challenge: await tokenHash(verifier) },
      ...(token ? { token } : {}),
    })
  const exchange = (code: string) =>
    api('/v1/auth/handoff/exchange', { method: 'POST', json: { code }, headers: { cookie: `handoff=${verifier}` } })
  const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code
  /** A valid session token for an account, without spending a sign-in attempt. */
  const tokenFor = (id: number, tokenVersion = 0) =>
    signSession(
      { id, email: 'x@realtor.local', name: 'x', role: 'admin', realtorId: null, tokenVersion },
      env.SESSION_SECRET,
    )

  afterEach(() => {
    vi.useRealTimers()
  })

  it('turns a code minted by a signed-in account into the session cookie, once', async () => {
    const minted = await mint(await login(JANE))
    expect(minted.status).toBe(201)
    const code = await codeOf(minted)
    const response = await exchange(code)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { email: JANE.email, role: 'realtor' } })
    // The session cookie, and the spent verifier cleared.
    const [cleared, session] = response.headers.getSetCookie()
    expect(cleared).toMatch(/^handoff=; Max-Age=0; Path=\/v1\/auth\/handoff/)
    expect(session).toMatch(/^session=[^;]+;.*HttpOnly/)
    const cookie = /^session=[^;]+/.exec(session!)![0]
    expect(await (await call('/v1/auth/me', { headers: { cookie } })).json()).toMatchObject({
      user: { email: JANE.email },
    })
    const again = await exchange(code)
    expect(again.status).toBe(401)
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('mints codes only for a signed-in caller', async () => {
    expect((await mint()).status).toBe(401)
    expect((await mint(await tokenFor(99_999))).status).toBe(401)
  })

  it('refuses forged, orphaned, expired and signed-out codes with 401, and session tokens, with no cookie', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const admin = await login(ADMIN)
    const jane = await login(JANE)
    const foreign = await signSession(
      { id: 2, email: JANE.email, name: 'x', role: 'admin', realtorId: null, tokenVersion: 0 },
      'another-secret',
    )
    const expired = await codeOf(await mint(admin))
    const inTime = await codeOf(await mint(admin))
    vi.setSystemTime(Date.now() + 2 * 60 * 1000 - 1000)
    expect((await exchange(inTime)).status).toBe(200)
    vi.setSystemTime(Date.now() + 2000)
    // Before any other code is minted (minting clears expired ones).
    const late = await exchange(expired)
    expect(late.status).toBe(401)
    expect(late.headers.get('set-cookie')).toBeNull()
    const orphaned = await env.DB.prepare(
      `INSERT INTO accounts (email, name, role, password_hash) VALUES ('orphan@realtor.local', 'x', 'admin', 'x') RETURNING id`,
    ).first<{ id: number }>()
    const orphan = await codeOf(await mint(await tokenFor(orphaned!.id)))
    await env.DB.prepare('DELETE FROM accounts WHERE id = ?').bind(orphaned!.id).run()
    const signedOut = await codeOf(await mint(jane))
    expect((await api('/v1/auth/logout', { method: 'POST', token: jane })).status).toBe(200)
    const forged = 'A'.repeat(43)
    for (const code of ['forged.token', forged, orphan, signedOut, inTime]) {
      const response = await exchange(code)
      expect(response.status, code).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
    // A session token is no code: longer than any code can be.
    for (const token of [foreign, jane]) {
      const response = await exchange(token)
      expect(response.status).toBe(400)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('no longer turns a session token into a cookie (POST /v1/auth/session is gone)', async () => {
    const token = await tokenFor(1)
    const response = await api('/v1/auth/session', { method: 'POST', json: { token } })
    expect(response.status).toBe(404)
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})
