import { describe, expect, it } from 'vitest'
import { detectLocale, parseAcceptLanguage, splitLocalePath } from '../../src/lib/locale'

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
