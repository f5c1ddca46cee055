// The one bounded memo table (src/lib/memo.ts) and the one "is an http(s) URL" and trailing-slash rules.
import { describe, expect, it } from 'vitest'
import { isHttpUrl } from '../../src/lib/html'
import { boundedMemo } from '../../src/lib/memo'
import { withoutTrailingSlash } from '../../src/lib/urls'

describe('boundedMemo', () => {
  it('makes a value once, and starts an empty table when full', () => {
    const memo = boundedMemo<string, number>(2)
    let made = 0
    const make = () => ++made
    expect(memo.of('a', make)).toBe(1)
    expect(memo.of('a', make)).toBe(1)
    memo.set('b', 20)
    expect(memo.size).toBe(2)
    // Rewriting a kept key is no new entry; a third key clears the table first.
    memo.set('b', 21)
    expect(memo.size).toBe(2)
    memo.set('c', 30)
    expect([memo.has('a'), memo.has('b'), memo.get('c'), memo.size]).toEqual([false, false, 30, 1])
  })
})

describe('isHttpUrl', () => {
  it('takes absolute http(s) URLs the parser accepts, with nothing to trim or re-encode', () => {
    for (const url of ['https://x.example', 'http://localhost:8787/a?b#c', 'HTTPS://X.EXAMPLE/%20'])
      expect(isHttpUrl(url), url).toBe(true)
    const refused = [
      'javascript:alert(1)',
      'data:text/html,x',
      '//x.example',
      'http:x.example',
      ' https://x.example',
      'https://x.example/a b',
      'https://x.example:99999/',
      'http://[::1',
      'http://a<b',
      `https://x.example/${'a'.repeat(2048)}`,
      42,
    ]
    for (const url of refused) expect(isHttpUrl(url), String(url).slice(0, 40)).toBe(false)
  })
})

describe('withoutTrailingSlash', () => {
  it('drops one trailing slash of a path or an origin, never the root', () => {
    expect(['/', '/terms/', '/terms', 'https://x.example/', ''].map(withoutTrailingSlash)).toEqual([
      '/',
      '/terms',
      '/terms',
      'https://x.example',
      '',
    ])
  })
})
