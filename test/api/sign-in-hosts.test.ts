// Sign-in and the builder live on the provider's host only (issue 29, finding 12; decision 087): a realtor's
// own domain, whose DNS the realtor controls, never gets a session cookie, sends its builder pages to the
// provider's host, and is pinned by HSTS without its other subdomains.
import { describe, expect, it } from 'vitest'
import { call, ORIGIN } from '../helpers'
import { api, errorOf, JANE, login } from './client'

/** Jane Kim's active custom domain (test/fixtures/fixture-realtors.ts). */
const DOMAIN = 'janekim.example'
const onDomain = (path: string, init: Parameters<typeof api>[1] = {}) =>
  api(`http://${DOMAIN}${path}`, { ...init, host: DOMAIN })

describe('sign-in on a realtor’s own domain', () => {
  it('POST /v1/auth/login is refused there, in the visitor’s language, and sets no cookie', async () => {
    for (const [language, text] of [
      ['en', `Sign-in is not available on a realtor's own domain. Sign in at ${ORIGIN}.`],
      ['ko', `리얼터 개인 도메인에서는 로그인할 수 없습니다. ${ORIGIN}에서 로그인해 주세요.`],
    ] as const) {
      const response = await onDomain('/v1/auth/login', {
        method: 'POST',
        json: JANE,
        headers: { 'accept-language': language },
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(await errorOf(response)).toEqual({ code: 'provider_host_only', message: text })
    }
  })

  it('the hand-off neither starts nor completes there', async () => {
    const start = await onDomain(`/v1/auth/handoff/start?return_to=${encodeURIComponent('https://sign-in.example/')}`)
    const exchange = await onDomain('/v1/auth/handoff/exchange', { method: 'POST', json: { code: 'A'.repeat(43) } })
    for (const response of [start, exchange]) {
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect((await errorOf(response)).code).toBe('provider_host_only')
    }
  })

  it('sends /login and the builder’s pages to the same page on the provider’s host, setting no cookie', async () => {
    const moves: [string, string][] = [
      ['/login', '/janekim/login'],
      ['/en/login?next=%2Fen%2Fadmin', '/en/janekim/login?next=%2Fen%2Fjanekim%2Fadmin'],
      ['/login?next=%2F%2Fevil.example', '/janekim/login'],
      ['/login/redirect', '/janekim/login/redirect'],
      ['/admin', '/janekim/admin'],
      ['/en/admin/inbox?q=kim', '/en/janekim/admin/inbox?q=kim'],
      ['/agreement', '/janekim/agreement'],
    ]
    for (const [path, target] of moves) {
      const response = await onDomain(path)
      expect(response.status, path).toBe(302)
      expect(response.headers.get('location'), path).toBe(`${ORIGIN}${target}`)
      expect(response.headers.get('set-cookie'), path).toBeNull()
    }
    // A write to a builder page there goes nowhere.
    const preview = await onDomain('/admin/preview', {
      method: 'POST',
      json: { aboutMeKr: 'x' },
      headers: { origin: `http://${DOMAIN}` },
    })
    expect(preview.status).toBe(404)
  })

  it('the realtor’s public pages stay on their domain', async () => {
    expect((await onDomain('/')).status).toBe(200)
    expect((await onDomain('/en/terms')).status).toBe(200)
  })

  it('a session cookie is not honoured there; a bearer token is', async () => {
    const token = await login(JANE)
    const cookie = `session=${token}`
    expect((await onDomain('/v1/auth/me', { headers: { cookie } })).status).toBe(401)
    expect((await onDomain('/v1/auth/me', { token })).status).toBe(200)
    expect((await api('/v1/auth/me', { headers: { cookie } })).status).toBe(200)
  })

  it('a password changed there with a bearer token gets its new token and no cookie', async () => {
    const token = await login(JANE)
    const response = await onDomain('/v1/accounts/me/password', {
      method: 'POST',
      token,
      json: { currentPassword: JANE.password, newPassword: 'a-new-password-2026' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    const { token: renewed } = (await response.json()) as { token: string }
    expect((await api('/v1/auth/me', { token: renewed })).status).toBe(200)
  })
})

describe('HSTS', () => {
  const hsts = (response: Response) => response.headers.get('strict-transport-security')

  it('pins the provider’s host with its subdomains', async () => {
    for (const path of ['/', '/janekim', '/login', '/v1/realtor/janekim'])
      expect(hsts(await call(path)), path).toBe('max-age=63072000; includeSubDomains')
  })

  it('pins a realtor’s own domain alone: its other subdomains are the realtor’s', async () => {
    for (const path of ['/', '/en/terms', '/login', '/v1/realtor/janekim', '/no-such-page'])
      expect(hsts(await call(`http://${DOMAIN}${path}`, { host: DOMAIN })), path).toBe('max-age=63072000')
  })
})
