// Every realtor field of docs/product.md §3.1 shows on the homepage or is documented there as "Not on
// the homepage" (editor-only): RICH (every field, photo path and etcInfo type set) rendered in ko and en.
import { describe, expect, it } from 'vitest'
import productMd from '../../docs/product.md?raw'
import { formatPhone } from '../../src/lib/format'
import { yearsOfExperience } from '../../src/lib/home/profile'
import { ETC_INFO_TYPES, type EtcInfoType, PHOTO_PATHS, type Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

type Pages = { ko: string; en: string }
type Check = (r: Realtor) => [keyof Pages, string][]

const ko = (...texts: string[]) => texts.map((text): [keyof Pages, string] => ['ko', text])
const en = (...texts: string[]) => texts.map((text): [keyof Pages, string] => ['en', text])
const etc = (r: Realtor, type: EtcInfoType) => r.etcInfo.find((item) => item.contentType === type)?.content ?? ''

/** The etcInfo types, each with where its content shows. */
const ETC: Record<EtcInfoType, Check> = {
  korea_name: (r) => ko(`<h1 id="home-name" class="home-hero__name">${etc(r, 'korea_name')}</h1>`),
  // The name on English pages (decision 103), and under the Korean name on Korean pages.
  english_name: (r) => [
    ...en(`<h1 id="home-name" class="home-hero__name">${etc(r, 'english_name')}</h1>`),
    ...ko(`<p class="home-hero__alt-name" lang="en">${etc(r, 'english_name')}</p>`),
  ],
  zillow_link: (r) => ko(`href="${etc(r, 'zillow_link')}"`),
  // Not a link: the listing-agent ID beside the license in the footer.
  home_list_realtor: (r) => [...ko(`리스팅 에이전트 ID ${etc(r, 'home_list_realtor')}`), ...en('Listing agent ID')],
  company_address: (r) => ko(etc(r, 'company_address')),
  company_phone: (r) => ko(`회사 전화 ${formatPhone(etc(r, 'company_phone'))}`),
  company_fax: (r) => ko(`팩스 ${formatPhone(etc(r, 'company_fax'))}`),
  // The brokerage's license under its state's label, the label the realtor typed not doubled (decision 101).
  company_license: () => [...ko('>중개회사 DRE #00998877</p>'), ...en('>Brokerage DRE #00998877</p>')],
  company_name: (r) => [
    ...ko(`<p class="tenant-footer__brokerage" data-testid="footer-brokerage">${etc(r, 'company_name')}</p>`),
    ...en(`data-testid="footer-brokerage">${etc(r, 'company_name')}</p>`),
  ],
}

/** The fields the homepage shows, each with texts of the Korean or English page that carry its value. */
const SHOWN: Partial<Record<keyof Realtor, Check>> = {
  // The account's name, while the realtor gives none in English (decision 103; RICH's English name is the same).
  name: (r) => en(`<h1 id="home-name" class="home-hero__name">${r.name}</h1>`),
  desiredUrl: (r) => ko(`href="/${r.desiredUrl}/terms"`),
  hompageUrl: (r) => ko(`<link rel="canonical" href="${r.hompageUrl}"/>`),
  contactPhone: (r) => ko(formatPhone(r.contactPhone)),
  email: (r) => ko(`href="mailto:${r.email}"`),
  kakaoLink: (r) => ko(`href="${r.kakaoLink}"`),
  photos: (r) => ko(...r.photos.map((photo) => `${photo.url}"`), 'alt="회사 로고"'),
  etcInfo: (r) => r.etcInfo.flatMap((item) => ETC[item.contentType](r)),
  activityRegion: (r) => ko(...r.activityRegion.flatMap((a) => [`${a.city}, ${a.state}`, a.neighborhood, a.zipcode])),
  snsYoutubeUrl: (r) => ko(`href="${r.snsYoutubeUrl}"`),
  snsInstagramUrl: (r) => ko(`href="${r.snsInstagramUrl}"`),
  aboutMeKr: (r) => ko(r.aboutMeKr),
  aboutMeEn: (r) => en(r.aboutMeEn),
  salesCount: (r) => ko(r.salesCount.toLocaleString('en-US')),
  lastYearSalesTotal: () => ko('$71.80M'),
  // California's label, in hero and footer alike, in both languages: "DRE #01876520" (decision 101).
  licenseNumber: (r) => [
    ...ko(`<span>${r.licenseNumber}</span>`, `data-testid="footer-license">${r.licenseNumber}</p>`),
    ...en(`data-testid="footer-license">${r.licenseNumber}</p>`),
  ],
  careerStart: (r) => ko(`<dd>${yearsOfExperience(r.careerStart, r.careerEnd, new Date())}년</dd>`),
  careerEnd: (r) => ko(`<dd>${yearsOfExperience(r.careerStart, r.careerEnd, new Date())}년</dd>`),
  designMainColor: (r) => ko(`--brand:${r.designMainColor}`),
  designFontSize: (r) => ko(`--home-font-size:${r.designFontSize}px`),
  designMainDarkMode: () => ko('<body class="home home--main-dark"'),
  contentDarkMode: () => ko('<body class="home home--main-dark" '),
  // RICH's design is clean, the design before issue 33: no class of its own (the others: test/home/designs.test.ts).
  designTemplate: (r) =>
    ko(r.designTemplate === 'clean' ? '<body class="home home--main-dark" ' : `home--design-${r.designTemplate}"`),
  recommendedYoutubeUrl: (r) => ko(`href="${r.recommendedYoutubeUrl}"`),
  additionalSections: (r) => [
    ...ko(...r.additionalSections.flatMap((s) => [s.title, s.content])),
    ...en(...r.additionalSections.flatMap((s) => [s.titleEn, s.contentEn])),
  ],
  // Each quote on its own language's page, with the client's name and where it was posted (decision 111).
  testimonials: (r) => [
    ...ko(...r.testimonials.flatMap((q) => [`>${q.quoteKr}</p>`, `>${q.clientName}</cite>`, `href="${q.sourceUrl}"`])),
    ...en(...r.testimonials.map((q) => `>${q.quoteEn}</p>`)),
  ],
  // RICH puts testimonials first: the about section follows them.
  sectionOrder: () => ko('</ul></section><section id="about" class="home-section home-about"'),
  seoMeta: (r) =>
    (['ko', 'en'] as const).flatMap((locale) =>
      Object.values(r.seoMeta[locale]).map((text): [keyof Pages, string] => [locale, text]),
    ),
  madeForRealtor: () => ko('Built for Realtors로 만든 홈페이지입니다.'),
  // The registration prompt's island, counting to RICH's 4 home pages (decision 107).
  buyerPrompt: () => ko('data-island="BuyerPrompt"'),
  buyerPromptViews: (r) => ko(`"views":${r.buyerPromptViews}`),
}

/** Fields no visitor sees; docs/product.md §3.1 says so ("Not on the homepage: why") in the row's last column. */
const EDITOR_ONLY: (keyof Realtor)[] = ['id', 'userId', 'isMakeHomepage', 'ppProfileId']

const render = async (realtor: Realtor): Promise<Pages> => {
  const app = createApp({ realtors: () => fixtureStore([realtor]) })
  const [koPage, enPage] = await Promise.all(
    ['/rich-agent', '/en/rich-agent'].map(async (path) => (await call(path, { app })).text()),
  )
  return { ko: koPage!, en: enPage! }
}

/** The "On the page" cell of a field's row in the §3.1 table. */
function documented(field: string): string | undefined {
  const rows = productMd.split('\n').filter((line) => line.startsWith('| `'))
  return rows
    .find((line) => line.split(' | ')[0]!.includes(`\`${field}\``))
    ?.split(' | ')
    .at(-1)
}

describe('the realtor fields on the homepage (docs/product.md §3.1)', () => {
  it('has a realtor fixture with every field, photo path and etcInfo type set', () => {
    expect(new Set(RICH.photos.map((photo) => photo.path))).toEqual(new Set(PHOTO_PATHS))
    expect(new Set(RICH.etcInfo.map((item) => item.contentType))).toEqual(new Set(ETC_INFO_TYPES))
    const unset = Object.entries(RICH).filter(([, value]) => value === '' || value === null)
    expect(unset.map(([key]) => key)).toEqual(['careerEnd'])
  })

  it('shows every field but the editor-only ones, each value where a visitor reads it', async () => {
    expect(
      Object.keys(RICH)
        .filter((key) => !(key in SHOWN) && !EDITOR_ONLY.includes(key as keyof Realtor))
        .sort(),
    ).toEqual([])
    const pages = await render(RICH)
    for (const [field, check] of Object.entries(SHOWN)) {
      for (const [locale, text] of check!(RICH)) expect(pages[locale], `${field} on /${locale}`).toContain(text)
    }
  })

  it("names the realtor in each page's language: the name given for it, else the account's (decision 103)", async () => {
    const named = (english: string | null) => ({
      ...RICH,
      etcInfo: [
        ...RICH.etcInfo.filter((item) => item.contentType !== 'english_name'),
        ...(english ? [{ contentType: 'english_name' as const, content: english }] : []),
      ],
    })
    const given = await render(named('Grace Y. Han'))
    expect(given.en).toContain('<h1 id="home-name" class="home-hero__name">Grace Y. Han</h1>')
    expect(given.en).toContain('<meta property="og:site_name" content="Grace Y. Han"/>')
    expect(given.ko).toContain('<h1 id="home-name" class="home-hero__name">한그레이스</h1>')
    expect(given.ko).toContain('<p class="home-hero__alt-name" lang="en">Grace Y. Han</p>')
    expect(given.ko + given.en).not.toContain(`>${RICH.name}<`)
    const unnamed = await render(named(null))
    expect(unnamed.en).toContain(`<h1 id="home-name" class="home-hero__name">${RICH.name}</h1>`)
  })

  it('documents each editor-only field as not on the homepage, with the reason, and never shows its value', async () => {
    for (const field of EDITOR_ONLY) expect(documented(field), field).toMatch(/^Not on the homepage: \w.{20,}/)
    const pages = await render(RICH)
    expect(pages.ko + pages.en).not.toContain(RICH.ppProfileId)
  })

  it('shows the logo and the second logo side by side in the footer', async () => {
    const { en: html } = await render(RICH)
    const logos = /<p class="tenant-footer__logos">(.*?)<\/p>/.exec(html)?.[1]
    expect(logos).toContain('src="/photos/seed/grace/logo.png"')
    expect(logos).toMatch(
      /src="\/photos\/seed\/grace\/logo2.png" srcSet="[^"]+\.w480\.webp 480w[^"]*" sizes="48px" alt="Brokerage logo"/,
    )
    const without = await render({ ...RICH, photos: RICH.photos.filter((photo) => photo.path !== 'logo2') })
    expect(without.en).not.toContain('tenant-footer__logos')
  })

  it('renders home_list_realtor as what it holds: a link, an ID, or nothing when it repeats the license', async () => {
    const withValue = (content: string) => ({
      ...RICH,
      etcInfo: RICH.etcInfo.map((item) => (item.contentType === 'home_list_realtor' ? { ...item, content } : item)),
    })
    const link = await render(withValue('https://grace.example/listings'))
    expect(link.en).toMatch(
      /<a class="chip chip--homes" href="https:\/\/grace.example\/listings"[^>]*>My listings<\/a>/,
    )
    expect(link.en).not.toContain('Listing agent ID')
    const id = await render(withValue('CRMLS #GH7781'))
    expect(id.en).toContain('<p>Listing agent ID CRMLS #GH7781</p>')
    expect(id.en).not.toContain('chip--homes')
    const repeat = await render(withValue(` ${RICH.licenseNumber.toLowerCase()} `))
    expect(repeat.en).not.toContain('Listing agent ID')
  })
})
