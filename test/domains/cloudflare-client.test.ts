// Our Cloudflare for SaaS client (src/lib/domains/cloudflare.ts) against the loopback fake: the documented
// shapes and errors over real HTTP, and the state mapping of every provider status.
import { describe, expect, it } from 'vitest'
import { cloudflareProvider } from '../../src/lib/domains/cloudflare'
import { recordsOf, stateOf } from '../../src/lib/domains/state'
import { ProviderError, type ProviderHostname } from '../../src/lib/domains/types'
import { CNAME_TARGET, FAKE_TOKEN, fakeZone } from './fake'

const fake = fakeZone()
const client = (token = FAKE_TOKEN, timeoutMs = 400) =>
  cloudflareProvider(
    { token, zoneId: fake.zone, cnameTarget: CNAME_TARGET, apiBase: fake.apiBase, timeoutMs },
    (input, init) => fetch(input, init),
  )

async function refusal(call: Promise<unknown>): Promise<ProviderError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

describe('the Cloudflare custom hostnames client', () => {
  it('creates a hostname with TXT validation and reads, finds and deletes it, with the bearer token', async () => {
    const provider = client()
    const created = await provider.create('janekim-client.com')
    expect(created).toMatchObject({ hostname: 'janekim-client.com', status: 'pending', ssl: { method: 'txt' } })
    expect(created.ownership_verification?.name).toBe('_cf-custom-hostname.janekim-client.com')
    expect(await provider.get(created.id)).toMatchObject({ id: created.id })
    expect((await provider.findByHostname('janekim-client.com'))?.id).toBe(created.id)
    expect(await provider.findByHostname('nobody-client.com')).toBeNull()
    await provider.remove(created.id)
    expect(await provider.get(created.id)).toBeNull()
    // Deleting what is already gone is fine.
    await provider.remove(created.id)
    const { calls } = await fake.inspect()
    expect(calls.length).toBeGreaterThanOrEqual(6)
    expect(calls.every((call) => call.authorized)).toBe(true)
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/client/v4/zones/${fake.zone}/custom_hostnames` })
  })

  it('names each documented refusal: duplicate (1406), invalid (1407, 1409), rate limited (429)', async () => {
    const provider = client()
    await provider.create('dup-client.com')
    expect((await refusal(provider.create('dup-client.com'))).kind).toBe('duplicate')
    expect((await refusal(provider.create('bad_name.com'))).kind).toBe('invalid')
    expect((await refusal(provider.create('reserved.example'))).kind).toBe('invalid')
    await fake.mode('rate_limited')
    expect((await refusal(provider.create('later-client.com'))).kind).toBe('rate_limited')
  })

  it('turns 5xx, HTML, broken JSON, a wrong token and a hanging API into unavailable or timeout', async () => {
    const provider = client()
    for (const mode of ['error500', 'error503', 'html', 'invalid_json'] as const) {
      await fake.mode(mode)
      expect((await refusal(provider.create(`${mode.replace('_', '-')}-client.com`))).kind, mode).toBe('unavailable')
    }
    expect((await refusal(client('wrong-token').create('token-client.com'))).kind).toBe('unavailable')
    await fake.mode('hang')
    const started = Date.now()
    expect((await refusal(client(FAKE_TOKEN, 300).get('any-id'))).kind).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

const hostname = (status: string, ssl: string, extra: Partial<ProviderHostname> = {}): ProviderHostname => ({
  id: 'id',
  hostname: 'janekim.com',
  status,
  ssl: { status: ssl },
  ...extra,
})

describe('provider states in our terms', () => {
  it.each([
    ['pending', 'initializing', 'pending', ['dns_missing']],
    ['pending', 'pending_validation', 'pending', ['dns_missing']],
    ['active', 'pending_validation', 'verifying', ['certificate_pending']],
    ['pending', 'pending_issuance', 'verifying', []],
    ['active', 'pending_deployment', 'verifying', []],
    ['active', 'active', 'active', []],
    ['active_redeploying', 'active', 'active', []],
    ['moved', 'active', 'failed', ['moved']],
    ['blocked', 'pending_validation', 'failed', ['blocked']],
    ['pending_blocked', 'initializing', 'failed', ['blocked']],
    ['deleted', 'deleted', 'failed', ['deleted']],
    ['pending', 'validation_timed_out', 'failed', ['timed_out']],
    ['active', 'expired', 'failed', ['timed_out']],
  ])('%s with SSL %s is %s', (status, ssl, ours, problems) => {
    expect(stateOf(hostname(status, ssl))).toEqual({ status: ours, sslStatus: ssl, problems })
  })

  it('says the CNAME is wrong when the provider says so', () => {
    const state = stateOf(
      hostname('pending', 'pending_validation', {
        verification_errors: ['custom hostname does not CNAME to this zone.'],
      }),
    )
    expect(state.problems).toEqual(['cname_wrong'])
  })

  it('lists the CNAME, the ownership TXT and the certificate TXT once each', () => {
    const records = recordsOf(
      hostname('pending', 'pending_validation', {
        ownership_verification: { type: 'txt', name: '_cf-custom-hostname.janekim.com', value: 'owner' },
        ssl: {
          status: 'pending_validation',
          txt_name: '_acme-challenge.janekim.com',
          txt_value: 'cert',
          validation_records: [{ txt_name: '_acme-challenge.janekim.com', txt_value: 'cert' }],
        },
      }),
      CNAME_TARGET,
    )
    expect(records).toEqual([
      { type: 'CNAME', name: 'janekim.com', value: CNAME_TARGET, purpose: 'traffic' },
      { type: 'TXT', name: '_cf-custom-hostname.janekim.com', value: 'owner', purpose: 'ownership' },
      { type: 'TXT', name: '_acme-challenge.janekim.com', value: 'cert', purpose: 'certificate' },
    ])
  })
})
