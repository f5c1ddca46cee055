import { describe, expect, it } from 'vitest'
import { adminCredentials, LOCAL_ADMIN, sessionSecret } from '../../src/lib/accounts/config'
import { hashPassword, verifyPassword } from '../../src/lib/accounts/password'
import { configProblems } from '../../src/lib/config'
import { findHostileKey } from '../../src/lib/json'
import { isPublicRealtorRead, isRealtorApiCall } from '../../src/lib/realtors/contract'
import { displayName, homepageHostOf } from '../../src/lib/realtors/d1-store'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import { sniffImageType } from '../../src/lib/uploads'
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../fixtures/realtors'

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse', 1000)
    const b = await hashPassword('correct horse', 1000)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse', a)).toBe(true)
    expect(await verifyPassword('wrong horse', a)).toBe(false)
  })

  it('verifies the seed hash made by Node and refuses malformed hashes', async () => {
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true)
    for (const bad of ['', 'plain', 'md5$1$a$b', 'pbkdf2-sha256$999999999$AA$AA', `${DEMO_PASSWORD_HASH}$x`])
      expect(await verifyPassword(DEMO_PASSWORD, bad), bad).toBe(false)
  })
})

describe('account configuration', () => {
  it('has local defaults only when ENVIRONMENT is local', () => {
    expect(adminCredentials({ ENVIRONMENT: 'local' })).toEqual(LOCAL_ADMIN)
    expect(adminCredentials({ ENVIRONMENT: 'production' })).toBeNull()
    expect(adminCredentials({ ENVIRONMENT: 'production', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'p' })).toEqual({
      email: 'a@b.co',
      password: 'p',
    })
    expect(sessionSecret({ ENVIRONMENT: 'production' })).toBeNull()
    expect(sessionSecret({ ENVIRONMENT: 'local' })).toMatch(/local/)
    expect(sessionSecret({ ENVIRONMENT: 'local', SESSION_SECRET: 's' })).toBe('s')
  })
})

describe('hostile JSON keys', () => {
  it('finds __proto__, constructor and prototype at any depth', () => {
    expect(findHostileKey(JSON.parse('{"a":1,"__proto__":{"x":1}}'))).toBe('__proto__')
    expect(findHostileKey({ list: [{ ok: 1 }, { constructor: 1 }] })).toBe('list.1.constructor')
    expect(findHostileKey({ a: { b: { prototype: null } } })).toBe('a.b.prototype')
    expect(findHostileKey({ a: [1, 'x', null], proto: 1 })).toBeNull()
  })
})

describe('image sniffing', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values)
  const text = (value: string) => new TextEncoder().encode(value)
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(sniffImageType(text('GIF89a...'))).toBe('image/gif')
    expect(sniffImageType(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(text('<html><script>'))).toBeNull()
    expect(sniffImageType(bytes())).toBeNull()
  })
})

describe('the realtor API contract', () => {
  it('lists exactly the §7 calls for upstream mode', () => {
    const yes: [string, string][] = [
      ['GET', '/v1/realtor/12'],
      ['GET', '/v1/realtor/https%3A%2F%2Fjanekim.example'],
      ['HEAD', '/v1/realtor/janekim'],
      ['POST', '/v1/realtor'],
      ['PATCH', '/v1/realtor/12'],
      ['DELETE', '/v1/realtor/12'],
      ['GET', '/v1/realtor/export/12'],
      ['POST', '/v1/realtor/import/12'],
      ['POST', '/v1/realtor/presigned-multi-file-upload'],
    ]
    const no: [string, string][] = [
      ['PUT', '/v1/realtor/12'],
      ['PATCH', '/v1/realtor/janekim'],
      ['GET', '/v1/realtor/a/b'],
      ['GET', '/v1/auth/me'],
      ['POST', '/v1/realtor-contacts'],
      ['GET', '/v1/realtors'],
    ]
    for (const [method, path] of yes) expect(isRealtorApiCall(method, path), `${method} ${path}`).toBe(true)
    for (const [method, path] of no) expect(isRealtorApiCall(method, path), `${method} ${path}`).toBe(false)
  })

  it('treats realtor reads and photos as public, exports not', () => {
    expect(isPublicRealtorRead('/v1/realtor/janekim')).toBe(true)
    expect(isPublicRealtorRead('/photos/seed/janekim/logo.png')).toBe(true)
    expect(isPublicRealtorRead('/v1/realtor/export/2')).toBe(false)
    expect(isPublicRealtorRead('/v1/auth/me')).toBe(false)
  })
})

describe('realtor lookup keys', () => {
  it('matches a custom domain by its exact host, in any case (www. is a host of its own: decision 053)', () => {
    expect(homepageHostOf('https://www.JaneKim.example/about')).toBe('www.janekim.example')
    expect(homepageHostOf('https://JaneKim.example/about')).toBe('janekim.example')
    expect(homepageHostOf('http://janekim.example:8080')).toBe('janekim.example')
    expect(homepageHostOf('janekim')).toBeNull()
    expect(homepageHostOf('')).toBeNull()
  })

  it('names a realtor by its account, else the English SEO author, else the desiredUrl', () => {
    const profile = { ...REALTOR_DEFAULTS, desiredUrl: 'janekim' }
    expect(displayName('Jane Kim', profile)).toBe('Jane Kim')
    expect(
      displayName(null, {
        ...profile,
        seoMeta: { ...profile.seoMeta, en: { ...profile.seoMeta.en, author: 'J. Kim' } },
      }),
    ).toBe('J. Kim')
    expect(displayName('  ', profile)).toBe('janekim')
  })
})

describe('API_ALLOWED_ORIGINS configuration', () => {
  const base = { PROVIDER_HOSTS: 'localhost', PUBLIC_ORIGIN: 'http://127.0.0.1:8787' }
  it('accepts an empty list and comma-separated origins, and names the variable otherwise', () => {
    expect(configProblems({ ...base, API_ALLOWED_ORIGINS: '' })).toEqual([])
    expect(configProblems({ ...base, API_ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000/' })).toEqual([])
    for (const bad of ['a.example', 'https://a.example/admin', 'ftp://a.example'])
      expect(configProblems({ ...base, API_ALLOWED_ORIGINS: bad }), bad).toEqual([
        'API_ALLOWED_ORIGINS must list origins like https://admin.example.com, comma separated',
      ])
  })
})
