// Fail closed (docs/decisions/052): a worker outside local mode without SESSION_SECRET, or with a
// development value this repository published, refuses every request with a 500 that names the
// variable (pages and APIs, through the deployed entry and its page cache), never its value or a
// stack, and logs the problem once per isolate. The demo admin password never signs in outside local.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '../../src/worker'
import { ADMIN, errorOf } from '../api/client'
import { PRODUCTION_VARS } from '../fixtures/production'
import { ORIGIN } from '../helpers'

const DEV_SECRET = 'local-development-session-secret-not-for-production'

async function request(path: string, bindings: object, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, init), bindings as typeof env, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

const deployed = (vars: Record<string, string | undefined>) => ({
  ...env,
  ...PRODUCTION_VARS,
  PROVIDER_HOSTS: 'localhost,127.0.0.1',
  ...vars,
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a worker outside local mode without a usable SESSION_SECRET', () => {
  it('answers every page and API with a 500 naming SESSION_SECRET, logged once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const [label, bindings] of [
      ['no secret', deployed({ SESSION_SECRET: undefined })],
      ['the example secret', deployed({ SESSION_SECRET: DEV_SECRET })],
      [
        'the example secret with the newline of `echo … | wrangler secret put`',
        deployed({ SESSION_SECRET: `${DEV_SECRET}\n` }),
      ],
      ['no ENVIRONMENT at all', { ...deployed({ SESSION_SECRET: '' }), ENVIRONMENT: undefined }],
    ] as const) {
      for (const path of ['/', '/en', '/equityrealty', '/login']) {
        const page = await request(path, bindings, { headers: { 'accept-language': 'en' } })
        expect(page.status, `${label} ${path}`).toBe(500)
        const html = await page.text()
        expect(html, `${label} ${path}`).toContain('The server is not configured correctly (SESSION_SECRET)')
        expect(html).not.toContain(DEV_SECRET)
        expect(html).not.toMatch(/at \S+ \(|\.ts:\d+/)
      }
      // HEAD and a CORS preflight refuse like the rest.
      expect((await request('/en', bindings, { method: 'HEAD' })).status, label).toBe(500)
      const preflight = await request('/v1/realtor/equityrealty', bindings, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status, label).toBe(500)
      const korean = await request('/', bindings, { headers: { 'accept-language': 'ko' } })
      expect(await korean.text()).toContain('서버 설정이 올바르지 않습니다(SESSION_SECRET)')

      const read = await request('/v1/realtor/equityrealty', bindings, { headers: { 'accept-language': 'en' } })
      expect(read.status).toBe(500)
      expect(await read.json()).toEqual({
        error: {
          code: 'config_invalid',
          message: 'The server is not configured correctly (SESSION_SECRET).',
        },
      })
      const login = await request('/v1/auth/login', bindings, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(ADMIN),
      })
      expect(login.status).toBe(500)
      expect(JSON.stringify(await login.json())).not.toContain(DEV_SECRET)
    }
    const logged = errors.mock.calls.filter(([first]) => String(first).startsWith('[config]'))
    expect(logged).toHaveLength(1)
    expect(String(logged[0]?.[0])).toContain('SESSION_SECRET must be set outside local mode')
    expect(errors.mock.calls.flat().join(' ')).not.toContain(DEV_SECRET)
  })

  it('refuses the demo admin password as ADMIN_PASSWORD, and serves once the secrets are its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const secret = `operator-${crypto.randomUUID()}`
    const demo = await request('/en', deployed({ SESSION_SECRET: secret, ADMIN_PASSWORD: ADMIN.password }))
    expect(demo.status).toBe(500)
    expect(await demo.text()).toContain('(ADMIN_PASSWORD)')
    const own = await request('/en', deployed({ SESSION_SECRET: secret }))
    expect(own.status).toBe(200)
  })
})

describe('the demo passwords outside local mode', () => {
  it('never sign in, even for an account whose stored password is the demo one', async () => {
    const bindings = deployed({ SESSION_SECRET: `operator-${crypto.randomUUID()}` })
    const login = (target: object) =>
      request('/v1/auth/login', target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en', 'cf-connecting-ip': '203.0.113.52' },
        body: JSON.stringify(ADMIN),
      })
    // The test database's admin was created with the demo password: locally it signs in.
    expect((await login(env)).status).toBe(200)
    const refused = await login(bindings)
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).code).toBe('invalid_credentials')
  })
})

describe('the cron of a worker that refuses to serve', () => {
  it('does nothing: no database work, no upstream call, and no throw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let touched = 0
    const db = new Proxy(env.DB, {
      get(target, property) {
        touched++
        const value = Reflect.get(target, property)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const fetches = vi.spyOn(globalThis, 'fetch')
    const ctx = createExecutionContext()
    const controller = { cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController
    worker.scheduled(controller, { ...deployed({ SESSION_SECRET: undefined }), DB: db } as typeof env, ctx)
    await waitOnExecutionContext(ctx)
    expect(touched).toBe(0)
    expect(fetches).not.toHaveBeenCalled()
    // The same cron with a usable secret does its work (the test would pass vacuously otherwise).
    const working = createExecutionContext()
    const own = deployed({ SESSION_SECRET: `operator-${crypto.randomUUID()}` })
    worker.scheduled(controller, { ...own, DB: db } as typeof env, working)
    await waitOnExecutionContext(working)
    expect(touched).toBeGreaterThan(0)
  })
})
