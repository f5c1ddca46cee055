// Passwords the admin chose (docs/decisions/106-temporary-passwords.md): a reset to a temporary password and the
// password typed when the admin makes an account are the realtor's to replace at the next sign-in. The sign-in
// answers `mustChangePassword` and sets no cookie until then; the settings' password change, a reset link and an
// invitation clear it; a refused new password (too short, the same again, a wrong current one) changes nothing.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { issueInvitation } from '../../src/lib/accounts/invitations'
import { issuePasswordReset } from '../../src/lib/accounts/password-resets'
import { findAccountById } from '../../src/lib/accounts/store'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { api, errorOf } from './client'

let admin: string | undefined
async function adminToken() {
  admin ??= await tokenFor(await makeAccount('temp-admin@realtor.local', 'temp-admin-2026', { role: 'admin' }))
  return admin
}

/** A call to the worker, a POST unless told, in English unless told. */
const call = (
  path: string,
  {
    method = 'POST',
    json,
    token,
    language = 'en',
  }: { method?: string; json?: unknown; token?: string; language?: string } = {},
) => api(path, { method, json, token, headers: { 'accept-language': language } })

interface SignIn {
  token: string
  agreedAt: string | null
  mustChangePassword: boolean
}

async function signIn(email: string, password: string) {
  const response = await call('/v1/auth/login', { json: { email, password } })
  expect(response.status, await response.clone().text()).toBe(200)
  return { body: (await response.json()) as SignIn, cookie: response.headers.get('set-cookie') }
}

const change = (token: string, currentPassword: string, newPassword: string, language = 'en') =>
  call('/v1/accounts/me/password', { token, json: { currentPassword, newPassword }, language })

async function flagOf(id: number) {
  return (await findAccountById(env.DB, id))?.password_temporary
}

describe('a password the admin chose', () => {
  it('a reset to a temporary one is changed at the next sign-in, before the cookie; then asked no more', async () => {
    const id = await makeAccount('temp-reset@realtor.local', 'own-password-2026', { desiredUrl: 'temp-reset' })
    expect((await signIn('temp-reset@realtor.local', 'own-password-2026')).body.mustChangePassword).toBe(false)

    const reset = await call(`/v1/accounts/${id}/password-reset`, { token: await adminToken() })
    expect(reset.status).toBe(200)
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string }
    expect(await flagOf(id)).toBe(1)

    const first = await signIn('temp-reset@realtor.local', temporaryPassword)
    expect(first.body).toMatchObject({ mustChangePassword: true, agreedAt: null })
    // No cookie: a browser that leaves here is not signed in, and the next sign-in asks again.
    expect(first.cookie).toBeNull()
    const me = await call('/v1/auth/me', { method: 'GET', token: first.body.token })
    expect(await me.json()).toMatchObject({ mustChangePassword: true })
    expect((await signIn('temp-reset@realtor.local', temporaryPassword)).body.mustChangePassword).toBe(true)

    const changed = await change(first.body.token, temporaryPassword, 'my-own-password-2026')
    expect(changed.status).toBe(200)
    expect(changed.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/)
    expect(await flagOf(id)).toBe(0)
    const after = await signIn('temp-reset@realtor.local', 'my-own-password-2026')
    expect(after.body.mustChangePassword).toBe(false)
    expect(after.cookie).toMatch(/^session=/)
    expect(
      (await call('/v1/auth/login', { json: { email: 'temp-reset@realtor.local', password: temporaryPassword } }))
        .status,
    ).toBe(401)
  })

  it('the password typed when the admin makes an account is temporary; an invitation is not', async () => {
    const made = await call('/v1/accounts', {
      token: await adminToken(),
      json: { email: 'temp-typed@realtor.local', password: 'typed-by-admin', name: 'Typed', desiredUrl: 'temp-typed' },
    })
    expect(made.status).toBe(201)
    const { account } = (await made.json()) as { account: { id: number } }
    expect(await flagOf(account.id)).toBe(1)
    const first = await signIn('temp-typed@realtor.local', 'typed-by-admin')
    expect(first.body.mustChangePassword).toBe(true)
    expect(first.cookie).toBeNull()
    expect((await change(first.body.token, 'typed-by-admin', 'realtor-chose-this')).status).toBe(200)
    expect((await signIn('temp-typed@realtor.local', 'realtor-chose-this')).body.mustChangePassword).toBe(false)

    // An invited realtor sets their own from the start.
    const invited = await call('/v1/accounts/invitations', {
      token: await adminToken(),
      json: { email: 'temp-invited@realtor.local', name: 'Invited', desiredUrl: 'temp-invited' },
    })
    expect(invited.status).toBe(201)
    const invitedId = ((await invited.json()) as { account: { id: number } }).account.id
    const link = await issueInvitation(env.DB, invitedId, 'en')
    const accepted = await call('/v1/auth/invitation/complete', {
      json: { token: link?.token, password: 'invitee-own-2026' },
    })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ mustChangePassword: false })
    expect(await flagOf(invitedId)).toBe(0)
  })

  it("a reset link's password is the realtor's own and clears it", async () => {
    const id = await makeAccount('temp-link@realtor.local', 'own-password-2026', { desiredUrl: 'temp-link' })
    const reset = await call(`/v1/accounts/${id}/password-reset`, { token: await adminToken() })
    expect(reset.status).toBe(200)
    expect(await flagOf(id)).toBe(1)
    const account = await findAccountById(env.DB, id)
    const { token } = await issuePasswordReset(env.DB, account!)
    const done = await call('/v1/auth/password-reset/complete', { json: { token, password: 'from-the-link-2026' } })
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ mustChangePassword: false })
    expect(done.headers.get('set-cookie')).toMatch(/^session=/)
    expect(await flagOf(id)).toBe(0)
  })

  it('a refused new password changes nothing: too short, the same again, or a wrong current one', async () => {
    const id = await makeAccount('temp-refused@realtor.local', 'own-password-2026', { desiredUrl: 'temp-refused' })
    const reset = await call(`/v1/accounts/${id}/password-reset`, { token: await adminToken() })
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string }
    const { body } = await signIn('temp-refused@realtor.local', temporaryPassword)
    const before = await findAccountById(env.DB, id)

    const short = await change(body.token, temporaryPassword, 'short', 'ko')
    expect(short.status).toBe(400)
    expect((await errorOf(short)).fields).toEqual([{ path: 'newPassword', message: '8자 이상 입력해 주세요.' }])

    const same = await change(body.token, temporaryPassword, temporaryPassword, 'ko')
    expect(same.status).toBe(400)
    expect((await errorOf(same)).fields).toEqual([
      { path: 'newPassword', message: '새 비밀번호는 현재 비밀번호와 달라야 합니다.' },
    ])
    const sameEn = await change(body.token, temporaryPassword, temporaryPassword)
    expect((await errorOf(sameEn)).fields?.[0]?.message).toBe(
      'The new password must be different from the current one.',
    )

    const wrong = await change(body.token, 'not-the-temporary', 'a-fine-new-password')
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).fields?.[0]?.path).toBe('currentPassword')

    const after = await findAccountById(env.DB, id)
    expect(after).toEqual(before)
    expect(after?.password_temporary).toBe(1)
    expect((await signIn('temp-refused@realtor.local', temporaryPassword)).body.mustChangePassword).toBe(true)
  })
})
