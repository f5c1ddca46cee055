// Testimonials, the order of the homepage's sections and extra sections in both languages (issue 33,
// docs/decisions/111), as visitors get them: each page shows only its own language's words, at most three
// testimonials on the homepage and all of them on /reviews, in the realtor's order; no review markup.
import { describe, expect, it } from 'vitest'
import { sectionOrderOf } from '../../src/lib/home/section-order'
import { sourceNameOf, testimonialsIn } from '../../src/lib/home/testimonials'
import type { Realtor, Testimonial } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

const quote = (n: number, over: Partial<Testimonial> = {}): Testimonial => ({
  quoteKr: `한국어 후기 ${n}번`,
  quoteEn: `English quote number ${n}`,
  clientName: `Client ${n}`,
  sourceUrl: '',
  rating: 0,
  ...over,
})

const TESTIMONIALS: Testimonial[] = [
  quote(1, { sourceUrl: 'https://www.zillow.com/profile/grace', rating: 5 }),
  // Korean only: never on the English pages.
  quote(2, { quoteEn: '', sourceUrl: 'https://www.yelp.com/biz/grace', rating: 4 }),
  // English only: never on the Korean pages.
  quote(3, { quoteKr: '', sourceUrl: 'https://g.page/r/grace', rating: 3 }),
  quote(4),
  quote(5, { rating: 1 }),
]

const realtor = (over: Partial<Realtor> = {}): Realtor => ({ ...RICH, testimonials: TESTIMONIALS, ...over })
const pageOf = async (r: Realtor, path: string, host?: string) => {
  const response = await call(path, { app: createApp({ realtors: () => fixtureStore([r]) }), host })
  return { status: response.status, headers: response.headers, html: await response.text() }
}
/** The homepage's testimonials section alone. */
const sectionOf = (html: string) => html.match(/<section id="testimonials"[\s\S]*?<\/section>/)?.[0] ?? ''
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0

describe('testimonials on the homepage', () => {
  it("shows at most three, only those written in the page's language, in the realtor's order", async () => {
    const ko = sectionOf((await pageOf(realtor(), '/rich-agent')).html)
    expect(ko).toContain('<section id="testimonials" class="home-section home-testimonials"')
    expect(count(ko, /<blockquote class="testimonial"/g)).toBe(3)
    expect(ko.indexOf('한국어 후기 1번')).toBeLessThan(ko.indexOf('한국어 후기 2번'))
    expect(ko.indexOf('한국어 후기 2번')).toBeLessThan(ko.indexOf('한국어 후기 4번'))
    expect(ko).not.toContain('English quote')
    expect(ko).not.toContain('후기 5번')
    const en = sectionOf((await pageOf(realtor(), '/en/rich-agent')).html)
    expect(count(en, /<blockquote class="testimonial"/g)).toBe(3)
    expect(en).toContain('English quote number 3')
    expect(en).not.toContain('number 2')
    expect(en).not.toMatch(/[가-힣]/)
  })

  it('names the client, reads the rating as "n out of 5" and links the source, nofollow, by its site', async () => {
    const en = sectionOf((await pageOf(realtor(), '/en/rich-agent')).html)
    expect(en).toContain('<cite class="testimonial__name">Client 1</cite>')
    expect(en).toContain('class="testimonial__rating" role="img" aria-label="5 out of 5">★★★★★<')
    expect(en).toContain('aria-label="3 out of 5">★★★<span class="testimonial__rating-off">☆☆</span>')
    expect(en).toContain(
      '<a class="testimonial__source" href="https://www.zillow.com/profile/grace" rel="nofollow noopener">Read on Zillow</a>',
    )
    expect(en).toContain('rel="nofollow noopener">Read on Google</a>')
    // No rating given: no stars at all; no source: no link.
    const ko = sectionOf((await pageOf(realtor(), '/rich-agent')).html)
    expect(ko).toContain('aria-label="5점 만점에 4점"')
    expect(count(ko, /class="testimonial__rating"/g)).toBe(2)
    expect(ko).toContain('Yelp에서 보기')
  })

  it('links "See all N reviews" to the reviews page while there are more than three, on each address', async () => {
    expect(sectionOf((await pageOf(realtor(), '/rich-agent')).html)).toContain(
      '<a href="/rich-agent/reviews">후기 4개 모두 보기</a>',
    )
    expect(sectionOf((await pageOf(realtor(), '/en/rich-agent')).html)).toContain(
      '<a href="/en/rich-agent/reviews">See all 4 reviews</a>',
    )
    expect(sectionOf((await pageOf(realtor(), 'http://grace.example/en', 'grace.example')).html)).toContain(
      '<a href="/en/reviews">See all 4 reviews</a>',
    )
    const three = sectionOf((await pageOf(realtor({ testimonials: TESTIMONIALS.slice(0, 3) }), '/rich-agent')).html)
    expect(three).toContain('한국어 후기 2번')
    expect(three).not.toContain('/reviews')
  })

  it('leaves the section out while none is written in the language, and never adds review markup', async () => {
    const koOnly = realtor({ testimonials: [quote(1, { quoteEn: '', rating: 5 })] })
    expect((await pageOf(koOnly, '/rich-agent')).html).toContain('home-testimonials')
    const en = (await pageOf(koOnly, '/en/rich-agent')).html
    expect(en).not.toContain('home-testimonials')
    expect(en).not.toContain('한국어 후기')
    for (const path of ['/rich-agent', '/rich-agent/reviews']) {
      const { html } = await pageOf(realtor(), path)
      // The homepage's JSON-LD is the RealEstateAgent alone.
      if (path === '/rich-agent') expect(html).toContain('"@type":"RealEstateAgent"')
      expect(html).not.toMatch(/"@type":"(Review|AggregateRating|Rating)"|"review"|"aggregateRating"/)
    }
  })
})

describe('the reviews page', () => {
  it("lists every testimonial in the page's language, on /{desiredUrl}/reviews and the custom domain's /reviews", async () => {
    const ko = await pageOf(realtor(), '/rich-agent/reviews')
    expect(ko.status).toBe(200)
    expect(ko.html).toContain('<h1>고객 후기</h1>')
    expect(count(ko.html, /<blockquote class="testimonial"/g)).toBe(4)
    expect(ko.html).toContain('한국어 후기 5번')
    expect(ko.html).not.toContain('English quote')
    const en = await pageOf(realtor(), 'http://grace.example/en/reviews', 'grace.example')
    expect(en.status).toBe(200)
    expect(en.html).toContain('<h1>Client reviews</h1>')
    expect(count(en.html, /<blockquote class="testimonial"/g)).toBe(4)
    expect(en.html).not.toContain('number 2')
    expect(en.html).toContain('<link rel="canonical" href="https://grace.example/en/reviews"/>')
  })

  it("is kept like the homepage: shared, tagged with the realtor's tag", async () => {
    const { headers } = await pageOf(realtor(), '/rich-agent/reviews')
    expect(headers.get('cache-control')).toMatch(/public/)
    expect(headers.get('cache-tag')).toContain('realtor')
  })

  it('is not there (404) while no testimonial is written in its language', async () => {
    expect((await pageOf(realtor({ testimonials: [] }), '/rich-agent/reviews')).status).toBe(404)
    const koOnly = realtor({ testimonials: [quote(1, { quoteEn: '' })] })
    expect((await pageOf(koOnly, '/rich-agent/reviews')).status).toBe(200)
    const en = await pageOf(koOnly, '/en/rich-agent/reviews')
    expect(en.status).toBe(404)
    expect(en.html).not.toContain('한국어 후기')
  })

  it('is in the sitemap while it has reviews in both languages', async () => {
    const sitemap = async (r: Realtor) => (await pageOf(r, 'http://grace.example/sitemap.xml', 'grace.example')).html
    expect(await sitemap(realtor())).toContain('<loc>https://grace.example/reviews</loc>')
    expect(await sitemap(realtor())).toContain('<loc>https://grace.example/en/reviews</loc>')
    expect(await sitemap(realtor({ testimonials: [] }))).not.toContain('/reviews')
    expect(await sitemap(realtor({ testimonials: [quote(1, { quoteEn: '' })] }))).not.toContain('/reviews')
  })
})

describe('the order of the homepage sections', () => {
  const positions = (html: string, classes: string[]) =>
    classes.map((name) => html.indexOf(`class="home-section ${name}`))

  it("follows the realtor's order; hero and stats first, valuation and contact last, regions with about", async () => {
    const order = ['additional', 'testimonials', 'gallery', 'about'] as Realtor['sectionOrder']
    const { html } = await pageOf(realtor({ sectionOrder: order }), '/rich-agent')
    const [extra, testimonials, gallery, about, regions, video] = positions(html, [
      'home-extra',
      'home-testimonials',
      'home-gallery',
      'home-about',
      'home-regions',
      'home-video',
    ])
    expect(extra).toBeGreaterThan(html.indexOf('class="home-hero'))
    expect([extra, testimonials, gallery, about, regions, video]).toEqual(
      [extra, testimonials, gallery, about, regions, video].sort((a, b) => a! - b!),
    )
    expect(extra).toBeGreaterThan(0)
    // listings and video, left out of the order, follow in the default order, before the valuation request.
    expect(html.indexOf('id="contact"')).toBeGreaterThan(video!)
  })

  it('reads an order with unknown or repeated ids as the ids it knows, once each, then the rest', () => {
    expect(sectionOrderOf(['video', 'bogus', 'video', 'about'])).toEqual([
      'video',
      'about',
      'listings',
      'testimonials',
      'gallery',
      'additional',
    ])
    expect(sectionOrderOf(undefined)).toEqual(['about', 'listings', 'testimonials', 'gallery', 'video', 'additional'])
  })
})

describe('extra sections in both languages', () => {
  it("show only the page's language; a section empty in it is not shown there", async () => {
    const r = realtor({
      additionalSections: [
        {
          title: '해안 주택 체크',
          content: '바닷가 집의 점검 항목',
          titleEn: 'Coastal homes',
          contentEn: 'What to check',
        },
        { title: '한국어만', content: '한국어 내용', titleEn: '', contentEn: '' },
        { title: '', content: '', titleEn: 'English only', contentEn: 'English body' },
      ],
    })
    const ko = (await pageOf(r, '/rich-agent')).html
    expect(ko).toContain('<h2>해안 주택 체크</h2>')
    expect(ko).toContain('<h2>한국어만</h2>')
    expect(ko).not.toContain('Coastal homes')
    expect(ko).not.toContain('English only')
    const en = (await pageOf(r, '/en/rich-agent')).html
    expect(en).toContain('<h2>Coastal homes</h2>')
    expect(en).toContain('<p>English body</p>')
    expect(en).not.toContain('해안')
    expect(en).not.toContain('한국어만')
  })
})

describe('testimonialsIn and sourceNameOf', () => {
  it('names the review sites by host and any other by its host', () => {
    expect(sourceNameOf('https://www.zillow.com/profile/x')).toBe('Zillow')
    expect(sourceNameOf('https://maps.google.com/?cid=1')).toBe('Google')
    expect(sourceNameOf('https://www.yelp.com/biz/x')).toBe('Yelp')
    expect(sourceNameOf('https://www.example.org/r')).toBe('example.org')
    // A host that only ends like one is not it.
    expect(sourceNameOf('https://notzillow.com/x')).toBe('notzillow.com')
  })

  it('keeps no unsafe link and no rating out of range', () => {
    const [shown] = testimonialsIn([quote(1, { sourceUrl: 'javascript:alert(1)', rating: 9 })], 'en')
    expect(shown).toMatchObject({ sourceUrl: '', sourceName: '', rating: 0 })
  })
})
