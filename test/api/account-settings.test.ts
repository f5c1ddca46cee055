// The settings page's API (/v1/accounts/me, docs/decisions/046-account-settings.md): name, email and
// password changes, sign-out of every device, and that each revokes what it must.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../../src/lib/accounts/password'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { PRODUCTION_VARS } from '../fixtures/production'
import { call, ORIGIN } from '../helpers'
import { api, errorOf } from './client'

const me = async (token: string) => (await api('/v1/accounts/me', { token })).status
const en = { 'accept-language': 'en' }

describe('PATCH /v1/accounts/me', () => {
  it('changes the name without a password, and the homepage shows it at once', async () => {
    const id = await makeAccount('rename@realtor.local', 'rename-pass-2026', { desiredUrl: 'renamer' })
    const token = await tokenFor(id)
    expect((await (await api('/v1/realtor/renamer', { token })).json()) as object).toMatchObject({
      name: 'Test Realtor',
    })
    const response = await api('/v1/accounts/me', { method: 'PATCH', token, json: { name: '  New Name ' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { name: 'New Name', email: 'rename@realtor.local' } })
    expect((await (await api('/v1/realtor/renamer', { token })).json()) as object).toMatchObject({ name: 'New Name' })
    // A name change ends no session.
    expect(await me(token)).toBe(200)
  })

  it('changes the email only with the right current password, never to a taken one', async () => {
    const id = await makeAccount('mover@realtor.local', 'mover-pass-2026')
    const token = await tokenFor(id)
    const patch = (json: object) => api('/v1/accounts/me', { method: 'PATCH', token, json, headers: en })

    const missing = await patch({ email: 'moved@realtor.local' })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).fields).toEqual([{ path: 'currentPassword', message: 'This field is required.' }])

    const wrong = await patch({ email: 'moved@realtor.local', currentPassword: 'not-my-password' })
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).fields).toEqual([
      { path: 'currentPassword', message: 'The current password is incorrect.' },
    ])

    const taken = await patch({ email: 'JANEKIM@realtor.local', currentPassword: 'mover-pass-2026' })
    expect(taken.status).toBe(409)
    expect((await errorOf(taken)).fields).toEqual([{ path: 'email', message: 'This email already has an account.' }])

    const invalid = await patch({ email: 'not an email', currentPassword: 'mover-pass-2026' })
    expect(invalid.status).toBe(400)
    expect((await errorOf(invalid)).fields?.[0]?.path).toBe('email')

    const moved = await patch({ email: 'moved@realtor.local', currentPassword: 'mover-pass-2026' })
    expect(moved.status).toBe(200)
    const row = await env.DB.prepare('SELECT email FROM accounts WHERE id = ?').bind(id).first<{ email: string }>()
    expect(row?.email).toBe('moved@realtor.local')
    // Nothing changed on refusal, and an unknown key or an empty body is refused.
    expect((await patch({ nickname: 'x' })).status).toBe(400)
    expect((await patch({})).status).toBe(400)
  })

  it('refuses a signed-out caller and another site’s page', async () => {
    expect((await api('/v1/accounts/me', { method: 'PATCH', json: { name: 'X' } })).status).toBe(401)
    const token = await tokenFor(await makeAccount('csrf@realtor.local', 'csrf-pass-2026'))
    const foreign = await api('/v1/accounts/me', {
      method: 'PATCH',
      token,
      json: { name: 'X' },
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
  })
})

describe('POST /v1/accounts/me/password', () => {
  it('ends every earlier token, keeps the caller signed in with a new one', async () => {
    const id = await makeAccount('changer@realtor.local', 'changer-pass-2026')
    const before = await tokenFor(id)
    const other = await tokenFor(id)
    const post = (json: object) => api('/v1/accounts/me/password', { method: 'POST', token: before, json, headers: en })

    const wrong = await post({ currentPassword: 'guess-guess', newPassword: 'brand-new-2026' })
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).fields?.[0]).toEqual({
      path: 'currentPassword',
      message: 'The current password is incorrect.',
    })
    const short = await post({ currentPassword: 'changer-pass-2026', newPassword: 'short' })
    expect(short.status).toBe(400)
    expect((await errorOf(short)).fields?.[0]?.path).toBe('newPassword')
    expect(await me(other)).toBe(200)

    const changed = await post({ currentPassword: 'changer-pass-2026', newPassword: 'brand-new-2026' })
    expect(changed.status).toBe(200)
    const { token } = (await changed.json()) as { token: string }
    expect(changed.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/i)
    // Every token minted before the change is refused; the new one works.
    expect(await me(before)).toBe(401)
    expect(await me(other)).toBe(401)
    expect(await me(token)).toBe(200)
    const row = await env.DB.prepare('SELECT password_hash FROM accounts WHERE id = ?')
      .bind(id)
      .first<{ password_hash: string }>()
    expect(await verifyPassword('brand-new-2026', row!.password_hash)).toBe(true)
    expect(await verifyPassword('changer-pass-2026', row!.password_hash)).toBe(false)
  })

  it('is throttled like sign-in: the eleventh wrong guess from one address is a 429', { timeout: 30_000 }, async () => {
    const id = await makeAccount('guessed@realtor.local', 'guessed-pass-2026')
    const token = await tokenFor(id)
    const app = createApp()
    const production = { ...env, ...PRODUCTION_VARS }
    const guess = () =>
      app.request(
        `${ORIGIN}/v1/accounts/me/password`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'cf-connecting-ip': '203.0.113.77',
          },
          body: JSON.stringify({ currentPassword: 'wrong-guess', newPassword: 'whatever-2026' }),
        },
        production,
      )
    const left = 60_000 - (Date.now() % 60_000)
    if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 250))
    for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(400)
    const refused = await guess()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await me(token)).toBe(200)
  })
})

describe('POST /v1/accounts/me/sign-out-everywhere', () => {
  it('ends every session and bearer token of the account, and clears this cookie', async () => {
    const id = await makeAccount('everywhere@realtor.local', 'everywhere-pass-2026')
    const browser = await tokenFor(id)
    const bearer = await tokenFor(id)
    const response = await call('/v1/accounts/me/sign-out-everywhere', {
      method: 'POST',
      headers: { cookie: `session=${browser}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/^session=;/)
    expect(await me(bearer)).toBe(401)
    expect((await call('/v1/accounts/me', { headers: { cookie: `session=${browser}` } })).status).toBe(401)
    expect((await api('/v1/accounts/me/sign-out-everywhere', { method: 'POST' })).status).toBe(401)
  })
})

describe('the settings page and the console’s first page', () => {
  it('is signed-in only, on the provider’s site and a realtor’s, never cached', async () => {
    const signedOut = await call('/admin/settings')
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe('/login?next=%2Fadmin%2Fsettings')
    const id = await makeAccount('pages@realtor.local', 'pages-pass-2026', {
      name: 'Page Owner',
      desiredUrl: 'pageowner',
    })
    const cookie = `session=${await tokenFor(id)}`
    for (const path of ['/admin/settings', '/en/admin/settings', '/pageowner/admin/settings']) {
      const response = await call(path, { headers: { cookie } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const html = await response.text()
      expect(html).toContain('data-island="AccountSettings"')
      expect(html).toContain('pages@realtor.local')
    }
  })

  it('renders the search of the URL on the server: /admin?q=김 lists 김서버 only', async () => {
    await makeAccount('kim-server@realtor.local', 'kim-server-2026', { name: '김서버', desiredUrl: 'kimserver' })
    const admin = await makeAccount('page-admin@realtor.local', 'page-admin-2026', { role: 'admin' })
    const response = await call(`/admin?q=${encodeURIComponent('김')}`, {
      headers: { cookie: `session=${await tokenFor(admin)}` },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-desired-url="kimserver"')
    expect(html).toContain('value="김"')
    expect(html).not.toContain('data-desired-url="equityrealty"')
  })
})
