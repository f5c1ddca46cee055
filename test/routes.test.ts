import { describe, expect, it } from 'vitest'
import { failingStore, fixtureRealtor, fixtureStore } from './fixtures/fixture-realtors'
import { appWith, call, expectSecureHeaders, heading, ORIGIN } from './helpers'

const PROVIDER_PAGES: [string, string, string][] = [
  ['/', '고객이 먼저 찾아오는 리얼터 홈페이지', 'A homepage that brings clients to you'],
  ['/agreement', '서비스 이용 동의', 'Service agreement'],
  ['/login', '로그인', 'Sign in'],
  ['/login/redirect', '로그인 중', 'Signing you in'],
  ['/process', '홈페이지 제작 과정', 'How your homepage is made'],
  ['/terms', '이용약관', 'Terms of Service'],
  ['/terms/privacy', '개인정보처리방침', 'Privacy Policy'],
]

const TENANT_PAGES: [string, string, string][] = [
  ['', 'Jane Kim', 'Jane Kim'],
  ['/agreement', '서비스 이용 동의', 'Service agreement'],
  ['/gsap_sample', '애니메이션 샘플', 'Animation sample'],
  ['/login', '로그인', 'Sign in'],
  ['/login/redirect', '로그인 중', 'Signing you in'],
  ['/pinia_sample', '상태 샘플', 'State sample'],
  ['/process', '홈페이지 제작 과정', 'How your homepage is made'],
  ['/terms', '이용약관', 'Terms of Service'],
]

async function page(path: string, init?: Parameters<typeof call>[1]) {
  const response = await call(path, init)
  return { response, html: await response.text() }
}

describe('every route of docs/product.md §2 in both locales', () => {
  for (const [path, ko, en] of PROVIDER_PAGES) {
    it(`serves ${path} in Korean and /en${path === '/' ? '' : path} in English`, async () => {
      const korean = await page(path)
      expect(korean.response.status).toBe(200)
      expect(korean.html).toContain('<html lang="ko">')
      expect(heading(korean.html)).toBe(ko)
      const english = await page(`/en${path === '/' ? '' : path}`)
      expect(english.response.status).toBe(200)
      expect(english.html).toContain('<html lang="en">')
      expect(heading(english.html)).toBe(en)
    })
  }

  for (const [path, ko, en] of TENANT_PAGES) {
    it(`serves the tenant page /janekim${path} in both locales`, async () => {
      const korean = await page(`/janekim${path}`)
      expect(korean.response.status).toBe(200)
      expect(heading(korean.html)).toBe(ko)
      const english = await page(`/en/janekim${path}`)
      expect(english.response.status).toBe(200)
      expect(heading(english.html)).toBe(en)
    })
  }

  it('guards the admin pages: signed out goes to the sign-in page of the same site and locale', async () => {
    const expected: [string, string][] = [
      ['/admin', '/login?next=%2Fadmin'],
      ['/en/admin', '/en/login?next=%2Fen%2Fadmin'],
      ['/janekim/admin', '/janekim/login?next=%2Fjanekim%2Fadmin'],
      ['/en/janekim/admin', '/en/janekim/login?next=%2Fen%2Fjanekim%2Fadmin'],
    ]
    for (const [path, location] of expected) {
      const response = await call(path)
      expect(response.status, path).toBe(302)
      const target = new URL(response.headers.get('location') ?? '', 'http://x')
      expect(target.pathname + target.search).toBe(location)
    }
  })

  it('writes the document head: lang, title, description, canonical and hreflang alternates', async () => {
    const { html } = await page('/en/terms')
    expect(html).toMatch(/<title>Terms of Service \| Realtor Home<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/en/terms"/>')
    expect(html).toContain('hrefLang="ko" href="http://127.0.0.1:8787/terms"')
    expect(html).toContain('hrefLang="en" href="http://127.0.0.1:8787/en/terms"')
    expect(html).toContain('hrefLang="x-default" href="http://127.0.0.1:8787/terms"')
  })

  it('builds canonical URLs from configuration, never from the Host header', async () => {
    const { html } = await page('/terms', { host: 'localhost' })
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/terms"/>')
  })
})

describe('locale redirects', () => {
  it('keeps Korean without a prefix by default', async () => {
    expect((await call('/terms')).status).toBe(200)
  })

  it('redirects unprefixed pages to /en when the cookie says en', async () => {
    const response = await call('/terms?x=1', { headers: { cookie: 'locale=en' } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/en/terms?x=1')
    expect(response.headers.get('vary')).toMatch(/Cookie/)
  })

  it('says an unprefixed page depends on the cookie and languages, and a prefixed one does not', async () => {
    for (const path of ['/', '/terms', '/equityrealty']) {
      const response = await call(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('vary'), path).toBe('Cookie, Accept-Language')
    }
    expect((await call('/en/terms')).headers.get('vary')).toBeNull()
  })

  it('redirects by Accept-Language with q-values when there is no cookie', async () => {
    const en = await call('/', { headers: { 'accept-language': 'ko;q=0.5, en-US;q=0.9' } })
    expect(en.status).toBe(302)
    expect(en.headers.get('location')).toBe('/en')
    const ko = await call('/', { headers: { 'accept-language': 'en;q=0.5, ko-KR;q=0.9' } })
    expect(ko.status).toBe(200)
  })

  it('lets the cookie win over Accept-Language', async () => {
    const response = await call('/terms', { headers: { cookie: 'locale=ko', 'accept-language': 'en' } })
    expect(response.status).toBe(200)
  })

  it('keeps /en pages in English whatever the cookie says', async () => {
    const { response, html } = await page('/en/terms', { headers: { cookie: 'locale=ko' } })
    expect(response.status).toBe(200)
    expect(html).toContain('lang="en"')
  })

  it('saves the switcher choice in a 365-day site-wide cookie and redirects to the clean URL', async () => {
    const toEnglish = await call('/terms?locale=en')
    expect(toEnglish.status).toBe(302)
    expect(toEnglish.headers.get('location')).toBe('/en/terms')
    const cookie = toEnglish.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^locale=en;/)
    expect(cookie).toMatch(/Max-Age=31536000/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/)

    const toKorean = await call('/en/terms?locale=ko', { headers: { cookie: 'locale=en' } })
    expect(toKorean.headers.get('location')).toBe('/terms')
    expect(toKorean.headers.get('set-cookie')).toMatch(/^locale=ko;/)
  })

  it('links the switcher to the other locale of the same page', async () => {
    const { html } = await page('/en/terms')
    expect(html).toContain('"href":"/terms?locale=ko"')
    const korean = await page('/janekim/terms')
    expect(korean.html).toContain('"href":"/en/janekim/terms?locale=en"')
  })

  it('never redirects API calls', async () => {
    const response = await call('/v1/nothing', { headers: { cookie: 'locale=en' } })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/json/)
  })
})

describe('tenants', () => {
  it('serves probiz only for equityrealty and redirects any other tenant to /', async () => {
    const equity = await page('/equityrealty/probiz')
    expect(equity.response.status).toBe(200)
    expect(heading(equity.html)).toBe('Equity Realty 비즈니스')
    const other = await call('/janekim/probiz')
    expect(other.status).toBe(302)
    expect(new URL(other.headers.get('location')!, 'http://x').pathname).toBe('/')
    const otherEn = await call('/en/janekim/probiz')
    expect(new URL(otherEn.headers.get('location')!, 'http://x').pathname).toBe('/en')
  })

  it('redirects /?desiredUrl= to the tenant home', async () => {
    const response = await call('/?desiredUrl=janekim')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/janekim')
  })

  it('serves a custom domain at its root with the same pages, keyed by the Host header', async () => {
    const home = await page('/', { host: 'janekim.example' })
    expect(home.response.status).toBe(200)
    expect(heading(home.html)).toBe('Jane Kim')
    const terms = await page('/en/terms', { host: 'JaneKim.Example.' })
    expect(heading(terms.html)).toBe('Terms of Service')
    // The builder lives on the provider's host (docs/decisions/087-sign-in-on-the-provider-host.md).
    const admin = await call('/admin', { host: 'janekim.example' })
    expect(admin.headers.get('location')).toBe(`${ORIGIN}/janekim/admin`)
  })

  it('answers an unknown custom domain and an unknown tenant with 404', async () => {
    expect((await call('/', { host: 'unknown.example' })).status).toBe(404)
    const unknown = await page('/nobody')
    expect(unknown.response.status).toBe(404)
    expect(unknown.html).toContain('Page not found: /nobody')
  })
})

describe('error pages (docs/product.md §8)', () => {
  it('answers a route with no match: 404 "Page not found: {path}"', async () => {
    const { response, html } = await page('/janekim/no/such/page')
    expect(response.status).toBe(404)
    expect(html).toContain('Page not found: /janekim/no/such/page')
    expect(heading(html)).toBe('페이지를 찾을 수 없습니다')
    const en = await page('/en/nothing/here')
    expect(heading(en.html)).toBe('Page Not Found')
  })

  it('answers a route validation failure: 404 "Page Not Found: {path}"', async () => {
    for (const path of ['/abc1', '/jane.kim', '/jane.kim/admin', '/en/abc1/terms', '/?desiredUrl=a1']) {
      const { response, html } = await page(path)
      expect(response.status, path).toBe(404)
      expect(html, path).toContain(`Page Not Found: ${new URL(path, 'http://x').pathname}`)
    }
  })

  it('answers an unhandled error with 500 "Internal Server Error" and no details', async () => {
    const app = appWith({
      realtors: () => failingStore('database exploded: secret details'),
    })
    const response = await call('/janekim', { app })
    const html = await response.text()
    expect(response.status).toBe(500)
    expect(heading(html)).toBe('서버 오류가 발생했습니다')
    expect(html).toContain('Internal Server Error')
    expect(html).not.toContain('secret details')
  })

  it('answers an error thrown while rendering with the 500 page, not a broken 200', async () => {
    const broken = fixtureRealtor({ id: 9, desiredUrl: 'broken', name: 'Broken' })
    // @ts-expect-error: a realtor without activity regions (a required list) makes the page throw
    broken.activityRegion = undefined
    const app = appWith({ realtors: () => fixtureStore([broken]) })
    const response = await call('/broken', { app })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('Internal Server Error')
  })

  it('answers JSON on API paths', async () => {
    const response = await call('/v1/unknown')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Page not found: /v1/unknown' } })
  })
})

/** Sign-in attempts from one address until the AUTH_LIMITER (10 a minute) answers 429. */
async function tooManySignIns(): Promise<Response> {
  const attempt = () =>
    call('/v1/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@realtor.local', password: 'wrong-password' }),
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
    })
  for (let tries = 0; tries < 20; tries++) {
    const response = await attempt()
    if (response.status === 429) return response
  }
  throw new Error('the sign-in rate limit never answered 429')
}

describe('security headers', () => {
  it('are on 200, 302, 400, 404, 429 and 500 responses', async () => {
    const failing = appWith({
      realtors: () => failingStore('boom'),
    })
    const responses = {
      200: await call('/'),
      302: await call('/admin'),
      400: await call('/v1/auth/login', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      404: await call('/abc1'),
      429: await tooManySignIns(),
      500: await call('/janekim', { app: failing }),
    }
    for (const [status, response] of Object.entries(responses)) {
      expect(response.status).toBe(Number(status))
      expectSecureHeaders(response, expect)
    }
  })

  it('sets cookies Secure on https, HttpOnly and SameSite', async () => {
    const locale = await call('https://realtor.example.com/terms?locale=en')
    expect(locale.headers.get('set-cookie')).toMatch(/^locale=en;.*HttpOnly.*Secure.*SameSite=Lax/i)
    const login = await call('https://realtor.example.com/v1/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'janekim@realtor.local', password: 'demo-realtor-2026' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^session=/)
    for (const flag of [/HttpOnly/i, /Secure/i, /SameSite=(Lax|Strict)/i]) expect(cookie).toMatch(flag)
  })

  it('uses a fresh nonce per request', async () => {
    const a = (await call('/terms')).headers.get('content-security-policy')
    const b = (await call('/terms')).headers.get('content-security-policy')
    expect(a).not.toBe(b)
  })
})

describe('islands', () => {
  it('marks the language switcher as an island with JSON props the page cannot execute', async () => {
    const { html } = await page('/')
    expect(html).toMatch(/<script type="application\/json" id="(island[^"]+)">\{"messages":\{"nav.language":"언어"/)
    expect(html).toMatch(/<div data-island="LanguageSwitcher" data-props="island[^"]+" data-hydrate="interaction"/)
    expect(html).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"/)
    expect(html).not.toMatch(/<script>(?!<)/)
  })
})

describe('page cache', () => {
  it('serves shared pages from the cache per host, with security headers and no nonce', async () => {
    for (const host of ['janekim.example', 'equityrealty.example']) {
      await call('/en', { host })
      const cached = await call('/en', { host })
      expect(cached.status).toBe(200)
      expect(cached.headers.get('x-page-cache')).toBe('hit')
      expect(cached.headers.has('x-internal-page-cache-tags')).toBe(false)
      expect(cached.headers.get('content-security-policy')).not.toMatch(/nonce/)
      expectSecureHeaders(cached, expect)
      expect(await cached.text()).not.toMatch(/ nonce=/)
    }
    expect(heading(await (await call('/en', { host: 'janekim.example' })).text())).toMatch(/Jane Kim/)
  })

  it('never caches per-visitor pages, redirects or errors', async () => {
    for (const path of ['/terms', '/en/nope1', '/?locale=en']) {
      await call(path)
      expect((await call(path)).headers.has('x-page-cache')).toBe(false)
    }
  })
})
