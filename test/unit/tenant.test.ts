import { describe, expect, it } from 'vitest'
import { normalizeHost, parseProviderHosts, resolveSite, resolveTenant } from '../../src/lib/tenant'

const providers = parseProviderHosts('localhost,127.0.0.1,realtor.example.com')
const resolve = (url: string, host = new URL(url).host) => resolveTenant(new URL(url), host, providers)

describe('resolveTenant', () => {
  it.each([
    ['http://localhost/', { kind: 'provider' }],
    ['http://localhost/en', { kind: 'provider' }],
    ['http://localhost/terms/privacy', { kind: 'provider' }],
    ['http://localhost/en/admin', { kind: 'provider' }],
    ['http://localhost/v1/realtor/1', { kind: 'provider' }],
    ['http://localhost/favicon.ico', { kind: 'provider' }],
    ['http://localhost/janekim', { kind: 'path', desiredUrl: 'janekim', fromQuery: false }],
    ['http://localhost/en/jane_kim-ca/terms', { kind: 'path', desiredUrl: 'jane_kim-ca', fromQuery: false }],
    ['http://localhost/?desiredUrl=janekim', { kind: 'path', desiredUrl: 'janekim', fromQuery: true }],
    ['http://localhost/en?desiredUrl=janekim', { kind: 'path', desiredUrl: 'janekim', fromQuery: true }],
    ['http://localhost/?desiredUrl=jane1', { kind: 'invalid', segment: 'jane1' }],
    ['http://localhost/?desiredUrl=admin', { kind: 'invalid', segment: 'admin' }],
    ['http://localhost/abc1', { kind: 'invalid', segment: 'abc1' }],
    ['http://localhost/jane.kim/admin', { kind: 'invalid', segment: 'jane.kim' }],
    ['http://localhost/%E0%A4%A', { kind: 'invalid', segment: '%E0%A4%A' }],
    ['https://realtor.example.com/janekim', { kind: 'path', desiredUrl: 'janekim', fromQuery: false }],
  ])('%s → %o', (url, expected) => {
    expect(resolve(url)).toEqual(expected)
  })

  it('treats any other host as a custom domain resolved by its origin', () => {
    expect(resolve('https://janekim.example/en/terms')).toEqual({
      kind: 'domain',
      host: 'janekim.example',
      origin: 'https://janekim.example',
    })
  })

  it('normalizes odd Host headers: case, trailing dot, port', () => {
    expect(resolveTenant(new URL('http://x/janekim'), 'LOCALHOST:8787', providers)).toMatchObject({ kind: 'path' })
    expect(resolveTenant(new URL('http://x/janekim'), 'realtor.example.com.', providers)).toMatchObject({
      kind: 'path',
    })
    expect(resolveTenant(new URL('https://x/'), 'JaneKim.Example.:443', providers)).toMatchObject({
      kind: 'domain',
      host: 'janekim.example',
    })
  })

  it('refuses Host headers that are no hostname', () => {
    for (const host of ['', ' ', 'bad host', 'a..b', '-x.com', 'x.com/evil', 'x'.repeat(300)]) {
      expect(resolveTenant(new URL('http://x/'), host, providers)).toEqual({ kind: 'bad-host' })
    }
    expect(resolveTenant(new URL('http://x/'), null, providers)).toEqual({ kind: 'bad-host' })
  })
})

describe('normalizeHost', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['example.com:8443', 'example.com'],
    ['[::1]:8787', '[::1]'],
    ['exa_mple.com', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected)
  })
})

describe('resolveSite: the canonical path the router sees', () => {
  const path = (url: string, host: string) => resolveSite(new URL(url), host, providers).routePath

  it("routes the provider's pages under /@provider, without the locale", () => {
    expect(path('http://localhost/', 'localhost')).toBe('/@provider')
    expect(path('http://localhost/en/terms', 'localhost')).toBe('/@provider/terms')
    expect(path('http://localhost/terms/', 'localhost')).toBe('/@provider/terms')
    expect(path('http://localhost/?desiredUrl=janekim', 'localhost')).toBe('/@provider')
  })

  it("routes a realtor's pages under /@site, by path or on their own domain", () => {
    expect(path('http://localhost/janekim', 'localhost')).toBe('/@site')
    expect(path('http://localhost/en/janekim/terms/', 'localhost')).toBe('/@site/terms')
    expect(path('https://janekim.example/', 'janekim.example')).toBe('/@site')
    expect(path('https://janekim.example/en/terms', 'janekim.example')).toBe('/@site/terms')
  })

  it("routes the builder's screens under /@builder on every site", () => {
    expect(path('http://localhost/admin', 'localhost')).toBe('/@builder/admin')
    expect(path('http://localhost/en/janekim/admin/inbox/3', 'localhost')).toBe('/@builder/admin/inbox/3')
    expect(path('https://janekim.example/en/admin', 'janekim.example')).toBe('/@builder/admin')
    expect(path('http://localhost/login', 'localhost')).toBe('/@builder/login')
  })

  it('routes APIs at their real path on every host', () => {
    expect(path('https://janekim.example/v1/realtor-contacts', 'janekim.example')).toBe('/v1/realtor-contacts')
    expect(path('http://localhost/v1/realtor/1/', 'localhost')).toBe('/v1/realtor/1')
  })

  it('never lets a real path reach another prefix: every page path gets one', () => {
    expect(path('http://localhost/@builder/admin', 'localhost')).toBe('/@site/@builder/admin')
    expect(path('https://janekim.example/@provider', 'janekim.example')).toBe('/@site/@provider')
  })
})
