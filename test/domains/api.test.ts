// The custom domain API with the real Cloudflare client against the loopback fake (docs/decisions/053):
// a realtor adds a domain, sees the records, and only once it is active does it serve, move canonical URLs,
// the sitemap and the carousel, and 301 the path address. Removing it deletes the custom hostname.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, EQUITY, errorOf, JANE, login } from '../api/client'
import { PRODUCTION_VARS } from '../fixtures/production'
import { call } from '../helpers'
import { CNAME_TARGET, fakeZone } from './fake'
import { adminToken, checksFallDue, domainOf, newHomepage, send } from './helpers'

const fake = fakeZone()
const cf = fake.env
let agent: { id: number; token: string }
let rival: { id: number; token: string }

beforeAll(async () => {
  agent = await newHomepage('domainagent')
  rival = await newHomepage('rivalagent')
})

const put = (who: { id: number; token: string }, hostname: string, headers: Record<string, string> = {}) =>
  send(`/v1/realtors/${who.id}/domain`, { method: 'PUT', token: who.token, json: { hostname }, bindings: cf, headers })
const get = (who: { id: number; token: string }) =>
  send(`/v1/realtors/${who.id}/domain`, { token: who.token, bindings: cf })
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]

describe('who may see and change a domain', () => {
  it('answers 401 signed out, 403 for another realtor, 404 for an unknown homepage', async () => {
    expect((await send(`/v1/realtors/${agent.id}/domain`, { bindings: cf })).status).toBe(401)
    const jane = await login(JANE)
    expect((await send(`/v1/realtors/${agent.id}/domain`, { token: jane, bindings: cf })).status).toBe(403)
    const other = await send(`/v1/realtors/${agent.id}/domain`, {
      method: 'PUT',
      token: jane,
      json: { hostname: 'jane-steals.com' },
      bindings: cf,
    })
    expect(other.status).toBe(403)
    expect((await send('/v1/realtors/99999/domain', { token: await adminToken(), bindings: cf })).status).toBe(404)
    expect((await fake.inspect()).hostnames).toEqual([])
  })

  it('answers a clear 503 outside local mode without Cloudflare settings', async () => {
    const bindings = { ...cf, ...PRODUCTION_VARS, CF_API_TOKEN: '' }
    const response = await send(`/v1/realtors/${agent.id}/domain`, { token: agent.token, bindings })
    expect(response.status).toBe(503)
    expect((await errorOf(response)).code).toBe('domains_not_configured')
  })
})

describe('what a realtor may claim', () => {
  it.each([
    ['realtor.example.com', 'providerOwned'],
    ['janekim.realtor.example.com', 'providerOwned'],
    ['realtor.dev.example.com', 'providerOwned'],
    [CNAME_TARGET, 'providerOwned'],
    [`x.${CNAME_TARGET}`, 'providerOwned'],
    ['localhost', 'invalid'],
    ['127.0.0.1', 'invalid'],
    ['http://[::1]/', 'invalid'],
    ['janekim', 'invalid'],
    ['jane kim.com', 'invalid'],
    ['', 'invalid'],
    ['equityrealty.example', 'taken'],
  ])('refuses %s (%s) with 400 on hostname and creates nothing', async (hostname, reason) => {
    const response = await put(agent, hostname, { 'accept-language': 'en' })
    expect(response.status).toBe(400)
    const { fields } = await errorOf(response)
    const texts = {
      providerOwned: "This address belongs to our service and can't be your own domain.",
      invalid: 'Enter a domain you own, like janekim.com.',
      taken: 'This domain is already connected to another homepage.',
    }
    expect(fields).toEqual([{ path: 'hostname', message: texts[reason as keyof typeof texts] }])
    expect((await fake.inspect()).hostnames).toEqual([])
  })

  it('passes on the provider refusing a name (reserved top-level domain) as the same 400', async () => {
    const response = await put(agent, 'agent.test')
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields?.[0]?.path).toBe('hostname')
    expect(await domainOf(await get(agent))).toBeNull()
  })

  it('says try again shortly on 429, and in plain words on 5xx and timeouts; nothing changes', async () => {
    await fake.mode('rate_limited')
    const limited = await put(agent, 'agent-limited.com', { 'accept-language': 'en' })
    expect(limited.status).toBe(429)
    expect((await errorOf(limited)).message).toBe('Too many domain requests right now. Please try again in a minute.')
    await fake.mode('error500')
    expect((await put(agent, 'agent-broken.com')).status).toBe(502)
    await fake.mode('hang')
    expect((await put(agent, 'agent-slow.com')).status).toBe(504)
    expect(await domainOf(await get(agent))).toBeNull()
  })

  it('says where the problem is when Cloudflare keeps a hostname we have no leftover of (1406 twice)', async () => {
    await fake.mode('duplicate', 2)
    const response = await put(agent, 'agent-elsewhere.com', { 'accept-language': 'en' })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields).toEqual([
      {
        path: 'hostname',
        message: 'This domain is already connected to another service. Disconnect it there first, then try again.',
      },
    ])
    // Created, looked for (nothing in our zone), created again: then refused, nothing stored.
    const calls = (await fake.inspect()).calls.slice(-3).map((call) => call.method)
    expect(calls).toEqual(['POST', 'GET', 'POST'])
    expect(await domainOf(await get(agent))).toBeNull()
  })
})

describe('a domain from claim to removal', () => {
  it('goes pending → verifying → active; only then it serves, moves canonical URLs, sitemap, carousel and 301s', async () => {
    const claimed = await domainOf(await put(agent, 'HTTPS://Agent-Homes.COM./about?x=1', { 'accept-language': 'en' }))
    expect(claimed).toMatchObject({
      hostname: 'agent-homes.com',
      status: 'pending',
      simulated: false,
      activatedAt: null,
    })
    const [cname, owner, certificate] = claimed!.records
    expect(cname).toEqual({ type: 'CNAME', name: 'agent-homes.com', value: CNAME_TARGET, purpose: 'traffic' })
    expect(owner).toMatchObject({ type: 'TXT', name: '_cf-custom-hostname.agent-homes.com', purpose: 'ownership' })
    expect(certificate).toMatchObject({ type: 'TXT', name: '_acme-challenge.agent-homes.com', purpose: 'certificate' })
    expect(claimed!.problems[0]).toMatch(/^Your domain doesn't point to us yet/)

    // Unverified: nothing serves on its Host, the path address serves, canonical URLs stay here.
    expect((await call('/', { host: 'agent-homes.com' })).status).toBe(404)
    expect((await send('/domainagent', { bindings: cf })).status).toBe(200)
    expect(canonicalOf(await (await call('/domainagent')).text())).toBe('http://127.0.0.1:8787/domainagent')

    await fake.state('agent-homes.com', { status: 'active', ssl: 'pending_deployment', verification_errors: [] })
    // Checked a moment ago: the provider is not asked again yet.
    expect((await domainOf(await get(agent)))?.status).toBe('pending')
    await checksFallDue()
    expect(await domainOf(await get(agent))).toMatchObject({
      status: 'verifying',
      ssl: { status: 'pending_deployment' },
    })
    expect((await call('/', { host: 'agent-homes.com' })).status).toBe(404)

    await fake.state('agent-homes.com', { status: 'active', ssl: 'active' })
    await checksFallDue()
    const active = await domainOf(await get(agent))
    expect(active).toMatchObject({ status: 'active', ssl: { status: 'active' }, problems: [] })
    expect(active!.activatedAt).toBeTruthy()
    // The certificate's record stays listed: the realtor's DNS still holds it.
    expect(active!.records).toHaveLength(3)

    const onDomain = await call('/', { host: 'agent-homes.com' })
    expect(onDomain.status).toBe(200)
    expect(canonicalOf(await onDomain.text())).toBe('https://agent-homes.com')
    // The page cache was purged: the path address names the domain at once.
    expect(canonicalOf(await (await call('/domainagent')).text())).toBe('https://agent-homes.com')
    expect(await (await call('/sitemap.xml')).text()).toContain('<loc>https://agent-homes.com</loc>')
    const byOrigin = await call(`/v1/realtor/${encodeURIComponent('https://agent-homes.com')}`)
    expect(((await byOrigin.json()) as { id: number }).id).toBe(agent.id)
    expect(await (await send('/', { bindings: cf })).text()).toContain('href="https://agent-homes.com"')

    // The path address moves for good, same page, locale and query; the builder stays here.
    for (const [path, target] of [
      ['/domainagent', 'https://agent-homes.com'],
      ['/en/domainagent', 'https://agent-homes.com/en'],
      ['/domainagent/terms?x=1', 'https://agent-homes.com/terms?x=1'],
      ['/en/DomainAgent/terms/privacy', 'https://agent-homes.com/en/terms/privacy'],
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const moved = await send(path!, { method, bindings: cf })
        expect(moved.status, `${method} ${path}`).toBe(301)
        expect(moved.headers.get('location')).toBe(target)
      }
    }
    for (const path of ['/domainagent/admin', '/domainagent/login', '/en/domainagent/admin/settings'])
      expect((await send(path, { bindings: cf })).status, path).not.toBe(301)

    // An active domain is nobody else's to claim.
    const refused = await put(rival, 'agent-homes.com')
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields?.[0]?.path).toBe('hostname')
  })

  it('removes the domain: the custom hostname is deleted and everything goes back to the path address', async () => {
    const removed = await send(`/v1/realtors/${agent.id}/domain`, {
      method: 'DELETE',
      token: agent.token,
      bindings: cf,
    })
    expect(removed.status).toBe(204)
    expect((await fake.inspect()).hostnames.map((h) => h.hostname)).not.toContain('agent-homes.com')
    expect(await domainOf(await get(agent))).toBeNull()
    expect((await call('/', { host: 'agent-homes.com' })).status).toBe(404)
    expect((await send('/domainagent', { bindings: cf })).status).toBe(200)
    expect(canonicalOf(await (await call('/domainagent')).text())).toBe('http://127.0.0.1:8787/domainagent')
    expect(await (await call('/sitemap.xml')).text()).not.toContain('agent-homes.com')
  })
})

describe('an unverified claim never blocks the owner', () => {
  it('replaces a pending claim of the same hostname with fresh tokens; the first claimant has none', async () => {
    const first = await domainOf(await put(rival, 'contested-homes.com'))
    expect(first?.status).toBe('pending')
    const second = await domainOf(await put(agent, 'contested-homes.com'))
    expect(second?.status).toBe('pending')
    const token = (domain: typeof first) => domain!.records.find((record) => record.purpose === 'ownership')!.value
    expect(token(second)).not.toBe(token(first))
    expect(await domainOf(await get(rival))).toBeNull()
    const atProvider = (await fake.inspect()).hostnames.filter((h) => h.hostname === 'contested-homes.com')
    expect(atProvider).toHaveLength(1)
  })

  it('replaces a realtor’s own domain: the old custom hostname is deleted', async () => {
    await put(rival, 'rival-one.com')
    await put(rival, 'rival-two.com')
    const names = (await fake.inspect()).hostnames.map((h) => h.hostname)
    expect(names).toContain('rival-two.com')
    expect(names).not.toContain('rival-one.com')
    expect((await domainOf(await get(rival)))?.hostname).toBe('rival-two.com')
  })

  it('takes over a leftover custom hostname nobody claims (a delete that failed earlier)', async () => {
    const equity = await login(EQUITY)
    // Created at the provider, never recorded here: a later claim replaces it.
    await fetch(`${fake.apiBase}/zones/${fake.zone}/custom_hostnames`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cf.CF_API_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hostname: 'leftover-homes.com', ssl: { method: 'txt', type: 'dv' } }),
    })
    const claimed = await send('/v1/realtors/1/domain', {
      method: 'PUT',
      token: equity,
      json: { hostname: 'leftover-homes.com' },
      bindings: cf,
    })
    expect(claimed.status).toBe(200)
    expect((await domainOf(claimed))?.status).toBe('pending')
    // Equity's hand-attached domain was replaced: it no longer serves.
    expect((await call('/', { host: 'equityrealty.example' })).status).toBe(404)
  })

  it('asks the provider once for a burst of polls of a waiting domain (at most once per 5 s)', async () => {
    await checksFallDue()
    const reads = async () => (await fake.inspect()).calls.filter((call) => call.method === 'GET').length
    const before = await reads()
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(agent)))
    expect(answers.map((response) => response.status)).toEqual(Array(8).fill(200))
    expect((await reads()) - before).toBe(1)
  })

  it('keeps answering when the provider fails a check, and says so', async () => {
    await checksFallDue()
    await fake.mode('error500')
    const response = await send(`/v1/realtors/${agent.id}/domain`, {
      token: agent.token,
      bindings: cf,
      headers: { 'accept-language': 'en' },
    })
    expect(response.status).toBe(200)
    const domain = await domainOf(response)
    expect(domain?.status).toBe('pending')
    expect(domain?.problems).toContain("We couldn't check your domain just now. We'll try again in a moment.")
  })

  it('never fails a domain on a 404 alone: a wrong zone id (every path 404) keeps it as it was', async () => {
    await checksFallDue()
    await fake.mode('zone_missing', 2)
    const response = await send(`/v1/realtors/${agent.id}/domain`, {
      token: agent.token,
      bindings: cf,
      headers: { 'accept-language': 'en' },
    })
    expect(response.status).toBe(200)
    const domain = await domainOf(response)
    expect(domain?.status).toBe('pending')
    expect(domain?.problems).toContain("We couldn't check your domain just now. We'll try again in a moment.")
    await fake.mode(null)
  })

  it('fails a domain the provider lost, and says so', async () => {
    await fake.forget('contested-homes.com')
    await checksFallDue()
    const domain = await domainOf(await get(agent))
    expect(domain).toMatchObject({ status: 'failed', ssl: { status: 'deleted' } })
    const admin = await adminToken()
    const list = await send('/v1/domains?status=failed', { token: admin, bindings: cf })
    expect(((await list.json()) as { domains: { hostname: string }[] }).domains.map((d) => d.hostname)).toContain(
      'contested-homes.com',
    )
    expect((await api('/v1/domains', { token: agent.token })).status).toBe(403)
  })
})
