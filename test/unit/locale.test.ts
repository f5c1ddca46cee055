import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { detectLocale, localeCookieOf, parseAcceptLanguage, splitLocalePath } from '../../src/lib/locale'
import { pageRequestOf } from '../../src/lib/page-cache'
import { call } from '../helpers'

describe('parseAcceptLanguage', () => {
  it('orders languages by q-value, keeping header order for ties', () => {
    expect(parseAcceptLanguage('ko;q=0.4, en-US, en;q=0.9, ja;q=0.4')).toEqual(['en-us', 'en', 'ko', 'ja'])
  })

  it('drops q=0, malformed q-values and malformed tags', () => {
    expect(parseAcceptLanguage('en;q=0, ko;q=abc, <script>, fr;q=0.5')).toEqual(['fr'])
    expect(parseAcceptLanguage('')).toEqual([])
    expect(parseAcceptLanguage(null)).toEqual([])
  })
})

describe('detectLocale', () => {
  it('prefers the cookie, then Accept-Language, then ko', () => {
    expect(detectLocale('en', 'ko')).toBe('en')
    expect(detectLocale('ko', 'en-US,en;q=0.9')).toBe('ko')
    expect(detectLocale(undefined, 'fr-FR, en;q=0.8, ko;q=0.7')).toBe('en')
    expect(detectLocale(undefined, 'ko-KR,ko;q=0.9,en-US;q=0.8')).toBe('ko')
    expect(detectLocale(undefined, 'fr, de')).toBe('ko')
    expect(detectLocale(undefined, undefined)).toBe('ko')
  })

  it('ignores a cookie that names no locale', () => {
    expect(detectLocale('xx', 'en')).toBe('en')
    expect(detectLocale('../../etc', undefined)).toBe('ko')
  })

  it('answers a repeated header the same, past the bound of the headers it keeps', () => {
    // More distinct headers than the table keeps (256): it is cleared and refilled, never wrong.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 600; i++) {
        const english = i % 3 === 0
        const header = english ? `en-US,en;q=0.${(i % 9) + 1},x-${i}` : `ko-KR,ko;q=0.9,x-${i}`
        expect(detectLocale(undefined, header)).toBe(english ? 'en' : 'ko')
      }
    }
    expect(detectLocale('en', 'ko-KR,ko;q=0.9,x-1')).toBe('en')
    expect(detectLocale(undefined, '')).toBe('ko')
  })
})

describe('splitLocalePath', () => {
  it.each([
    ['/en', { locale: 'en', rest: '/' }],
    ['/en/terms', { locale: 'en', rest: '/terms' }],
    ['/english', { locale: null, rest: '/english' }],
    ['/terms', { locale: null, rest: '/terms' }],
  ])('%s', (path, expected) => {
    expect(splitLocalePath(path)).toEqual(expected)
  })
})

describe('the locale cookie: one reader for the router and the page cache', () => {
  it.each([
    ['locale=en', 'en'],
    ['a=1; locale="en"; b=2', 'en'],
    ['xlocale=en; locale=ko', 'ko'],
    ['locale=', ''],
    ['other=1', undefined],
  ])('%s → %s', (header, expected) => {
    expect(localeCookieOf(header)).toBe(expected)
  })

  it('a quoted cookie is read the same by the router (a redirect to /en) and the page cache (no key)', async () => {
    const cookie = 'locale="en"'
    const response = await call('/', { headers: { cookie, 'accept-language': 'ko' } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/en')
    const request = new Request('http://127.0.0.1:8787/', { headers: { cookie, 'accept-language': 'ko' } })
    expect(pageRequestOf(request, env.PROVIDER_HOSTS)).toBeNull()
  })
})
