// Upstream faults: with the realtor API replaced by a misbehaving server (test/fault/upstream.ts),
// every page and API answers within its timeout plus 0.5 s, with the error page or a JSON error of the
// gateway status (502, or 504 past the deadline), leaks nothing of the upstream's body or redirect,
// and the worker keeps serving afterwards. JSON that is no realtor is the 502 page too, and a stalled
// body's read is cancelled at the deadline.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, inject, it } from 'vitest'
import worker, { createApp } from '../../src/worker'
import { fakeUpstream } from '../fixtures/upstream'
import { FAULT_MODES, gatewayStatus, SECRET_BODY } from './upstream'

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
    expect(response.status).toBe(gatewayStatus(mode))
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(body).toContain(`data-status="${response.status}"`) // the error page
    expect(body).not.toContain(SECRET_BODY)
    expect(body).not.toMatch(/at .*:\d+:\d+/) // no stack trace
    expect(response.headers.get('location')).toBeNull()
    expect(body).not.toContain('169.254.169.254')
  })

  it('the realtor API answers in time with a JSON error, never the upstream body', async () => {
    const { response, body, elapsed } = await get('/v1/realtor/janekim', mode)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
    expect(response.status).toBe(gatewayStatus(mode))
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
    expect(body).not.toContain(SECRET_BODY)
    expect(response.headers.get('location')).toBeNull()
    expect(body).not.toContain('169.254.169.254')
  })
})

// A realtor upstream that answers 200 with JSON that is no realtor: the page is the 502 error page, never
// a render that breaks on a list that is not a list (a 500).
describe.each([
  ['lists that are not lists', { id: 1, desiredUrl: 'janekim', photos: 'none', activityRegion: {}, etcInfo: 5 }],
  ['nulls', { id: 1, desiredUrl: 'janekim', email: null, seoMeta: null, activityRegion: null }],
  ['wrong scalars', { id: '1', desiredUrl: 'janekim' }],
  ['no object', [{ id: 1, desiredUrl: 'janekim' }]],
])('realtor upstream that answers %s', (_, answer) => {
  it('a tenant homepage answers the 502 error page', async () => {
    const upstream = fakeUpstream(() => Response.json(answer))
    const response = await createApp({ upstreamFetch: upstream.fetch }).request(
      'http://127.0.0.1:8787/en/janekim',
      { headers: { host: '127.0.0.1:8787' } },
      { ...env, REALTOR_API_ORIGIN: 'https://api.realtor.example', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
    )
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(await response.text()).toContain('data-status="502"')
  })
})

describe('a realtor upstream whose body stalls after its first bytes', () => {
  it.each(['/en/janekim', '/v1/realtor/janekim'])(
    'GET %s answers 504 in time and cancels the body read',
    async (path) => {
      let cancelled = false
      const stalled = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"id": 1, ')),
        cancel: () => {
          cancelled = true
        },
      })
      const upstream = fakeUpstream(() => new Response(stalled, { headers: { 'content-type': 'application/json' } }))
      const started = Date.now()
      const response = await createApp({ upstreamFetch: upstream.fetch }).request(
        `http://127.0.0.1:8787${path}`,
        { headers: { host: '127.0.0.1:8787' } },
        { ...env, REALTOR_API_ORIGIN: 'https://api.realtor.example', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
      )
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500)
      expect(response.status).toBe(504)
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(cancelled).toBe(true)
    },
  )
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
