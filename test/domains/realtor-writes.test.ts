// Realtor writes no longer set the homepage's own address (docs/decisions/053-custom-domains.md): POST and
// PATCH /v1/realtor accept `hompageUrl` but keep the stored, verified value (imports: test/api/transfer.test.ts).
import { describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { api } from '../api/client'
import { adminToken } from './helpers'

describe('realtor writes and the homepage address', () => {
  it('never takes the homepage address from the input: only a verified custom domain sets it', async () => {
    const created = await api('/v1/realtor', {
      method: 'POST',
      token: await adminToken(),
      json: { desiredUrl: 'copycat', hompageUrl: 'https://www.janekim.example/' },
    })
    expect(created.status).toBe(201)
    const copycat = (await created.json()) as Realtor
    expect(copycat.hompageUrl).toBe('')
    // Whatever a write says, the stored (verified) value stays: Jane keeps hers, the copycat gets none.
    const patched = await api(`/v1/realtor/${copycat.id}`, {
      method: 'PATCH',
      token: await adminToken(),
      json: { hompageUrl: 'https://janekim.example' },
    })
    expect(((await patched.json()) as Realtor).hompageUrl).toBe('')
    const jane = await api('/v1/realtor/2', { method: 'PATCH', token: await adminToken(), json: { hompageUrl: '' } })
    expect(((await jane.json()) as Realtor).hompageUrl).toBe('https://janekim.example')
    const byDomain = await api(`/v1/realtor/${encodeURIComponent('https://janekim.example')}`)
    expect(((await byDomain.json()) as Realtor).id).toBe(2)
  })
})
