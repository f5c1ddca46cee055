// Local mode without CF_API_TOKEN: the built-in simulator answers the same API (its state in D1), admins move
// a domain along; the cron checks waiting domains, a few per run (docs/decisions/053-custom-domains.md).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { refreshWaitingDomains } from '../../src/lib/domains/setup'
import { api, errorOf } from '../api/client'
import { call } from '../helpers'
import { fakeZone } from './fake'
import { adminToken, checksFallDue, domainOf, newHomepage, send } from './helpers'

let agent: { id: number; token: string }
let admin: string
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]

beforeAll(async () => {
  agent = await newHomepage('simagent')
  admin = await adminToken()
})

const step = (hostname: string, action: 'advance' | 'fail', token = admin) =>
  send(`/v1/domains/${hostname}/${action}`, { method: 'POST', token })

describe('the simulator', () => {
  it('answers with records that look real, and admins move the domain along to active', async () => {
    const response = await send(`/v1/realtors/${agent.id}/domain`, {
      method: 'PUT',
      token: agent.token,
      json: { hostname: 'sim-homes.com' },
    })
    expect(response.status).toBe(200)
    const claimed = await domainOf(response)
    expect(claimed).toMatchObject({ hostname: 'sim-homes.com', status: 'pending', simulated: true })
    expect(claimed!.records.map((record) => [record.type, record.name, record.purpose])).toEqual([
      ['CNAME', 'sim-homes.com', 'traffic'],
      ['TXT', '_cf-custom-hostname.sim-homes.com', 'ownership'],
      ['TXT', '_acme-challenge.sim-homes.com', 'certificate'],
    ])
    expect(claimed!.records[0]!.value).toBe('customers.realtor.example.com')
    expect(claimed!.records[1]!.value).toMatch(/^[0-9a-f]{32}$/)

    // A realtor cannot move it along, only an admin.
    expect((await step('sim-homes.com', 'advance', agent.token)).status).toBe(403)
    expect(await domainOf(await step('sim-homes.com', 'advance'))).toMatchObject({ status: 'verifying' })
    expect((await call('/', { host: 'sim-homes.com' })).status).toBe(404)
    const active = await domainOf(await step('SIM-HOMES.COM', 'advance'))
    expect(active).toMatchObject({ status: 'active', ssl: { status: 'active' } })

    // Active: it serves on its Host and names the canonical URLs; locally the path address still serves
    // (the simulator's domains resolve nowhere).
    expect((await call('/', { host: 'sim-homes.com' })).status).toBe(200)
    const onPath = await call('/simagent')
    expect(onPath.status).toBe(200)
    expect(canonicalOf(await onPath.text())).toBe('https://sim-homes.com')
  })

  it('fails a domain: it stops serving and says why', async () => {
    const failed = await domainOf(await step('sim-homes.com', 'fail'))
    expect(failed).toMatchObject({ status: 'failed', activatedAt: null })
    expect(failed!.problems).toHaveLength(1)
    expect((await call('/', { host: 'sim-homes.com' })).status).toBe(404)
    expect(canonicalOf(await (await call('/simagent')).text())).toBe('http://127.0.0.1:8787/simagent')
  })

  it('lists domains for admins, by status, a keyset page at a time', async () => {
    const first = await send('/v1/domains?limit=1', { token: admin })
    expect(first.status).toBe(200)
    const page = (await first.json()) as { domains: { hostname: string; realtorId: number }[]; next: string | null }
    expect(page.domains).toHaveLength(1)
    expect(page.next).toMatch(/^\d+$/)
    const rest = (await (
      await send(`/v1/domains?after=${page.next}&limit=100`, { token: admin })
    ).json()) as typeof page
    expect(rest.domains.map((d) => d.hostname)).not.toContain(page.domains[0]!.hostname)
    const failed = (await (await send('/v1/domains?status=failed', { token: admin })).json()) as typeof page
    expect(failed.domains).toEqual([
      expect.objectContaining({ hostname: 'sim-homes.com', realtorId: agent.id, desiredUrl: 'simagent' }),
    ])
    expect((await send('/v1/domains?status=nope', { token: admin })).status).toBe(400)
    expect((await send('/v1/domains?limit=0', { token: admin })).status).toBe(400)
  })

  it('has no controls for unknown domains, nor with Cloudflare configured', async () => {
    expect((await step('nobody-homes.com', 'advance')).status).toBe(404)
    const fake = fakeZone()
    const response = await send('/v1/domains/sim-homes.com/advance', {
      method: 'POST',
      token: admin,
      bindings: fake.env,
    })
    expect(response.status).toBe(404)
    expect((await errorOf(response)).message).toBeTruthy()
  })
})

describe('the cron', () => {
  it('checks waiting domains against Cloudflare, a few per run, activates them, and re-checks active ones daily', async () => {
    const fake = fakeZone()
    const owner = await newHomepage('cronagent')
    const claimed = await send(`/v1/realtors/${owner.id}/domain`, {
      method: 'PUT',
      token: owner.token,
      json: { hostname: 'cron-homes.com' },
      bindings: fake.env,
    })
    expect((await domainOf(claimed))?.status).toBe('pending')
    await fake.state('cron-homes.com', { status: 'active', ssl: 'active' })
    // Checked just now: the cron leaves it for a few minutes.
    await refreshWaitingDomains(fake.env, (input, init) => fetch(input, init))
    const waiting = await env.DB.prepare(
      "SELECT status FROM custom_hostnames WHERE hostname = 'cron-homes.com'",
    ).first()
    expect(waiting).toEqual({ status: 'pending' })
    await checksFallDue()
    await refreshWaitingDomains(fake.env, (input, init) => fetch(input, init))
    const row = await env.DB.prepare("SELECT status FROM custom_hostnames WHERE hostname = 'cron-homes.com'").first()
    expect(row).toEqual({ status: 'active' })
    expect((await call('/', { host: 'cron-homes.com' })).status).toBe(200)
    expect(((await (await api(`/v1/realtor/${owner.id}`)).json()) as { hompageUrl: string }).hompageUrl).toBe(
      'https://cron-homes.com',
    )

    // A day later the realtor has pointed the domain elsewhere: the daily re-check stops it serving.
    await fake.state('cron-homes.com', { status: 'moved' })
    await refreshWaitingDomains(fake.env, (input, init) => fetch(input, init))
    expect((await call('/', { host: 'cron-homes.com' })).status).toBe(200)
    await checksFallDue()
    await refreshWaitingDomains(fake.env, (input, init) => fetch(input, init))
    const moved = await env.DB.prepare("SELECT status FROM custom_hostnames WHERE hostname = 'cron-homes.com'").first()
    expect(moved).toEqual({ status: 'failed' })
    expect((await call('/', { host: 'cron-homes.com' })).status).toBe(404)
    expect(((await (await api(`/v1/realtor/${owner.id}`)).json()) as { hompageUrl: string }).hompageUrl).toBe('')
  })
})
