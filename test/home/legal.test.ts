// The legal pages (privacy, terms, process) of the provider and of a realtor: real text in both languages on
// one page, anchored #ko and #en, and every consent link lands on a page that has its anchor
// (docs/decisions/029-legal-pages.md).
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { FIXTURE_REALTORS, fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call, heading } from '../helpers'

const PATH_TENANT = { ...RICH, id: 42, desiredUrl: 'path-agent', hompageUrl: '' }
const app = createApp({ realtors: () => fixtureStore([...FIXTURE_REALTORS, RICH, PATH_TENANT]) })

async function page(url: string) {
  const { host } = new URL(url, 'http://127.0.0.1:8787')
  const response = await call(url, { app, host })
  return { response, html: await response.text() }
}

/** The text of the section of one language: from its opening tag to the end of its </section>. */
function section(html: string, lang: 'ko' | 'en'): string {
  const match = new RegExp(`<section id="${lang}" lang="${lang}"[^>]*>([\\s\\S]*?)</section>`).exec(html)
  return (match?.[1] ?? '').replace(/<[^>]+>/g, ' ')
}

/** What each document must say, in each language: the facts of the product as built. */
const FACTS = {
  privacy: {
    ko: ['Slack', '3년', '365일', '7일', '24시간', 'IP 주소', '쿠키', '이메일', '전화번호', '기기 종류', '공개'],
    en: [
      'Slack',
      '3 years',
      '365 days',
      '7 days',
      '24 hours',
      'IP address',
      'cookie',
      'email',
      'phone',
      'device type',
      'public',
    ],
  },
  terms: {
    ko: ['중개', '리얼터', '개인정보처리방침', '책임'],
    en: ['brokerage', 'realtor', 'privacy policy', 'liab'],
  },
  process: {
    ko: ['상담 신청', '서비스 이용 동의', '편집기', '홈페이지 공개'],
    en: ['consultation', 'service agreement', 'editor', 'Homepage published'],
  },
} as const

/** Characters each language's text has at least (Korean is the denser): no page is one sentence again. */
const MIN_LENGTH = { privacy: 2500, terms: 900, process: 600 } as const

const PATHS = { privacy: '/terms/privacy', terms: '/terms', process: '/process' } as const

describe('the legal pages', () => {
  const sites = [
    ['the provider', ''],
    ['a realtor under a path', '/path-agent'],
  ] as const
  for (const [who, base] of sites) {
    for (const [doc, path] of Object.entries(PATHS) as [keyof typeof PATHS, string][]) {
      it(`${who}: ${path} holds the whole ${doc} text in Korean and English, anchored #ko and #en`, async () => {
        for (const prefix of ['', '/en']) {
          const { response, html } = await page(`${prefix}${base}${path}`)
          expect(response.status, `${prefix}${base}${path}`).toBe(200)
          for (const lang of ['ko', 'en'] as const) {
            const text = section(html, lang)
            expect(text.length, `${doc} ${lang}`).toBeGreaterThan(MIN_LENGTH[doc])
            for (const fact of FACTS[doc][lang]) expect(text, `${doc} ${lang}`).toContain(fact)
          }
          // The page's own language comes first; no message id or filler is left in the text.
          expect(html.indexOf(`id="${prefix ? 'en' : 'ko'}"`)).toBeLessThan(
            html.indexOf(`id="${prefix ? 'ko' : 'en'}"`),
          )
          expect(html).not.toMatch(/legal\.(privacy|terms|process)\.|lorem ipsum/i)
        }
      })
    }
  }

  it("names the realtor on that realtor's privacy page, also on their own domain", async () => {
    const { response, html } = await page('http://grace.example/en/terms/privacy')
    expect(response.status).toBe(200)
    expect(heading(html)).toBe('Privacy Policy')
    expect(section(html, 'en')).toContain('Grace Han')
    expect(section(html, 'ko')).toContain('한그레이스')
  })
})

/** Every consent link a form carries (island props), with the page it was found on. */
function consentLinks(html: string): string[] {
  return [...html.matchAll(/"(?:privacyHref|termsHref)":"([^"]+)"/g)].map((match) => match[1]!)
}

describe('every consent checkbox links to a page that has its anchor', () => {
  it.each([
    ['/', '/terms/privacy#ko'],
    ['/en', '/en/terms/privacy#en'],
    ['/path-agent', '/path-agent/terms/privacy#ko'],
    ['/en/path-agent', '/en/path-agent/terms/privacy#en'],
    ['http://grace.example/', '/terms/privacy#ko'],
    ['http://grace.example/en', '/en/terms/privacy#en'],
  ])('%s links to %s', async (from, expected) => {
    const { html } = await page(from)
    const links = consentLinks(html)
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toBe(expected)
    const [path, anchor] = expected.split('#')
    const target = await page(new URL(path!, new URL(from, 'http://127.0.0.1:8787')).href)
    expect(target.response.status).toBe(200)
    expect(target.html).toContain(`<section id="${anchor}" lang="${anchor}"`)
  })
})
