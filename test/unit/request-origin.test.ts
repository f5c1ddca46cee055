// Where a request says it comes from (src/lib/request-origin.ts, docs/decisions/085): the judgement behind
// the origin check of every write, from the Sec-Fetch-Site and Origin headers browsers send.
import { describe, expect, it } from 'vitest'
import {
  isSafeMethod,
  ownOriginOf,
  parseOrigins,
  type RequestSource,
  requestSourceOf,
} from '../../src/lib/request-origin'

const ALLOWED = parseOrigins(' https://admin.partner.example , not an origin, HTTPS://Other.Example:443/path')

function sourceOf(headers: Record<string, string>, url = 'https://janekim.example/v1/realtor/2'): RequestSource {
  return requestSourceOf(new Request(url, { method: 'POST', headers }), ALLOWED)
}

describe('requestSourceOf', () => {
  it.each<[string, Record<string, string>, RequestSource]>([
    ['this origin', { origin: 'https://janekim.example' }, 'same-origin'],
    ['this origin, written otherwise', { origin: 'HTTPS://JaneKim.Example:443' }, 'same-origin'],
    ['this origin, as Fetch Metadata says it', { 'sec-fetch-site': 'same-origin' }, 'same-origin'],
    ['both agreeing', { origin: 'https://janekim.example', 'sec-fetch-site': 'same-origin' }, 'same-origin'],
    ['the user’s own navigation', { 'sec-fetch-site': 'none' }, 'same-origin'],
    ['our page under no-referrer', { origin: 'null', 'sec-fetch-site': 'same-origin' }, 'same-origin'],
    ['an allowed origin', { origin: 'https://admin.partner.example' }, 'allowed-origin'],
    [
      'an allowed origin, cross-site',
      { origin: 'https://other.example', 'sec-fetch-site': 'cross-site' },
      'allowed-origin',
    ],
    ['another site', { origin: 'https://evil.example' }, 'cross-origin'],
    ['another scheme', { origin: 'http://janekim.example' }, 'cross-origin'],
    ['another port', { origin: 'https://janekim.example:8443' }, 'cross-origin'],
    ['a subdomain', { origin: 'https://www.janekim.example' }, 'cross-origin'],
    ['the provider’s host', { origin: 'https://realtor.example.com' }, 'cross-origin'],
    ['an opaque origin', { origin: 'null' }, 'cross-origin'],
    ['an Origin that is no origin', { origin: 'evil' }, 'cross-origin'],
    ['cross-site', { 'sec-fetch-site': 'cross-site' }, 'cross-origin'],
    ['same-site', { 'sec-fetch-site': 'same-site' }, 'cross-origin'],
    ['an unknown Fetch Metadata value', { 'sec-fetch-site': 'sideways' }, 'cross-origin'],
    [
      'Origin foreign, Fetch Metadata same',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      'cross-origin',
    ],
    [
      'Origin own, Fetch Metadata cross',
      { origin: 'https://janekim.example', 'sec-fetch-site': 'cross-site' },
      'cross-origin',
    ],
    ['an allowed origin spelled with a path', { origin: 'https://admin.partner.example/x' }, 'allowed-origin'],
    ['neither header', {}, 'unnamed'],
  ])('%s: %s', (_, headers, expected) => {
    expect(sourceOf(headers)).toBe(expected)
  })

  it('takes the own origin from the Host header the site is resolved by', () => {
    const request = new Request('http://127.0.0.1:8787/v1/x', { headers: { host: 'janekim.example:8787' } })
    expect(ownOriginOf(request)).toBe('http://janekim.example:8787')
    expect(ownOriginOf(new Request('https://janekim.example/v1/x'))).toBe('https://janekim.example')
    const garbled = new Request('https://janekim.example/v1/x', { headers: { host: 'bad host/' } })
    expect(ownOriginOf(garbled)).toBe('https://janekim.example')
  })

  it('names only GET, HEAD and OPTIONS safe', () => {
    for (const method of ['GET', 'head', 'OPTIONS']) expect(isSafeMethod(method)).toBe(true)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'X']) expect(isSafeMethod(method)).toBe(false)
  })

  it('parses API_ALLOWED_ORIGINS to origins and ignores the rest', () => {
    expect([...ALLOWED]).toEqual(['https://admin.partner.example', 'https://other.example'])
  })
})
