// The legal pages (privacy, terms, process) of the provider and of a realtor: real text in both languages on
// one page, anchored #ko and #en, and every consent link lands on a page that has its anchor
// (docs/decisions/029-legal-pages.md).
import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ko from '../../locales/ko.json'
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
  // The product's own words, read from the catalogue (decision 105): the publish button, the sign-in and
  // "forgot password" links, the Domain, Inbox and Notifications screens, and the links' lifetimes.
  process: {
    ko: [
      '상담 신청',
      '서비스 이용 동의',
      '편집기',
      '초대 메일',
      `‘${ko['builder.publish.publish']}’`,
      `‘${ko['builder.publish.unpublish']}’`,
      `‘${ko['nav.signIn']}’`,
      `‘${ko['builder.login.forgot']}’`,
      `‘${ko['builder.nav.domain']}’`,
      `‘${ko['builder.nav.inbox']}’`,
      `‘${ko['builder.nav.notifications']}’`,
      ko['builder.field.brokerageName'],
      'DNS',
      '7일',
      '30분',
    ],
    en: [
      'consultation',
      'service agreement',
      'editor',
      'invitation',
      `“${en['builder.publish.publish']}”`,
      `“${en['builder.publish.unpublish']}”`,
      `“${en['nav.signIn']}”`,
      `“${en['builder.login.forgot']}”`,
      `“${en['builder.nav.domain']}”`,
      `“${en['builder.nav.inbox']}”`,
      `“${en['builder.nav.notifications']}”`,
      'brokerage',
      'DNS',
      '7 days',
      '30 minutes',
    ],
  },
} as const

/** What a document must no longer say: the process as it was before the product changed (decision 105). */
const STALE: Partial<Record<keyof typeof FACTS, Record<'ko' | 'en', string[]>>> = {
  process: {
    ko: ['‘홈페이지 공개’를 켜면', '운영자와 함께 연결', '로그인 방법을 알려'],
    en: ['Homepage published', 'we set up the connection', 'tell you how to sign in'],
  },
}

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
            for (const stale of STALE[doc]?.[lang] ?? []) expect(text, `${doc} ${lang}`).not.toContain(stale)
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
