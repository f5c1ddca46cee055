import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { fakeUpstream, silentUpstream } from '../fixtures/upstream'

const UPSTREAM = 'https://api.realtor.example'
const proxyEnv = { ...env, REALTOR_API_ORIGIN: UPSTREAM, UPSTREAM_TIMEOUT_MS: '100' }

function request(app: ReturnType<typeof createApp>, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('host', '127.0.0.1:8787')
  return app.request(`http://127.0.0.1:8787${path}`, { ...init, headers }, proxyEnv)
}

// Published: an unpublished upstream realtor shows visitors the coming-soon page like any other (043).
const upstreamRealtor = {
  id: 77,
  desiredUrl: 'remote',
  name: 'Remote Agent',
  hompageUrl: 'https://remote.example',
  isMakeHomepage: 'Y',
}

describe('upstream mode (REALTOR_API_ORIGIN)', () => {
  it('passes a write through: method, path, query, body and Authorization out; status, body and headers back', async () => {
    const upstream = fakeUpstream(
      () =>
        new Response(JSON.stringify({ ok: 'patched' }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-upstream-trace': 'abc' },
        }),
    )
    const app = createApp({ upstreamFetch: upstream.fetch })
    const response = await request(app, '/v1/realtor/5?dryRun=1', {
      method: 'PATCH',
      headers: {
        authorization: 'Bearer upstream-token',
        'content-type': 'application/json',
        cookie: 'session=x',
        'if-match': '"upstream-v7"',
      },
      body: JSON.stringify({ salesCount: 9 }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: 'patched' })
    expect(response.headers.get('x-upstream-trace')).toBe('abc')
    const sent = upstream.requests[0]!
    expect(sent.method).toBe('PATCH')
    expect(sent.url).toBe(`${UPSTREAM}/v1/realtor/5?dryRun=1`)
    expect(sent.headers.get('authorization')).toBe('Bearer upstream-token')
    expect(sent.headers.get('cookie')).toBeNull()
    expect(sent.headers.get('if-match')).toBe('"upstream-v7"')
    expect(await sent.json()).toEqual({ salesCount: 9 })
  })

  it('passes upstream client errors back unchanged (a 404 stays a 404 with its body)', async () => {
    const upstream = fakeUpstream(() => Response.json({ message: 'no such realtor' }, { status: 404 }))
    const response = await request(createApp({ upstreamFetch: upstream.fetch }), '/v1/realtor/janekim')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'no such realtor' })
  })

  it('answers an upstream 5xx with a 502 of its own, never the upstream body', async () => {
    const upstream = fakeUpstream(() => new Response('{"message":"stack at db.js:12"}', { status: 500 }))
    const response = await request(createApp({ upstreamFetch: upstream.fetch }), '/v1/realtor/janekim')
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ error: { code: 'bad_gateway', message: 'The upstream API failed' } })
  })

  it('answers 504 JSON when the upstream does not answer in time, without hanging', async () => {
    const started = Date.now()
    const response = await request(createApp({ upstreamFetch: silentUpstream().fetch }), '/v1/realtor/janekim')
    expect(response.status).toBe(504)
    expect(await response.json()).toEqual({
      error: { code: 'gateway_timeout', message: 'The upstream API did not answer in time' },
    })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('answers 502 JSON when the upstream cannot be reached', async () => {
    const upstream = fakeUpstream(() => {
      throw new TypeError('connection refused')
    })
    const response = await request(createApp({ upstreamFetch: upstream.fetch }), '/v1/realtor', {
      method: 'POST',
      body: '{}',
    })
    expect(response.status).toBe(502)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_gateway')
  })

  it('forwards only the §7 calls: other paths are never proxied', async () => {
    const upstream = fakeUpstream(() => new Response('{}'))
    const app = createApp({ upstreamFetch: upstream.fetch })
    expect((await request(app, '/v1/realtor/a/b/c')).status).toBe(404)
    expect((await request(app, '/v1/realtor/2', { method: 'PUT', body: '{}' })).status).toBe(404)
    expect(upstream.requests).toHaveLength(0)
  })

  it('renders tenant pages from the upstream realtor, with missing lists defaulted', async () => {
    const upstream = fakeUpstream((req) =>
      new URL(req.url).pathname === '/v1/realtor/remote'
        ? Response.json(upstreamRealtor)
        : new Response('{"message":"no"}', { status: 404 }),
    )
    const app = createApp({ upstreamFetch: upstream.fetch })
    const page = await request(app, '/en/remote')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Remote Agent')
    expect((await request(app, '/nobody')).status).toBe(404)
  })

  it('shows the error page, not a hung request, when the upstream times out on a page', async () => {
    const response = await request(createApp({ upstreamFetch: silentUpstream().fetch }), '/janekim')
    expect(response.status).toBe(504)
    expect(response.headers.get('content-type')).toMatch(/html/)
  })
})
