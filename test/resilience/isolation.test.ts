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
    const request = async (index: number) => {
      const tenant = TENANTS[index % 2]!
      const byDomain = index % 4 >= 2
      const response = await (byDomain ? call('/en', { host: tenant.host }) : call(tenant.path))
      return { tenant, status: response.status, html: await response.text() }
    }
    // Waves of 50 concurrent requests: the first wave renders, later ones mostly hit the cache.
    const results = []
    for (let start = 0; start < 1000; start += 50) {
      results.push(...(await Promise.all(Array.from({ length: 50 }, (_, offset) => request(start + offset)))))
    }
    for (const { tenant, status, html } of results) {
      expect(status).toBe(200)
      expect(heading(html)).toContain(tenant.name)
      expect(html).not.toContain(tenant.other)
    }
    expect(pageCache.size).toBeGreaterThanOrEqual(4)
  }, 60_000)
})

describe('reserved words', () => {
  it('are never tenants, on any route', async () => {
    for (const path of ['/api', '/terms/nope', '/en/admin/x']) {
      const response = await call(path)
      expect(response.status).toBe(404)
    }
  })
})
