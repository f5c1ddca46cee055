import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { call } from '../helpers'
import { ADMIN, api, errorOf, JANE, login } from './client'

const cookieOf = (response: Response) => response.headers.get('set-cookie') ?? ''

describe('POST /v1/auth/login', () => {
  it('creates the configured admin on first sign-in and answers a bearer token plus an HttpOnly cookie', async () => {
    const response = await api('/v1/auth/login', { method: 'POST', json: ADMIN })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string; user: { role: string; email: string } }
    expect(body.user).toMatchObject({ role: 'admin', email: 'admin@realtor.local' })
    const cookie = cookieOf(response)
    expect(cookie).toMatch(new RegExp(`^session=${body.token.replace(/[.]/g, '\\.')};`))
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/) // plain-http 127.0.0.1 only
    const stored = await env.DB.prepare(`SELECT password_hash FROM accounts WHERE role = 'admin'`).first<{
      password_hash: string
    }>()
    expect(stored!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/)
    expect(stored!.password_hash).not.toContain(ADMIN.password)
  })

  it('marks the cookie Secure on https', async () => {
    const response = await api('https://realtor.example.com/v1/auth/login', { method: 'POST', json: JANE })
    expect(cookieOf(response)).toMatch(/Secure/)
  })

  it('answers a wrong password and an unknown email alike: 401, no cookie', async () => {
    for (const json of [
      { ...JANE, password: 'wrong' },
      { email: 'nobody@realtor.local', password: 'x' },
    ]) {
      const response = await api('/v1/auth/login', { method: 'POST', json, headers: { 'accept-language': 'en' } })
      expect(response.status).toBe(401)
      expect(await errorOf(response)).toEqual({
        code: 'invalid_credentials',
        message: 'The email or password is incorrect.',
      })
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('refuses a body without email or password with 400', async () => {
    const response = await api('/v1/auth/login', { method: 'POST', json: { email: 'a@b.co' } })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields).toEqual([{ path: 'password', message: '필수 항목입니다.' }])
  })
})

describe('GET /v1/auth/me and POST /v1/auth/logout', () => {
  it('names the signed-in account by bearer token or by cookie, and 401 without', async () => {
    const token = await login(JANE)
    const byBearer = await api('/v1/auth/me', { token })
    expect(byBearer.status).toBe(200)
    expect(await byBearer.json()).toMatchObject({
      user: { email: 'janekim@realtor.local', role: 'realtor', realtorId: 2 },
    })
    const byCookie = await call('/v1/auth/me', { headers: { cookie: `session=${token}` } })
    expect(byCookie.status).toBe(200)
    expect((await call('/v1/auth/me')).status).toBe(401)
    expect((await call('/v1/auth/me', { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401)
  })

  it('clears the session cookie on logout', async () => {
    const response = await api('/v1/auth/logout', { method: 'POST' })
    expect(response.status).toBe(200)
    expect(cookieOf(response)).toMatch(/^session=;.*Max-Age=0/)
  })
})

describe('sign-in limits and the service agreement', () => {
  it('refuses the 11th sign-in attempt in a minute from one address for one email with 429', async () => {
    const attempt = () =>
      api('/v1/auth/login', {
        method: 'POST',
        json: { email: 'target@realtor.local', password: 'guess' },
        headers: { 'cf-connecting-ip': '203.0.113.9' },
      })
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect((await errorOf(limited)).code).toBe('rate_limited')
  })

  it('records the first acceptance of the service agreement and keeps it', async () => {
    const token = await login(JANE)
    expect((await api('/v1/auth/agreement', { method: 'POST' })).status).toBe(401)
    const first = (await (await api('/v1/auth/agreement', { method: 'POST', token })).json()) as { agreedAt: string }
    expect(first.agreedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const again = (await (await api('/v1/auth/agreement', { method: 'POST', token })).json()) as { agreedAt: string }
    expect(again.agreedAt).toBe(first.agreedAt)
    expect(await (await api('/v1/auth/me', { token })).json()).toMatchObject({ agreedAt: first.agreedAt })
  })
})
