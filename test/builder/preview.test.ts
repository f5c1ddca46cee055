// The editor's preview endpoint (docs/decisions/044-preview.md): the live homepage's own rendering of
// the unsaved draft, for the owner or an admin only, never cached; another site's page is refused.
import { beforeAll, describe, expect, it } from 'vitest'
import { PREVIEW_BODY_LIMIT } from '../../src/routes/preview'
import { ADMIN, errorOf, JANE, login } from '../api/client'
import { call, ORIGIN } from '../helpers'

let jane = ''
let admin = ''
beforeAll(async () => {
  jane = await login(JANE)
  admin = await login(ADMIN)
})

/** POST a draft to a preview path, as the page of `origin` would, signed in with `token`. */
function preview(path: string, draft: unknown, { token = jane, origin = ORIGIN as string | null, cookie = '' } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (origin) headers.origin = origin
  const cookies = [token ? `session=${token}` : '', cookie].filter(Boolean).join('; ')
  if (cookies) headers.cookie = cookies
  return call(path, { method: 'POST', headers, body: typeof draft === 'string' ? draft : JSON.stringify(draft) })
}

/** The homepage's sections in order, by their class names. */
const sectionsOf = (html: string) => [...html.matchAll(/<section[^>]*class="([^"]+)"/g)].map((match) => match[1])

describe('the editor preview', () => {
  it('renders the draft’s about text and colour with the homepage’s components, noindex and never cached', async () => {
    const response = await preview('/janekim/admin/preview', {
      aboutMeKr: '미리보기 전용 소개글입니다.',
      designMainColor: '#0a7d5a',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('미리보기 전용 소개글입니다.')
    expect(html.toLowerCase()).toContain('#0a7d5a')
    expect(html).toContain('<meta name="robots" content="noindex"')
    expect(html).toContain('<html lang="ko"')
    // Saving is the only way into the live page: the draft stays out of it (and out of the page cache).
    const live = await (await call('/janekim', { headers: { cookie: `session=${jane}` } })).text()
    expect(live).not.toContain('미리보기 전용 소개글입니다.')
    const again = await preview('/janekim/admin/preview', { aboutMeKr: '두 번째 초안' })
    expect(await again.text()).toContain('두 번째 초안')
  })

  it('renders English at /en; never on the realtor’s own domain; an English visitor’s Korean preview is not redirected', async () => {
    const en = await preview('/en/janekim/admin/preview', { aboutMeEn: 'Draft about text in English.' })
    expect(en.status).toBe(200)
    const html = await en.text()
    expect(html).toContain('<html lang="en"')
    expect(html).toContain('Draft about text in English.')
    // The builder lives on the provider's host (docs/decisions/087-sign-in-on-the-provider-host.md).
    const domain = await preview(
      'http://janekim.example/admin/preview',
      { aboutMeKr: '도메인 미리보기' },
      { origin: 'http://janekim.example' },
    )
    expect(domain.status).toBe(404)
    expect(await domain.text()).not.toContain('도메인 미리보기')
    const korean = await preview('/janekim/admin/preview', { aboutMeKr: '한국어 미리보기' }, { cookie: 'locale=en' })
    expect(korean.status).toBe(200)
    expect(await korean.text()).toContain('한국어 미리보기')
  })

  it('keeps the saved value of every field the schema refuses, and the draft’s valid fields', async () => {
    const saved = await (await call('/v1/realtor/janekim')).json<{ designMainColor: string; contactPhone: string }>()
    const response = await preview('/janekim/admin/preview', {
      aboutMeKr: '유효한 소개글',
      designMainColor: '#12',
      contactPhone: '555',
      salesCount: null,
      careerStart: '2030-01-01',
      careerEnd: '2020-01-01',
      notAField: 'x',
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('유효한 소개글')
    expect(html).toContain(saved.designMainColor)
    expect(html).not.toContain('#12;')
    expect(html).not.toContain('notAField')
  })

  it('has the same sections as the live homepage for the same data', async () => {
    const live = await (await call('/janekim', { headers: { cookie: `session=${jane}` } })).text()
    const draft = await (await preview('/janekim/admin/preview', {})).text()
    expect(sectionsOf(live).length).toBeGreaterThan(3)
    expect(sectionsOf(draft)).toEqual(sectionsOf(live))
    // A draft that fills a section the saved profile leaves out adds it, as saving would.
    const more = await (
      await preview('/janekim/admin/preview', { additionalSections: [{ title: '새 섹션', content: '내용' }] })
    ).text()
    expect(sectionsOf(more)).toContain('home-section home-extra')
  })

  it('answers 401 signed out and 403 for another realtor’s site; an admin previews any', async () => {
    const signedOut = await preview('/janekim/admin/preview', {}, { token: '' })
    expect(signedOut.status).toBe(401)
    expect((await errorOf(signedOut)).message).toBeTruthy()
    const other = await preview('/equityrealty/admin/preview', { aboutMeKr: '남의 홈페이지' })
    expect(other.status).toBe(403)
    expect(await other.text()).not.toContain('남의 홈페이지')
    const asAdmin = await preview('/equityrealty/admin/preview', { aboutMeKr: '관리자 미리보기' }, { token: admin })
    expect(asAdmin.status).toBe(200)
    expect(await asAdmin.text()).toContain('관리자 미리보기')
    expect((await preview('/admin/preview', {}, { token: admin })).status).toBe(404)
    expect((await preview('/nobody-here/admin/preview', {}, { token: admin })).status).toBe(404)
  })

  it('refuses a POST another site’s page sends, as every write (decision 085)', async () => {
    const evil = await preview('/janekim/admin/preview', {}, { origin: 'https://evil.example' })
    expect(evil.status).toBe(403)
    expect((await errorOf(evil)).code).toBe('origin_not_allowed')
    const opaque = await preview('/janekim/admin/preview', {}, { origin: 'null' })
    expect(opaque.status).toBe(403)
    // A request no browser names the sender of is its cookie's holder (a script), not a forged one.
    expect((await preview('/janekim/admin/preview', {}, { origin: null })).status).toBe(200)
  })

  it('refuses bodies that are too large, not JSON or hostile, with the API’s error shape', async () => {
    const huge = await preview('/janekim/admin/preview', { aboutMeKr: 'x'.repeat(PREVIEW_BODY_LIMIT + 1) })
    expect(huge.status).toBe(413)
    expect((await errorOf(huge)).message).toBeTruthy()
    const text = await call('/janekim/admin/preview', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: `session=${jane}`, 'content-type': 'text/plain' },
      body: 'hello',
    })
    expect(text.status).toBe(415)
    expect((await preview('/janekim/admin/preview', '{"aboutMeKr":')).status).toBe(400)
    expect((await preview('/janekim/admin/preview', '[1,2]')).status).toBe(400)
    const hostile = await preview('/janekim/admin/preview', '{"__proto__":{"aboutMeKr":"x"}}')
    expect(hostile.status).toBe(400)
  })
})
