// The request sections a realtor's pages place (docs/decisions/096-home-requests.md): the valuation request
// on the homepage, above the contact section, and the home page's question/tour with its home, each an
// island with the props the API needs and its messages in the page's language.
import { env } from 'cloudflare:test'
import { renderToStaticMarkup } from 'react-dom/server.edge'
import { describe, expect, it } from 'vitest'
import { tourFieldPath } from '../../src/client/islands/HomeRequest'
import type { Locale } from '../../src/lib/locale'
import { HomeRequestSection } from '../../src/views/home/sections/HomeRequest'
import { frameOf } from '../../src/views/home/TenantLayout'
import { pageContextOf } from '../fixtures/page-context'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

const ctxOf = (locale: Locale) => pageContextOf(locale)

/** The props an island was given, from the JSON beside its marker. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const marker = new RegExp(`data-island="${name}" data-props="([^"]+)"`).exec(html)
  expect(marker, name).not.toBeNull()
  const json = new RegExp(`<script type="application/json" id="${marker![1]}">(.*?)</script>`).exec(html)
  return JSON.parse(json![1]!)
}

describe('the valuation request on the homepage', () => {
  it.each([
    ['/janekim', 'ko', '우리 집 시세는 얼마일까요?', '우리 집 시세 받아보기'],
    ['/en/janekim', 'en', 'What’s my home worth?', 'Get my home’s value'],
  ])('%s places it above the contact section, in the page language', async (path, locale, title, submit) => {
    const html = await (await call(path)).text()
    const janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{
      id: number
    }>())!.id
    expect(html.indexOf('id="valuation"')).toBeGreaterThan(0)
    expect(html.indexOf('id="valuation"')).toBeLessThan(html.indexOf('id="contact"'))
    expect(html).toContain(title)
    // Rendered on the server with its button, disabled until the script takes over.
    expect(html).toMatch(
      new RegExp(`<button class="contact-form__submit" type="submit" disabled="">${submit}</button>`),
    )
    const props = islandProps(html, 'ValuationRequest')
    expect(props).toMatchObject({ idPrefix: 'valuation', realtorId: janeId, locale })
    expect(props.termsHref).toBe(`${locale === 'en' ? '/en' : ''}/janekim/terms/privacy#${locale}`)
    expect((props.messages as Record<string, string>)['home.request.submitValuation']).toBe(submit)
  })
})

describe('HomeRequestSection', () => {
  it.each(['ko', 'en'] as const)('shows the home and gives the island its key (%s)', (locale) => {
    const frame = frameOf(ctxOf(locale), structuredClone(RICH))
    const home = { listingKey: 'CRMLS-OC2611', address: '88 Sunflower', city: 'Irvine', price: 1250000 }
    const html = renderToStaticMarkup(<HomeRequestSection frame={frame} home={home} />)
    expect(html).toContain('88 Sunflower, Irvine · $1,250,000')
    expect(html).toContain(locale === 'ko' ? '이 집 문의하기' : 'Ask about this home')
    expect(html).toContain(locale === 'ko' ? '투어 예약하기' : 'Schedule a tour')
    const props = islandProps(html, 'HomeRequest')
    expect(props).toMatchObject({ listingKey: 'CRMLS-OC2611', realtorId: RICH.id, locale, idPrefix: 'home-request' })
  })
})

describe('tourFieldPath', () => {
  it('shows a slot error at the row it came from, and a tour without days at the first day', () => {
    // Rows 0 and 2 filled: the body's slot 1 is the form's row 2.
    expect(tourFieldPath('tour.slots.1.date', [0, 2])).toBe('tour.slots.2.date')
    expect(tourFieldPath('tour.slots.0.window', [1, 2])).toBe('tour.slots.1.window')
    expect(tourFieldPath('tour.slots', [])).toBe('tour.slots.0.date')
    expect(tourFieldPath('tour', [])).toBe('tour.slots.0.date')
    expect(tourFieldPath('email', [0])).toBe('email')
  })
})
