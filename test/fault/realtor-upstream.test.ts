// Upstream faults: with the realtor API replaced by a misbehaving server (test/fault/upstream.ts),
// every page and API answers within its timeout plus 0.5 s, with an error page or a JSON error, leaks
// nothing of the upstream's body, and the worker keeps serving afterwards.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, inject, it } from 'vitest'
import worker from '../../src/worker'
import { FAULT_MODES, SECRET_BODY } from './upstream'

const TIMEOUT_MS = 600
const origins = inject('faultOrigins')

async function get(path: string, mode: (typeof FAULT_MODES)[number], init: RequestInit = {}) {
  const faulty = { ...env, REALTOR_API_ORIGIN: origins[mode], UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }
  const ctx = createExecutionContext()
  const started = Date.now()
  const response = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`, init), faulty, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body, elapsed: Date.now() - started }
}

describe.each(FAULT_MODES.filter((mode) => mode !== 'flaky'))('realtor upstream that %s', (mode) => {
  it('a tenant homepage answers in time with an error page, never the upstream body', async () => {
    const { response, body, elapsed } = await get('/en/janekim', mode)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
    expect([404, 502, 503, 504]).toContain(response.status)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(body).not.toContain(SECRET_BODY)
    expect(body).not.toMatch(/at .*:\d+:\d+/) // no stack trace
  })

  it('the realtor API answers in time with a JSON error, never the upstream body', async () => {
    const { response, body, elapsed } = await get('/v1/realtor/janekim', mode)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
    expect(response.status).toBe(mode === 'timeout' ? 504 : 502)
    expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
    expect(body).not.toContain(SECRET_BODY)
  })
})

describe('after the faults', () => {
  it('the worker keeps serving from its own store', async () => {
    const ctx = createExecutionContext()
    const response = await worker.fetch(new Request('http://127.0.0.1:8787/v1/realtor/janekim'), env, ctx)
    await waitOnExecutionContext(ctx)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ desiredUrl: 'janekim' })
  })
})
