// Issue 31 (docs/decisions/103-names-per-language.md): a realtor's name in each page's language — header, hero,
// head, JSON-LD — and error pages titled in the page's language, a realtor's 404 in the realtor's own frame.
import { describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { failingStore, fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { appWith, call } from '../helpers'

const EMPTY_SEO = { title: '', description: '', keywords: '', author: '' }

/** An account the admin named in Korean, the case issue 31 found: names given in each language, no seoMeta. */
const MINJI: Realtor = {
  ...RICH,
  name: '서민지',
  etcInfo: [
    ...RICH.etcInfo.filter((item) => item.contentType !== 'korea_name' && item.contentType !== 'english_name'),
    { contentType: 'korea_name', content: '서민지' },
    { contentType: 'english_name', content: 'Minji Seo' },
  ],
  seoMeta: { ko: EMPTY_SEO, en: EMPTY_SEO },
}

const appOf = (...realtors: Realtor[]) => createApp({ realtors: () => fixtureStore(realtors) })

async function html(path: string, app = appOf(MINJI), host?: string) {
  const response = await call(path, { app, host })
  return { response, html: await response.text() }
}

const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1]
const meta = (page: string, attr: string, key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(page)?.[1]
const jsonLd = (page: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)![1]!)

describe('a name in each language (decision 103)', () => {
  it('names the realtor in Korean on Korean pages and in English on English ones: hero, header, head, JSON-LD', async () => {
    const ko = (await html('/rich-agent')).html
    const en = (await html('/en/rich-agent')).html
    expect(ko).toContain('<h1 id="home-name" class="home-hero__name">서민지</h1>')
    expect(en).toContain('<h1 id="home-name" class="home-hero__name">Minji Seo</h1>')
    expect(en).toContain('<span class="tenant-header__name">Minji Seo</span>')
    expect(en).toContain('<p class="tenant-footer__name">Minji Seo</p>')
    // With no seoMeta, the defaults are the page language's name.
    expect(title(en)).toBe('Minji Seo')
    expect(meta(en, 'name', 'author')).toBe('Minji Seo')
    expect(meta(en, 'property', 'og:site_name')).toBe('Minji Seo')
    expect(jsonLd(en).name).toBe('Minji Seo')
    expect(title(ko)).toBe('서민지')
    expect(meta(ko, 'name', 'author')).toBe('서민지')
    expect(jsonLd(ko).name).toBe('서민지')
    // The Korean name on the English page only as the line under the name, marked Korean.
    expect(en.split('서민지')).toHaveLength(2)
    expect(en).toContain('<p class="home-hero__alt-name" lang="ko">서민지</p>')
  })

  it("does not borrow the other language's seoMeta title or author, which name the realtor in the other script", async () => {
    const realtor = {
      ...MINJI,
      seoMeta: { ko: { ...EMPTY_SEO, title: '서민지 | 어바인 부동산', author: '서민지' }, en: EMPTY_SEO },
    }
    const en = (await html('/en/rich-agent', appOf(realtor))).html
    expect(title(en)).toBe('Minji Seo')
    expect(meta(en, 'name', 'author')).toBe('Minji Seo')
  })

  it('falls back to the account name in the page script, then to the other language, never to nothing', async () => {
    const only = (etc: Realtor['etcInfo'], name: string) => ({
      ...MINJI,
      name,
      etcInfo: [...RICH.etcInfo.filter((item) => !item.contentType.endsWith('_name')), ...etc],
    })
    // No English name, a Korean account name: the English page falls back to it (nothing else to show).
    const koOnly = appOf(only([{ contentType: 'korea_name', content: '서민지' }], '서민지'))
    expect((await html('/en/rich-agent', koOnly)).html).toContain('class="home-hero__name">서민지</h1>')
    // No Korean name, an English account name: the Korean page shows the English name given.
    const enOnly = appOf(only([{ contentType: 'english_name', content: 'Minji Seo' }], 'M. Seo'))
    expect((await html('/rich-agent', enOnly)).html).toContain('class="home-hero__name">Minji Seo</h1>')
    expect((await html('/en/rich-agent', enOnly)).html).toContain('class="home-hero__name">Minji Seo</h1>')
    // No names given: the account's on both.
    const none = appOf(only([], 'Minji Seo'))
    expect((await html('/rich-agent', none)).html).toContain('class="home-hero__name">Minji Seo</h1>')
  })
})

describe('error pages in the page language (issue 31)', () => {
  it.each([
    ['/nope/deeper', '404 | 페이지를 찾을 수 없습니다'],
    ['/en/nope/deeper', '404 | Page Not Found'],
    ['/abc1', '404 | 페이지를 찾을 수 없습니다'],
    ['/en/abc1', '404 | Page Not Found'],
  ])("titles the provider's %s in the page's language; the spec's text stays in the body", async (path, expected) => {
    const { response, html: page } = await html(path)
    expect(response.status).toBe(404)
    expect(title(page)).toBe(expected)
    expect(page).toMatch(/<p class="error-page__message" lang="en">Page (not|Not) (found|Found): /)
  })

  it.each([
    ['ko', '500 | 서버 오류가 발생했습니다'],
    ['en', '500 | Internal Server Error'],
  ])('titles the 500 page in %s', async (language, expected) => {
    const failing = appWith({
      realtors: () => failingStore(),
    })
    const response = await call(language === 'en' ? '/en/janekim' : '/janekim', { app: failing })
    expect(response.status).toBe(500)
    expect(title(await response.text())).toBe(expected)
  })
})

describe("a realtor's 404 in the realtor's frame (issue 31)", () => {
  it.each([
    [
      '/rich-agent/no-such-page',
      undefined,
      '서민지',
      '/rich-agent',
      '서민지 홈페이지로 돌아가기',
      '페이지를 찾을 수 없습니다',
    ],
    [
      '/en/rich-agent/homes/NOPE',
      undefined,
      'Minji Seo',
      '/en/rich-agent',
      "Back to Minji Seo's homepage",
      'Page Not Found',
    ],
    ['/en/no-such-page', 'grace.example', 'Minji Seo', '/en', "Back to Minji Seo's homepage", 'Page Not Found'],
  ])(
    '%s (host %s): 404 in their header, footer and colours, with the way home',
    async (path, host, name, home, back, heading) => {
      const { response, html: page } = await html(path, appOf(MINJI), host)
      expect(response.status).toBe(404)
      expect(page).toContain(`<span class="tenant-header__name">${name}</span>`)
      expect(page).toContain(`<p class="tenant-footer__name">${name}</p>`)
      expect(page).toMatch(/<body class="home[^"]*" style="--brand:#/)
      expect(page).toContain(`<a class="tenant-error__home" href="${home}">${back.replace("'", '&#x27;')}</a>`)
      expect(page).toContain(`<h1>${heading}</h1>`)
      expect(title(page)).toBe(`404 | ${heading} | ${name}`)
      expect(meta(page, 'name', 'robots')).toBe('noindex')
      // Not kept by any shared cache, and it counts no view.
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('cache-tag')).toBeNull()
      expect(page).not.toContain('data-page-view')
      // No platform frame.
      expect(page).not.toContain('class="site-header')
    },
  )

  it("keeps the provider's 404 for an unknown realtor, a builder path, and an unpublished homepage's visitors", async () => {
    const unknown = await html('/nobody/page')
    expect(unknown.response.status).toBe(404)
    expect(unknown.html).toContain('class="page error-page"')
    const builder = await html('/rich-agent/admin/nothing')
    expect(builder.response.status).toBe(404)
    expect(builder.html).not.toContain('tenant-error')
    const unpublished = await html('/rich-agent/no-such-page', appOf({ ...MINJI, isMakeHomepage: 'N' }))
    expect(unpublished.response.status).toBe(404)
    expect(unpublished.html).not.toContain('tenant-error')
    expect(unpublished.html).not.toContain('서민지')
  })
})
