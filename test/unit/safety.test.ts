import { describe, expect, it } from 'vitest'
import { configProblems } from '../../src/lib/config'
import { isHttpUrl, parseHttpUrl, safeHexColor, safeJson } from '../../src/lib/html'
import { signSession, verifySession } from '../../src/lib/session'
import { SESSION_CLAIMS } from '../fixtures/forms'

describe('safeJson', () => {
  it('cannot close a script element or break out with line separators', () => {
    const json = safeJson({ name: '</script><script>alert(1)</script>', s: '\u2028\u2029&' })
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', s: '\u2028\u2029&' })
  })

  // Frozen parts (the data cache's values) are serialised once and composed (decision 058): the text
  // must stay exactly JSON.stringify's, escaped.
  const escaped = (value: unknown) =>
    (JSON.stringify(value) ?? 'null').replace(
      /[<>&\u2028\u2029]/g,
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
  const deepFreeze = <V>(value: V): V => {
    if (value && typeof value === 'object') {
      Object.freeze(value)
      for (const child of Object.values(value)) deepFreeze(child)
    }
    return value
  }

  it('writes what JSON.stringify writes, with frozen parts composed in', () => {
    const homes = deepFreeze([{ id: 1, address: '<b>1 Main & Co</b>', price: 1.5, gone: undefined, tags: ['a', null] }])
    const values: unknown[] = [
      { idPrefix: 'agent', tabs: [{ type: 'sale', homes, total: 1 }], skip: undefined, fn: () => 1 },
      [undefined, () => 1, Symbol('s'), new Date(Date.UTC(2026, 0, 2)), homes],
      { nested: { deeper: [1, 'two', { three: true }] }, '<key>': '\u2028' },
      homes,
      'text</script>',
      42,
      null,
      undefined,
    ]
    for (const value of values) expect(safeJson(value)).toBe(escaped(value))
  })

  it("reuses a frozen value's text and never a changed value's", () => {
    const frozen = deepFreeze({ homes: [{ id: 1 }] })
    expect(safeJson({ a: frozen })).toBe(safeJson({ a: frozen }))
    const open = { homes: [{ id: 1 }] }
    safeJson(open)
    open.homes[0]!.id = 2
    expect(JSON.parse(safeJson(open))).toEqual({ homes: [{ id: 2 }] })
  })
})

describe('tenant URL and colour guards', () => {
  it('accepts only http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true)
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//example.com', 'ftp://x', '', 42]) {
      expect(isHttpUrl(bad)).toBe(false)
    }
  })

  it('accepts http(s) URLs with any host a realtor may have, and nothing with whitespace or controls', () => {
    for (const good of ['HTTPS://EXAMPLE.COM/a?b#c', 'http://부동산.kr/매물', 'https://example.com:8443/x']) {
      expect(isHttpUrl(good), good).toBe(true)
    }
    for (const bad of [
      'https://',
      'https:///x',
      'https://a b.com',
      'https://a.com/\u0000',
      'https://a.com/\nx',
      ' https://a.com',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false)
    }
  })

  it('parses only what it accepts, and never throws', () => {
    expect(parseHttpUrl('https://example.com/a')?.origin).toBe('https://example.com')
    // Accepted by the pattern, refused by the URL parser: no exception reaches a render.
    for (const odd of ['https://x:99999', 'https://exa%mple.com', 'javascript:alert(1)', null]) {
      expect(parseHttpUrl(odd), String(odd)).toBeNull()
    }
  })

  it('accepts only #rrggbb colours', () => {
    expect(safeHexColor('#1F4e79', '#000000')).toBe('#1F4e79')
    expect(safeHexColor('red;background:url(x)', '#000000')).toBe('#000000')
    expect(safeHexColor('#fff', '#000000')).toBe('#000000')
  })
})

describe('session tokens', () => {
  const user = SESSION_CLAIMS

  it('round-trips a signed user', async () => {
    const token = await signSession(user, 'secret-a')
    expect(await verifySession(token, 'secret-a')).toEqual(user)
  })

  it('refuses forged, tampered and expired tokens', async () => {
    const token = await signSession(user, 'secret-a')
    expect(await verifySession(token, 'secret-b')).toBeNull()
    const [body, sig] = token.split('.')
    const forged = btoa(JSON.stringify({ ...user, role: 'admin', exp: 9e9 })).replace(/=+$/, '')
    expect(await verifySession(`${forged}.${sig}`, 'secret-a')).toBeNull()
    expect(await verifySession(`${body}.${sig}x`, 'secret-a')).toBeNull()
    expect(await verifySession(token, 'secret-a', Date.now() + 8 * 24 * 3600 * 1000)).toBeNull()
    expect(await verifySession('garbage', 'secret-a')).toBeNull()
  })
})

describe('configuration', () => {
  it('names each bad variable', () => {
    const local = { ENVIRONMENT: 'local' }
    expect(configProblems({ ...local, PROVIDER_HOSTS: 'localhost', PUBLIC_ORIGIN: 'http://127.0.0.1:8787' })).toEqual(
      [],
    )
    expect(configProblems({ ...local, PROVIDER_HOSTS: '', PUBLIC_ORIGIN: 'nope', SLACK_WEBHOOK_URL: 'x' })).toEqual([
      'PROVIDER_HOSTS must list at least one host',
      'PUBLIC_ORIGIN must be an absolute http(s) URL',
      'SLACK_WEBHOOK_URL must be an absolute http(s) URL',
    ])
  })

  it('checks the views’ Analytics Engine names, and takes the local fake’s write in local mode only', () => {
    const base = { PROVIDER_HOSTS: 'localhost', PUBLIC_ORIGIN: 'http://127.0.0.1:8787' }
    const account = '0123456789abcdef0123456789abcdef'
    expect(
      configProblems({
        ...base,
        ENVIRONMENT: 'local',
        VIEWS_DATASET: 'realtor_views',
        CF_ACCOUNT_ID: account,
        ANALYTICS_API_TOKEN: 'token',
        LOCAL_VIEWS_WRITE_URL: 'http://127.0.0.1:9000/__write',
      }),
    ).toEqual([])
    expect(
      configProblems({
        ...base,
        ENVIRONMENT: 'local',
        VIEWS_DATASET: "views' OR 1=1",
        CF_ACCOUNT_ID: 'my-account',
        LOCAL_VIEWS_WRITE_URL: 'nope',
      }),
    ).toEqual([
      'VIEWS_DATASET must be a dataset name: letters, digits and underscores',
      'CF_ACCOUNT_ID must be a Cloudflare account id (32 hex digits)',
      'LOCAL_VIEWS_WRITE_URL must be an absolute http(s) URL',
    ])
    expect(configProblems({ ...base, ENVIRONMENT: 'local', ANALYTICS_API_TOKEN: 'token' })).toEqual([
      'CF_ACCOUNT_ID must be set with ANALYTICS_API_TOKEN (the account whose SQL API it reads)',
    ])
    const strong = 'k3v9-a-random-secret-of-forty-characters-x'
    expect(
      configProblems({
        ...base,
        ENVIRONMENT: 'production',
        SESSION_SECRET: strong,
        LOCAL_VIEWS_WRITE_URL: 'http://127.0.0.1:9000/__write',
      }),
    ).toEqual(['LOCAL_VIEWS_WRITE_URL is for local runs only: unset it'])
  })

  it('fails closed outside local mode: no secret, a published development value or the demo password', () => {
    const base = { PROVIDER_HOSTS: 'realtor.example.com', PUBLIC_ORIGIN: 'https://realtor.example.com' }
    const strong = 'k3v9-a-random-secret-of-forty-characters-x'
    // Only ENVIRONMENT=local is local mode: unset, development and production all need the secret.
    for (const ENVIRONMENT of [undefined, 'development', 'production', 'Local'])
      expect(configProblems({ ...base, ENVIRONMENT }), String(ENVIRONMENT)).toEqual([
        'SESSION_SECRET must be set outside local mode (npx wrangler secret put SESSION_SECRET)',
      ])
    for (const published of [
      'local-development-session-secret-not-for-production',
      'test-session-secret-which-is-long-enough',
      'a-long-random-string',
    ])
      expect(configProblems({ ...base, ENVIRONMENT: 'production', SESSION_SECRET: published })).toEqual([
        'SESSION_SECRET is a public development value: set a random one',
      ])
    expect(configProblems({ ...base, ENVIRONMENT: 'production', SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET must be at least 32 characters long',
    ])
    expect(
      configProblems({
        ...base,
        ENVIRONMENT: 'production',
        SESSION_SECRET: strong,
        ADMIN_PASSWORD: 'realtor-admin-2026',
      }),
    ).toEqual(['ADMIN_PASSWORD is the public demo password: set your own'])
    expect(
      configProblems({ ...base, ENVIRONMENT: 'production', SESSION_SECRET: strong, ADMIN_PASSWORD: 'mine' }),
    ).toEqual([])
    // Locally the development values are the point.
    expect(
      configProblems({
        ...base,
        ENVIRONMENT: 'local',
        SESSION_SECRET: 'local-development-session-secret-not-for-production',
      }),
    ).toEqual([])
  })
})
