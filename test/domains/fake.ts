// Test side of the loopback Cloudflare fake (test/fixtures/fake-cloudflare.ts): a zone of one's own, its
// controls, and the environment that points the worker's real client at it.
import { env } from 'cloudflare:test'
import { inject } from 'vitest'
import { FAKE_CF_TOKEN, type FakeMode } from '../fixtures/fake-cloudflare'

export const FAKE_TOKEN = FAKE_CF_TOKEN
export const CNAME_TARGET = 'customers.realtor.example.com'

export function fakeZone() {
  const origin = inject('cloudflareOrigin')
  const zone = `zone-${crypto.randomUUID().slice(0, 8)}`
  const control = async (action: string, body: unknown = {}) => {
    const response = await fetch(`${origin}/__zones/${zone}/${action}`, { method: 'POST', body: JSON.stringify(body) })
    return response.json() as Promise<Record<string, unknown>>
  }
  return {
    zone,
    apiBase: `${origin}/client/v4`,
    /** The worker's bindings with Cloudflare for SaaS configured against this zone of the fake. */
    env: {
      ...env,
      CF_API_TOKEN: FAKE_TOKEN,
      CF_ZONE_ID: zone,
      SAAS_CNAME_TARGET: CNAME_TARGET,
      CF_API_BASE: `${origin}/client/v4`,
      UPSTREAM_TIMEOUT_MS: '400',
    },
    /** The next `times` calls misbehave. */
    mode: (mode: FakeMode | null, times = 1) => control('mode', { mode, times }),
    /** Moves a hostname to a provider state (status, ssl status, verification errors). */
    state: (hostname: string, state: { status?: string; ssl?: string; verification_errors?: string[] }) =>
      control('state', { hostname, ...state }),
    /** Deletes a hostname behind our back. */
    forget: (hostname: string) => control('forget', { hostname }),
    inspect: async () =>
      (await control('inspect')) as {
        hostnames: { id: string; hostname: string; status: string }[]
        calls: { method: string; path: string; authorized: boolean }[]
      },
  }
}
