// What a realtor may type as a domain (src/lib/domains/hostname.ts): normalized, and never a provider host.
import { describe, expect, it } from 'vitest'
import { isProviderOwned, normalizeDomainInput, providerOwnedHosts } from '../../src/lib/domains/hostname'

describe('normalizeDomainInput', () => {
  it.each([
    ['janekim.com', 'janekim.com'],
    ['  JaneKim.COM  ', 'janekim.com'],
    ['https://janekim.com/about?x=1#top', 'janekim.com'],
    ['http://janekim.com:8080', 'janekim.com'],
    ['janekim.com.', 'janekim.com'],
    ['www.janekim.com', 'www.janekim.com'],
    ['김제인.com', 'xn--4k0b719bboa.com'],
  ])('%s → %s', (typed, hostname) => {
    expect(normalizeDomainInput(typed)).toBe(hostname)
  })

  it.each([
    '',
    'janekim',
    'localhost',
    '127.0.0.1',
    '[::1]',
    'http://[2001:db8::1]/',
    'jane kim.com',
    'jane_kim.com',
    '-jane.com',
    'user:pass@janekim.com',
    'ftp://',
    'a'.repeat(300),
  ])('refuses %s', (typed) => {
    expect(normalizeDomainInput(typed)).toBeNull()
  })
})

describe('provider hosts', () => {
  const owned = providerOwnedHosts(
    {
      PROVIDER_HOSTS: 'localhost,127.0.0.1,realtor.dev.example.com,realtor.example.com',
      PUBLIC_ORIGIN: 'https://www.realtor-home.example:443',
      DEV_HOST: 'realtor.dev.example.com',
      PROD_HOST: 'realtor.example.com',
      SAAS_CNAME_TARGET: 'Customers.Realtor-SaaS.net',
    },
    'customers.realtor-saas.net',
  )

  it('are the provider hosts, the public origin, the CNAME target, and everything under them', () => {
    for (const host of [
      'realtor.example.com',
      'jane.realtor.example.com',
      'www.realtor-home.example',
      'a.www.realtor-home.example',
      'customers.realtor-saas.net',
      'x.customers.realtor-saas.net',
    ])
      expect(isProviderOwned(host, owned), host).toBe(true)
  })

  it('leave look-alikes alone', () => {
    for (const host of ['notrealtor.example.com', 'realtor.example.com.evil.com', 'realtor-saas.net', 'janekim.com'])
      expect(isProviderOwned(host, owned), host).toBe(false)
  })
})
