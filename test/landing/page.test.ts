// The landing page in Korean and English: the spec's texts, the header, the lead panel and carousel
// islands, ten server-rendered example-site links, and the slides built from realtor data.
import { describe, expect, it } from 'vitest'
import type { RealtorStore } from '../../src/lib/realtors/store'
import type { Photo, Realtor } from '../../src/lib/realtors/types'
import { exampleSiteOf } from '../../src/views/landing/example-sites'
import { fixtureRealtor, fixtureStore } from '../fixtures/fixture-realtors'
import { appWith, call, heading, tagLogAsked } from '../helpers'

const photo = (path: Photo['path'], url: string): Photo => ({ path, imageType: 'fullsize', url })

const DEMO: Realtor[] = Array.from({ length: 10 }, (_, i) =>
  fixtureRealtor({
    id: i + 1,
    name: `Agent ${i + 1}`,
    desiredUrl: `agent${String.fromCharCode(97 + i)}`,
    hompageUrl: i % 2 ? '' : `https://agent${i + 1}.example`,
    photos: [photo('top', `/photos/seed/agent${i + 1}/top.png`), photo('logo', `/photos/seed/agent${i + 1}/logo.png`)],
    activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge', zipcode: '92604' }],
    etcInfo: [{ contentType: 'korea_name', content: `에이전트${i + 1}` }],
  }),
)

const store = (realtors: Realtor[]): RealtorStore => ({
  ...fixtureStore(realtors),
  find: async () => null,
})

async function landing(path: string, realtors = DEMO) {
  const response = await call(path, { app: appWith({ realtors: () => store(realtors) }) })
  return { response, html: await response.text() }
}

const TEXTS = {
  ko: {
    path: '/',
    title: '고객이 먼저 찾아오는 리얼터 홈페이지',
    cta: '무료 상담 신청',
    cards: ['실시간 매물 연동', '한국어·영어 동시 지원', '문의가 바로 도착'],
    lender: '별도의 독립된 모기지 대출 기관',
    noReferral: '어떠한 소개(리퍼럴) 관계도 없으며',
    advertising: '공동 브랜드 콘텐츠는 광고 목적으로만',
    consent: '필수 항목에 모두 동의해 주세요.',
    hasSite: ['네, 있습니다', '아니요, 없습니다'],
    other: 'English',
  },
  en: {
    path: '/en',
    title: 'A homepage that brings clients to you',
    cta: 'Request a free consultation',
    cards: ['Live MLS listings', 'Korean and English', 'Inquiries arrive instantly'],
    lender: 'separate, independent mortgage lender',
    noReferral: 'no referral relationship',
    advertising: 'co-branded content is for advertising purposes only',
    consent: 'Please agree to all required items.',
    hasSite: ['Yes, I do', "No, I don't"],
    other: '한국어',
  },
} as const

describe('the landing page', () => {
  for (const [locale, text] of Object.entries(TEXTS)) {
    it(`renders the spec's sections in ${locale}`, async () => {
      const { response, html } = await landing(text.path)
      expect(response.status).toBe(200)
      expect(html).toContain(`<html lang="${locale}">`)
      expect(heading(html)).toBe(text.title)
      // Fixed header: logo, "Built for Realtors", the other locale in the switcher, compact on scroll.
      expect(html).toMatch(/<header class="site-header site-header--fixed"[^>]*data-compact-on-scroll=""/)
      expect(html).toContain('Built for Realtors')
      expect(html).toContain(`>${text.other}</a>`)
      // Hero and closing calls to action, each a lead panel island hydrating on interaction.
      expect(html.match(/data-island="LeadRequest" data-props="[^"]+" data-hydrate="interaction"/g)).toHaveLength(2)
      expect(html.split(`${text.cta}<svg`).length - 1).toBe(2)
      for (const card of text.cards) expect(html).toContain(`<h3>${card}</h3>`)
      // Footer disclaimers: independent lender, no referral relationship, co-branded content for advertising.
      for (const part of [text.lender, text.noReferral, text.advertising]) expect(html).toContain(part)
      // The panel's strings travel with the island: consent alert, hasSite options, result messages.
      expect(html).toContain(text.consent)
      for (const option of text.hasSite) expect(html).toContain(option)
      expect(html).toContain('lead_realtor_view_home')
    })
  }

  it('server-renders ten example sites, each opening the realtor site in a new tab', async () => {
    const { html } = await landing('/')
    expect(html).toMatch(/data-island="RealtorCarousel" data-props="[^"]+" data-hydrate="visible"/)
    const links = [...html.matchAll(/<a class="site-card" href="([^"]+)" target="_blank" rel="noopener"/g)]
    // Every slide opens the realtor's page here: no custom domain is known to be live (docs/decisions/029-legal-pages.md).
    expect(links.map((match) => match[1])).toEqual(DEMO.map((realtor) => `/${realtor.desiredUrl}`))
    expect(
      html.match(
        /<img class="site-card__image" src="\/photos\/seed\/agent\d+\/top.png"[^>]* width="1200" height="420"/g,
      ),
    ).toHaveLength(11)
    // Each link is named by the name and region it shows, then says it opens a new tab (WCAG 2.5.3).
    const cards = html.match(/<a class="site-card"[\s\S]*?<\/a>/g) ?? []
    expect(cards).toHaveLength(10)
    // The address each card shows is where it goes.
    const hosts = cards.map((card) => /<span class="site-card__url">([^<]+)<\/span>/.exec(card)?.[1])
    expect(hosts).toEqual(DEMO.map((realtor) => `127.0.0.1:8787/${realtor.desiredUrl}`))
    for (const card of cards) {
      expect(card).not.toContain('aria-label')
      expect(card).toContain('<span class="visually-hidden"> (새 탭에서 열림)</span>')
    }
  })

  it('links English visitors to the English page of every realtor, and says so', async () => {
    const { html } = await landing('/en')
    expect(html).toContain('href="/en/agentb" target="_blank" rel="noopener"')
    expect(html).toContain('href="/en/agenta" target="_blank" rel="noopener"')
    expect(html).toContain('<span class="site-card__url">127.0.0.1:8787/en/agenta</span>')
  })

  it('shows only published realtors, and still ten of them when there are enough', async () => {
    const hidden = DEMO.slice(0, 3).map((realtor) => ({ ...realtor, isMakeHomepage: 'N' as const }))
    const more = DEMO.map((realtor) => ({ ...realtor, id: realtor.id + 10, desiredUrl: `${realtor.desiredUrl}x` }))
    const { html } = await landing('/', [...hidden, ...DEMO.slice(3), ...more])
    const links = [...html.matchAll(/<a class="site-card" href="([^"]+)"/g)].map((match) => match[1])
    expect(links).toHaveLength(10)
    for (const realtor of hidden) expect(links).not.toContain(`/${realtor.desiredUrl}`)
  })

  it('leaves the carousel out when no realtor has a picture', async () => {
    const { response, html } = await landing('/', [fixtureRealtor({ id: 1, name: 'No Photo', desiredUrl: 'nophoto' })])
    expect(response.status).toBe(200)
    expect(html).not.toContain('RealtorCarousel')
  })

  it('is served from the page cache with no inline script', async () => {
    await tagLogAsked()
    await call('/')
    const response = await call('/')
    expect(response.headers.get('x-page-cache')).toBe('hit')
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*type="(application\/json|module)")[^>]*>/)
  })
})

describe('exampleSiteOf', () => {
  const options = { locale: 'ko' as const, localePrefix: '', publicOrigin: 'https://realtor.example.com' }

  it("uses the Korean name in Korean, the account's name in English, and the first region", () => {
    const realtor = DEMO[0]!
    expect(exampleSiteOf(realtor, options)).toMatchObject({
      name: '에이전트1',
      region: 'Irvine, CA',
      href: '/agenta',
      host: 'realtor.example.com/agenta',
    })
    expect(exampleSiteOf(realtor, { ...options, locale: 'en' })?.name).toBe('Agent 1')
  })

  it('links the active domain (the only hompageUrl there is), else the page here, and leaves unpublished realtors out', () => {
    for (const hompageUrl of ['javascript:alert(1)', '']) {
      const realtor = { ...DEMO[0]!, hompageUrl }
      expect(exampleSiteOf(realtor, options)).toMatchObject({ href: '/agenta', host: 'realtor.example.com/agenta' })
    }
    const withDomain = { ...DEMO[0]!, hompageUrl: 'https://agent1.example' }
    // The simulator's domains resolve nowhere: locally the carousel keeps linking the page here.
    expect(exampleSiteOf(withDomain, options)).toMatchObject({ href: '/agenta' })
    expect(exampleSiteOf(withDomain, { ...options, ownDomains: true })).toMatchObject({
      href: 'https://agent1.example',
      host: 'agent1.example',
    })
    expect(exampleSiteOf({ ...DEMO[0]!, isMakeHomepage: 'N' }, options)).toBeNull()
  })

  it('offers the 600 px og:image beside the 1200 px banner as responsive sources', () => {
    const realtor = { ...DEMO[0]!, photos: [photo('top', '/p/top.png'), photo('ogImage', '/p/og.png')] }
    expect(exampleSiteOf(realtor, options)?.image).toEqual({
      src: '/p/top.png',
      srcSet: '/p/og.png 600w, /p/top.png 1200w',
      width: 1200,
      height: 420,
    })
  })

  it('refuses photo URLs that are neither ours nor http(s)', () => {
    const realtor = {
      ...DEMO[0]!,
      photos: [photo('top', '//evil.example/x.png'), photo('gallery', 'data:image/png;base64,AA')],
    }
    expect(exampleSiteOf(realtor, options)).toBeNull()
    const withLogo = { ...DEMO[0]!, photos: [photo('top', 'https://cdn.example/t.png'), photo('logo', 'javascript:x')] }
    expect(exampleSiteOf(withLogo, options)).toMatchObject({
      image: { src: 'https://cdn.example/t.png' },
      logo: undefined,
    })
  })
})
