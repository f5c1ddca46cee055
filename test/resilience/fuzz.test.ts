// Property tests with fast-check: random hosts, paths, Accept-Language headers and cookies never make
// the worker answer 5xx, and the pure resolvers always return one of their documented shapes.
// `npm run fuzz` runs 10,000 cases per property; `npm test` runs FUZZ_RUNS (150).
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detectLocale, LOCALES, parseAcceptLanguage } from '../../src/lib/locale'
import { parseProviderHosts, resolveSite } from '../../src/lib/tenant'
import { call } from '../helpers'

const runs = Number(env.FUZZ_RUNS)
const providers = parseProviderHosts(env.PROVIDER_HOSTS)

const label = fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/)
const host = fc.oneof(
  fc.constantFrom('127.0.0.1:8787', 'localhost', 'JaneKim.Example.', 'equityrealty.example', '[::1]:80', ''),
  fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')),
  fc.string({ maxLength: 40 }),
)
const segment = fc.oneof(
  fc.constantFrom('en', 'janekim', 'equityrealty', 'admin', 'v1', 'api', '@domain', '%2e%2e', '..', 'probiz', ''),
  fc.stringMatching(/^[A-Za-z_-]{1,12}$/),
  fc.string({ maxLength: 16 }).map((value) => encodeURIComponent(value)),
)
const path = fc.array(segment, { maxLength: 5 }).map((segments) => `/${segments.join('/')}`)
const acceptLanguage = fc.oneof(
  fc.constantFrom('en', 'ko-KR,ko;q=0.9,en;q=0.8', 'en;q=0', '*', 'ja;q=0.5, en;q=0.4', ';;;', 'x'.repeat(500)),
  fc.string({ maxLength: 60 }),
)

describe('tenant resolution (pure)', () => {
  it('always returns a known kind, and routes API paths unchanged on every host', () => {
    fc.assert(
      fc.property(host, path, (hostHeader, pathname) => {
        const url = new URL(`http://127.0.0.1:8787${pathname}`)
        const { target, routePath: routed } = resolveSite(url, hostHeader, providers)
        expect(['provider', 'path', 'invalid', 'domain', 'bad-host']).toContain(target.kind)
        if (target.kind === 'path') expect(target.desiredUrl).toMatch(/^[A-Za-z_-]+$/)
        expect(routed.startsWith('/')).toBe(true)
      }),
      { numRuns: runs },
    )
  })
})

describe('locale detection (pure)', () => {
  it('always picks a supported locale, and never throws on odd headers', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 10 })), acceptLanguage, (cookie, header) => {
        expect(LOCALES).toContain(detectLocale(cookie ?? undefined, header))
        expect(Array.isArray(parseAcceptLanguage(header))).toBe(true)
      }),
      { numRuns: runs },
    )
  })
})

describe('the worker under random requests', () => {
  it(
    'never answers 5xx, and always sends its security headers',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          host,
          path,
          acceptLanguage,
          fc.option(fc.constantFrom('locale=en', 'locale=ko', 'locale=xx', 'session=forged.token', '=;;')),
          async (hostHeader, pathname, language, cookie) => {
            const headers: Record<string, string> = { 'accept-language': language }
            if (cookie) headers.cookie = cookie
            const response = await call(pathname, { host: hostHeader || '127.0.0.1:8787', headers })
            expect(response.status).toBeLessThan(500)
            expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/)
            await response.arrayBuffer()
          },
        ),
        { numRuns: runs },
      )
      // Each case is a request through the worker: a few ms here, 10,000 of them in `npm run fuzz`.
    },
    10_000 + runs * 10,
  )
})

// Every redirect the product makes stays on the site it was asked on: locale switches, locale
// detection, sign-in `next`, the guarded pages. Paths mix slashes, backslashes and encodings.
const slashy = fc.constantFrom('/', '//', '\\', '/\\', '\\/', '%2F', '%5C', '.', '@')
const trickyPath = fc
  .array(fc.oneof(slashy, segment, fc.constantFrom('evil.example', 'en', 'login', 'admin')), { maxLength: 6 })
  .map((parts) => `/${parts.join('')}`)
const query = fc.oneof(
  fc.constantFrom('', '?locale=ko', '?locale=en', '?locale=xx'),
  trickyPath.map((next) => `?next=${encodeURIComponent(next)}`),
  trickyPath.map((next) => `?locale=en&next=${next}`),
)

describe('redirects (property)', () => {
  it('//evil.example?locale=ko and /en//evil.example?locale=ko stay on this site', async () => {
    for (const path of ['//evil.example?locale=ko', '/en//evil.example?locale=ko', '/\\evil.example?locale=en']) {
      const response = await call(path)
      expect(response.status).toBe(302)
      const location = response.headers.get('location') ?? ''
      expect(new URL(location, 'http://127.0.0.1:8787').origin).toBe('http://127.0.0.1:8787')
    }
  })

  it(
    'every Location the worker sends is a path on the host that was asked',
    async () => {
      await fc.assert(
        fc.asyncProperty(trickyPath, query, fc.constantFrom('ko', 'en', ''), async (path, search, language) => {
          let response: Response
          try {
            response = await call(`${path}${search}`, { headers: { 'accept-language': language } })
          } catch {
            return // a URL fetch itself refuses is never sent
          }
          await response.arrayBuffer()
          expect(response.status).toBeLessThan(500)
          const location = response.headers.get('location')
          if (location === null) return
          expect(new URL(location, 'http://127.0.0.1:8787').origin).toBe('http://127.0.0.1:8787')
          expect(location).not.toMatch(/^[/\\]{2}/)
        }),
        { numRuns: runs },
      )
    },
    10_000 + runs * 10,
  )
})
