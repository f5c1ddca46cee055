// Everything a Korean visitor reads or hears on a Korean page, and every message a Korean API caller
// gets, is Korean: the error pages around the spec's own English messages (docs/product.md §8), the
// frame's labels, and the APIs' error messages (locales/*.json).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { upstreamStore } from '../../src/lib/realtors/upstream-store'
import { createApp } from '../../src/worker'
import { errorOf, JANE, login } from '../api/client'
import { failingStore } from '../fixtures/fixture-realtors'
import { fakeUpstream } from '../fixtures/upstream'
import { appWith, call } from '../helpers'

/** The brand's own name (its tagline) and the language switcher's code for the current language. */
const NAMES = ['Built for Realtors', 'KO']

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * What a visitor of the page reads or a screen reader says: the body's text and its aria-label, alt,
 * title and placeholder attributes, leaving out scripts, island props and elements marked as another
 * language (`lang="en"`: the spec's messages, the switcher's "English").
 */
function userFacing(html: string): string[] {
  const body = html
    .slice(html.indexOf('<body'))
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<(\w+)\b[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, '')
  const attributes = [...body.matchAll(/\s(?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map((m) => m[1]!)
  const texts = body.split(/<[^>]*>/)
  return [...attributes, ...texts].map((text) => decode(text).trim()).filter(Boolean)
}

/** The English words left in some texts once the allowed names are taken out. */
function englishIn(texts: string[], allowed: string[] = []): string[] {
  return texts.flatMap((text) => {
    let rest = text
    for (const name of [...NAMES, ...allowed]) rest = rest.split(name).join(' ')
    return rest.match(/[A-Za-z]{2,}/g) ?? []
  })
}

describe('Korean error pages', () => {
  it('a page whose realtor upstream fails says so in Korean, not in the upstream error English', async () => {
    const upstream = fakeUpstream(() => new Response('down', { status: 503 }))
    const response = await call('/janekim', {
      app: createApp({ realtors: () => upstreamStore('https://realtors.example', 500, upstream.fetch) }),
      headers: { 'accept-language': 'ko' },
    })
    expect(response.status).toBe(502)
    const html = await response.text()
    expect(html).toContain('<title>502 | 연결된 서비스가 응답하지 않습니다</title>')
    expect(englishIn(userFacing(html))).toEqual([])
  })

  // A realtor's 404 is in their frame (decision 103), which names them as they wrote it.
  it.each([
    ['/nope/deeper', 'Page not found: /nope/deeper', 'error-page__message', []],
    ['/janekim/no/such/page', 'Page not found: /janekim/no/such/page', 'tenant-error__message', ['Jane Kim']],
    ['/abc1', 'Page Not Found: /abc1', 'error-page__message', []],
  ])(
    '%s: a Korean page around the spec message, which stays as written and is marked English',
    async (path, spec, kind, names) => {
      const response = await call(path)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain(`<html lang="ko"`)
      expect(html).toContain(`<title>404 | 페이지를 찾을 수 없습니다`)
      expect(html).toContain(`<p class="${kind}" lang="en">${spec}</p>`)
      expect(html).toContain('주소가 바뀌었거나 없는 페이지입니다.')
      expect(englishIn(userFacing(html), names)).toEqual([])
    },
  )

  it('the 500 page: Korean but for "Internal Server Error"', async () => {
    const app = appWith({
      realtors: () => failingStore(),
    })
    const response = await call('/janekim', { app })
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('<p class="error-page__message" lang="en">Internal Server Error</p>')
    expect(englishIn(userFacing(html))).toEqual([])
  })

  it('the English pages keep their English texts', async () => {
    const html = await (await call('/en/nope')).text()
    expect(html).toContain('aria-label="Legal"')
    expect(html).toContain('All rights reserved.')
    expect(html).toContain('The address may have changed, or the page does not exist.')
  })
})

describe("a Korean page's frame", () => {
  it("labels in Korean on the provider's pages and a realtor's", async () => {
    for (const path of ['/', '/terms', '/janekim', '/janekim/terms']) {
      const html = await (await call(path)).text()
      const labels = [...html.matchAll(/\saria-label="([^"]*)"/g)].map((m) => decode(m[1]!))
      expect(labels.length, path).toBeGreaterThan(0)
      expect(englishIn(labels), path).toEqual([])
    }
  })

  it("the provider's footer in Korean", async () => {
    const html = await (await call('/terms')).text()
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? ''
    expect(footer).toContain('aria-label="법적 고지"')
    expect(englishIn(userFacing(footer))).toEqual([])
  })
})

describe('API errors for a Korean caller', () => {
  const korean = async (response: Response, status: number, allowed: string[] = []) => {
    expect(response.status).toBe(status)
    const { message } = await errorOf(response)
    expect(message).toMatch(/[가-힣]/)
    expect(englishIn([message], allowed), message).toEqual([])
    return message
  }
  const ko = { 'accept-language': 'ko' }

  it('an unknown realtor, a photo that is not there, a write without a session, a body too large', async () => {
    expect(await korean(await call('/v1/realtor/nobody', { headers: ko }), 404, ['nobody'])).toBe(
      '리얼터 nobody을(를) 찾을 수 없습니다.',
    )
    await korean(await call('/photos/seed/none/missing.png', { headers: ko }), 404, ['/photos/seed/none/missing.png'])
    await korean(
      await call('/v1/realtor/1', {
        method: 'PATCH',
        headers: { ...ko, 'content-type': 'application/json' },
        body: '{}',
      }),
      401,
    )
    const big = JSON.stringify({ message: 'x'.repeat(20 * 1024) })
    await korean(
      await call('/v1/realtor-contacts', {
        method: 'POST',
        headers: { ...ko, 'content-type': 'application/json' },
        body: big,
      }),
      413,
    )
  })

  it("another realtor's profile (403) and an admin-only call", async () => {
    const token = await login(JANE)
    const headers = { ...ko, authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    await korean(await call('/v1/realtor/1', { method: 'PATCH', headers, body: '{"salesCount":1}' }), 403)
    const account = { name: '새 리얼터', email: 'new@realtor.example', password: 'long-enough-1', desiredUrl: 'newone' }
    await korean(await call('/v1/accounts', { method: 'POST', headers, body: JSON.stringify(account) }), 403)
  })

  it('the listings service failing', async () => {
    const app = createApp({ upstreamFetch: fakeUpstream(() => new Response('down', { status: 503 })).fetch })
    const response = await app.request(
      'http://127.0.0.1:8787/cozying-api/v1/home/list?state=GA&city=Duluth',
      { headers: { host: '127.0.0.1:8787', ...ko } },
      { ...env, LISTINGS_API_ORIGIN: 'https://listings.example', UPSTREAM_TIMEOUT_MS: '200' },
    )
    expect(response.status).toBeGreaterThanOrEqual(502)
    await korean(response, response.status)
  })
})
