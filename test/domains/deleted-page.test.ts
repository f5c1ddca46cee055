// One rule for the address the builder names (src/lib/urls.ts providerHomeUrls): the deleted-homepage page
// names the provider address, as the editor does; on the homepage's own domain /admin leads there.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api } from '../api/client'
import { seedActiveDomain } from '../fixtures/domains'
import { call } from '../helpers'
import { newHomepage } from './helpers'

describe('the deleted-homepage page', () => {
  it('names the provider address, and the own domain sends its /admin there', async () => {
    const owner = await newHomepage('goneagent')
    await seedActiveDomain(env.DB, owner.id, 'gone-homes.com')
    const removed = await api(`/v1/realtor/${owner.id}`, {
      method: 'DELETE',
      token: owner.token,
      json: { address: 'goneagent' },
    })
    expect(removed.status).toBe(200)
    // On the own domain the builder is not served: /admin leads to the provider's (decision 087).
    const onDomain = await call('/admin', { host: 'gone-homes.com' })
    expect(onDomain.status).toBe(302)
    expect(onDomain.headers.get('location')).toBe('http://127.0.0.1:8787/goneagent/admin')
    const response = await call('/goneagent/admin', { headers: { cookie: `session=${owner.token}` } })
    expect(response.status).toBe(200)
    const lead = /<p class="deleted-state__lead">([^<]*)<\/p>/.exec(await response.text())?.[1]
    expect(lead).toMatch(/^http:\/\/127\.0\.0\.1:8787\/goneagent 홈페이지는 /)
    expect(lead).not.toContain('gone-homes.com')
  })
})
