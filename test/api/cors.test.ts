import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../src/worker'
import { ADMIN, login } from './client'

const ALLOWED = 'https://admin.partner.example'
const testEnv = { ...env, API_ALLOWED_ORIGINS: `${ALLOWED}, https://other.example` }

function request(path: string, init: RequestInit = {}) {
  return worker.fetch(new Request(`http://127.0.0.1:8787${path}`, init), testEnv, {
    waitUntil() {},
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext)
}

describe('CORS of the realtor API', () => {
  it('lets any origin read a realtor, without credentials', async () => {
    const response = await request('/v1/realtor/janekim', { headers: { origin: 'https://anyone.example' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    const preflight = await request('/v1/realtor/janekim', {
      method: 'OPTIONS',
      headers: { origin: 'https://anyone.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('allows writes from API_ALLOWED_ORIGINS only, with credentials', async () => {
    const preflight = await request('/v1/realtor/2', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED)
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true')
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PATCH/)

    const refused = await request('/v1/realtor/2', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses a cookie-authenticated write from a foreign origin before it runs (CSRF)', async () => {
    const token = await login(ADMIN)
    const attack = await request('/v1/realtor/2', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example', cookie: `session=${token}` },
    })
    expect(attack.status).toBe(403)
    expect(((await attack.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed')
    expect((await request('/v1/realtor/2')).status).toBe(200)

    const allowed = await request('/v1/realtor/2', {
      method: 'PATCH',
      headers: { origin: ALLOWED, cookie: `session=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ salesCount: 3 }),
    })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED)
  })

  it('answers same-origin writes without CORS headers', async () => {
    const token = await login(ADMIN)
    const response = await request('/v1/realtor/2', {
      method: 'PATCH',
      headers: {
        origin: 'http://127.0.0.1:8787',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ salesCount: 4 }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })
})
