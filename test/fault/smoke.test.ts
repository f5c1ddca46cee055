import { describe, expect, inject, it } from 'vitest'

describe('fault upstreams', () => {
  it('are reachable from workerd', async () => {
    const origins = inject('faultOrigins')
    const response = await fetch(`${origins.error502}/x`)
    expect(response.status).toBe(502)
    await expect(fetch(`${origins.reset}/x`)).rejects.toThrow()
  })
})
