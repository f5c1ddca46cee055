import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { signSession } from '../../src/lib/session'
import { ADMIN, api, errorOf, JANE, login } from '../api/client'

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
    expect((await api('/mina-seo')).status).toBe(200)
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

describe('POST /v1/auth/session', () => {
  it('turns a valid token into the session cookie', async () => {
    const token = await login(JANE)
    const response = await api('/v1/auth/session', { method: 'POST', json: { token } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { email: JANE.email, role: 'realtor' } })
    expect(response.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/)
  })

  it('refuses forged, foreign and orphaned tokens with 401 and no cookie', async () => {
    const foreign = await signSession(
      { id: 2, email: JANE.email, name: 'x', role: 'admin', realtorId: null, tokenVersion: 0 },
      'another-secret',
    )
    const orphan = await signSession(
      { id: 99_999, email: 'gone@x.y', name: 'x', role: 'admin', realtorId: null, tokenVersion: 0 },
      env.SESSION_SECRET,
    )
    for (const token of ['forged.token', foreign, orphan]) {
      const response = await api('/v1/auth/session', { method: 'POST', json: { token } })
      expect(response.status).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })
})
