// Tenant isolation under concurrency, with the page cache on: interleaved requests for two realtors,
// by path and by custom domain, never carry the other realtor's page.
import { describe, expect, it } from 'vitest'
import { pageCache } from '../../src/lib/page-cache'
import { call, heading } from '../helpers'

const TENANTS = [
  { name: 'Jane Kim', other: 'Equity Realty', path: '/en/janekim', host: 'janekim.example' },
  { name: 'Equity Realty', other: 'Jane Kim', path: '/en/equityrealty', host: 'equityrealty.example' },
]

describe('tenant isolation', () => {
  it('1,000 interleaved requests for two tenants each get their own page', async () => {
    pageCache.clear()
    const requests = Array.from({ length: 1000 }, (_, index) => {
      const tenant = TENANTS[index % 2]!
      const byDomain = index % 4 >= 2
      const response = byDomain ? call('/en', { host: tenant.host }) : call(tenant.path)
      return response.then(async (r) => ({ tenant, status: r.status, html: await r.text() }))
    })
    // All in flight at once: the first ones render, later ones hit the cache as it fills.
    const results = await Promise.all(requests)
    for (const { tenant, status, html } of results) {
      expect(status).toBe(200)
      expect(heading(html)).toContain(tenant.name)
      expect(html).not.toContain(tenant.other)
    }
    expect(pageCache.size).toBeGreaterThanOrEqual(4)
    // The tenant home loads its listings (five D1 reads) per render and concurrent misses all render:
    // about 4 s alone, more on a busy machine. This test is about isolation, not speed.
  }, 30_000)
})

describe('reserved words', () => {
  it('are never tenants, on any route', async () => {
    for (const path of ['/api', '/terms/nope', '/en/admin/x']) {
      const response = await call(path)
      expect(response.status).toBe(404)
    }
  })
})
