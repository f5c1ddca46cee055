// Upstream faults, listings: with LISTINGS_API_ORIGIN pointing at a misbehaving server
// (test/fault/upstream.ts), the listings API answers a clean JSON error (502, or 504 past the deadline
// for headers or body) within its timeout plus 0.5 s, a realtor's homepage still answers 200 in time
// with the empty state (and is not kept in the page cache, so the next visitor gets another try),
// nothing of the upstream's body leaks, and the worker keeps serving afterwards.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, inject, it, vi } from 'vitest'
import { PageCache } from '../../src/lib/page-cache'
import { createWorkerApp } from '../../src/worker'
import { FAULT_MODES, gatewayStatus, SECRET_BODY } from './upstream'

const TIMEOUT_MS = 600
const origins = inject('faultOrigins')

/** The deployed worker's shape (page cache in front of the app) with a cache of its own. */
const worker = createWorkerApp({ pageCache: new PageCache() }).fetch

async function get(path: string, vars: { LISTINGS_API_ORIGIN?: string } = {}) {
  const ctx = createExecutionContext()
  const started = Date.now()
  const headers = { host: '127.0.0.1:8787', 'accept-language': 'en' }
  const request = new Request(`http://127.0.0.1:8787${path}`, { headers })
  const response = await worker(request, { ...env, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), ...vars }, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body, elapsed: Date.now() - started }
}

const LISTINGS = [
  '/cozying-api/v1/home/list?state=GA&city=Johns%20Creek',
  '/cozying-api/v1/agent?licenseNumber=GA%20%23358812&market=fmls&searchType=sale',
]

describe.each(FAULT_MODES.filter((mode) => mode !== 'flaky'))('listings upstream that %s', (mode) => {
  const vars = { LISTINGS_API_ORIGIN: origins[mode] }

  it.each(LISTINGS)('GET %s answers in time with a JSON gateway error', async (path) => {
    const { response, body, elapsed } = await get(path, vars)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
    expect(response.status).toBe(gatewayStatus(mode))
    expect(response.headers.get('location')).toBeNull()
    expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
    expect(body).not.toContain(SECRET_BODY)
  })

  it('a realtor homepage answers in time with its empty listings, and is not cached that way', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const attempt of [1, 2]) {
      const { response, body, elapsed } = await get('/en/janekim', vars)
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
      expect(response.status).toBe(200)
      expect(body).toContain('Jane Kim')
      expect(body).toContain('No homes to show in this city right now.')
      expect(body).not.toContain(SECRET_BODY)
      // The second visitor gets a fresh render, not the first one's page without listings.
      expect(response.headers.get('x-page-cache'), `attempt ${attempt}`).toBeNull()
    }
    expect(errors).toHaveBeenCalledWith('[home] listings unavailable; showing the empty state', expect.anything())
    errors.mockRestore()
  })
})

describe('after the listings faults', () => {
  it('the homepage is cached again once its listings load (from D1 here)', async () => {
    const first = await get('/en/janekim')
    expect(first.response.status).toBe(200)
    expect(first.response.headers.get('x-page-cache')).toBe('miss')
    expect((await get('/en/janekim')).response.headers.get('x-page-cache')).toBe('hit')
  })
})
