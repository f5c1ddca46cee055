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
  const path = (url: string) => resolveSite(new URL(url), new URL(url).host, providers).routePath

  it.each([
    // The provider's pages under /@provider, without the locale.
    ['http://localhost/', '/@provider'],
    ['http://localhost/en/terms', '/@provider/terms'],
    ['http://localhost/terms/', '/@provider/terms'],
    ['http://localhost/?desiredUrl=janekim', '/@provider'],
    // A realtor's pages under /@site, by path or on their own domain.
    ['http://localhost/janekim', '/@site'],
    ['http://localhost/en/janekim/terms/', '/@site/terms'],
    ['https://janekim.example/', '/@site'],
    ['https://janekim.example/en/terms', '/@site/terms'],
    // The builder's screens under /@builder on every site.
    ['http://localhost/admin', '/@builder/admin'],
    ['http://localhost/en/janekim/admin/inbox/3', '/@builder/admin/inbox/3'],
    ['https://janekim.example/en/admin', '/@builder/admin'],
    ['http://localhost/login', '/@builder/login'],
    // APIs at their real path on every host.
    ['https://janekim.example/v1/realtor-contacts', '/v1/realtor-contacts'],
    ['http://localhost/v1/realtor/1/', '/v1/realtor/1'],
    // No real path reaches another prefix: every page path gets one.
    ['http://localhost/@builder/admin', '/@site/@builder/admin'],
    ['https://janekim.example/@provider', '/@site/@provider'],
  ])('%s → %s', (url, expected) => {
    expect(path(url)).toBe(expected)
  })
})
