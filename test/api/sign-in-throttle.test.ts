// Sign-in throttling (docs/decisions/026-sign-in-throttling.md): a budget per address across all
// emails, one per account across all addresses, both before any password is hashed.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import wranglerToml from '../../wrangler.toml?raw'
import { PRODUCTION_VARS } from '../fixtures/production'
import { ORIGIN } from '../helpers'
import { errorOf } from './client'

/** The `limit` of a `[[ratelimits]]` binding in wrangler.toml (every sign-in budget is per 60 s). */
function budget(name: string): number {
  const binding = new RegExp(`name = "${name}"[^[]*?simple = \\{ limit = (\\d+), period = 60 \\}`).exec(wranglerToml)
  if (!binding) throw new Error(`wrangler.toml has no ${name} with a 60 s period`)
  return Number(binding[1])
}

const app = createApp()
// Behind Cloudflare CF-Connecting-IP is the client's address; ENVIRONMENT=local is what tests run as.
const production = { ...env, ...PRODUCTION_VARS }

function attempt(email: string, { ip, bindings = production }: { ip?: string; bindings?: object } = {}) {
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': 'en' })
  if (ip) headers.set('cf-connecting-ip', ip)
  const body = JSON.stringify({ email, password: 'guess-1234' })
  return app.request(`${ORIGIN}/v1/auth/login`, { method: 'POST', headers, body }, bindings)
}

/** The limiters count in fixed 60 s windows: start a run of attempts where the window cannot turn over. */
async function freshWindow(seconds = 5): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 250))
}

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await errorOf(response)).toMatchObject({ code: 'rate_limited' })
}

describe('sign-in throttling', { timeout: 20_000 }, () => {
  it('gives one address a budget across all emails, then 429 with Retry-After', async () => {
    const limit = budget('AUTH_ADDRESS_LIMITER')
    await freshWindow()
    // A spray: one address, a different email every time (one PBKDF2 each until the budget is spent).
    for (let i = 0; i < limit; i++) {
      expect((await attempt(`spray-${i}@realtor.local`, { ip: '203.0.113.20' })).status).toBe(401)
    }
    for (let i = limit; i < limit + 3; i++) {
      await expectThrottled(await attempt(`spray-${i}@realtor.local`, { ip: '203.0.113.20' }))
    }
    // Other addresses keep their own budget.
    expect((await attempt('spray-0@realtor.local', { ip: '203.0.113.21' })).status).toBe(401)
  })

  it('gives one account a budget across all addresses, then 429 with Retry-After', async () => {
    const limit = budget('AUTH_ACCOUNT_LIMITER')
    await freshWindow()
    for (let i = 0; i < limit; i++) {
      expect((await attempt('victim@realtor.local', { ip: `198.51.100.${i + 1}` })).status).toBe(401)
    }
    await expectThrottled(await attempt('victim@realtor.local', { ip: '198.51.100.200' }))
    // The account is the key whatever the spelling of its email.
    await expectThrottled(await attempt('  Victim@Realtor.Local', { ip: '198.51.100.201' }))
    expect((await attempt('bystander@realtor.local', { ip: '198.51.100.202' })).status).toBe(401)
  })

  it('is checked before the account is looked up or any password hashed', async () => {
    const refuse: RateLimit = { limit: async () => ({ success: false }) }
    const allow: RateLimit = { limit: async () => ({ success: true }) }
    // A database that fails every call: reaching it (and the PBKDF2 after it) would be a 500.
    const DB = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error('the database was used')
      },
    })
    for (const limiters of [
      { AUTH_ADDRESS_LIMITER: refuse, AUTH_ACCOUNT_LIMITER: allow },
      { AUTH_ADDRESS_LIMITER: allow, AUTH_ACCOUNT_LIMITER: refuse },
    ]) {
      const response = await attempt('anyone@realtor.local', {
        ip: '203.0.113.30',
        bindings: { ...production, AUTH_LIMITER: allow, ...limiters, DB },
      })
      await expectThrottled(response)
    }
  })

  it('in local mode trusts no client-sent CF-Connecting-IP: every request shares one budget', async () => {
    const limit = budget('AUTH_ADDRESS_LIMITER')
    await freshWindow()
    // ENVIRONMENT=local: a new made-up address per attempt buys nothing.
    for (let i = 0; i < limit; i++) {
      expect((await attempt(`local-${i}@realtor.local`, { ip: `192.0.2.${i + 1}`, bindings: env })).status).toBe(401)
    }
    await expectThrottled(await attempt('local-x@realtor.local', { ip: '192.0.2.250', bindings: env }))
    // Nor does sending none.
    await expectThrottled(await attempt('local-y@realtor.local', { bindings: env }))
  })
})
