// Testimonials, the section order and extra sections in both languages through the API (issue 33,
// docs/decisions/111): bad input is refused whole with translated messages, and an export imports back exactly.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { splitSql } from '../../scripts/sql.mjs'
import seedSql from '../../seed/0033_testimonials.sql?raw'
import { additionalSectionSchema, testimonialSchema } from '../../src/lib/realtors/schema'
import { HOME_SECTIONS, type Realtor } from '../../src/lib/realtors/types'
import { ADMIN, api, errorOf, JANE, login } from './client'

let admin: string
let jane: string

beforeAll(async () => {
  admin = await login(ADMIN)
  jane = await login(JANE)
})

const rowOf = (id: number) => env.DB.prepare('SELECT profile FROM realtors WHERE id = ?').bind(id).first()
const patch = (json: unknown, language: 'ko' | 'en') =>
  api('/v1/realtor/2', { method: 'PATCH', token: jane, json, headers: { 'accept-language': language } })

const CONTENT = {
  testimonials: [
    {
      quoteKr: '정말 감사했습니다.',
      quoteEn: 'Thank you so much.',
      clientName: 'S. Lee',
      sourceUrl: 'https://www.zillow.com/profile/x',
      rating: 5,
    },
    { quoteKr: '', quoteEn: 'English only.', clientName: 'M. R.', sourceUrl: '', rating: 0 },
  ],
  sectionOrder: ['testimonials', 'additional', 'about'],
  additionalSections: [
    { title: '해안 주택 체크', content: '점검 항목', titleEn: 'Coastal homes', contentEn: 'What to check' },
  ],
}

describe('testimonials and sections through the API', () => {
  it('refuses a testimonial without a quote, a bad rating and a repeated section, in the caller language', async () => {
    const before = await rowOf(2)
    const fieldsOf = async (json: unknown, language: 'ko' | 'en') => {
      const response = await patch(json, language)
      expect(response.status).toBe(400)
      return Object.fromEntries((await errorOf(response)).fields!.map((f) => [f.path, f.message]))
    }
    const noQuote = {
      testimonials: [{ quoteKr: ' ', quoteEn: '', clientName: 'S. Lee', sourceUrl: '', rating: 5 }],
      sectionOrder: ['about', 'about'],
    }
    expect(await fieldsOf(noQuote, 'ko')).toEqual({
      'testimonials.0.quoteKr': '후기 내용을 한국어나 영어 중 하나 이상 입력해 주세요.',
      sectionOrder: '같은 섹션이 두 번 들어 있습니다.',
    })
    expect(await fieldsOf(noQuote, 'en')).toEqual({
      'testimonials.0.quoteKr': 'Enter what the client said, in Korean or English (or both).',
      sectionOrder: 'A section is listed twice.',
    })
    const badValues = {
      testimonials: [{ quoteKr: '좋아요', quoteEn: '', clientName: '', sourceUrl: 'javascript:alert(1)', rating: 6 }],
    }
    const ko = await fieldsOf(badValues, 'ko')
    expect(Object.keys(ko).sort()).toEqual([
      'testimonials.0.clientName',
      'testimonials.0.rating',
      'testimonials.0.sourceUrl',
    ])
    for (const message of Object.values(ko)) expect(message).toMatch(/[가-힣]/)
    expect(await rowOf(2)).toEqual(before)
  })

  it('saves them, and an export imports back exactly with them', async () => {
    const saved = await patch(CONTENT, 'en')
    expect(saved.status).toBe(200)
    const realtor = (await saved.json()) as Realtor
    expect(realtor.testimonials).toEqual(CONTENT.testimonials)
    expect(realtor.sectionOrder).toEqual(CONTENT.sectionOrder)
    expect(realtor.additionalSections).toEqual(CONTENT.additionalSections)
    const exported = await (await api('/v1/realtor/export/2', { token: admin })).text()
    expect(JSON.parse(exported)).toMatchObject(CONTENT)
    await patch({ testimonials: [], sectionOrder: [...HOME_SECTIONS].reverse(), additionalSections: [] }, 'en')
    const form = new FormData()
    form.set('file', new File([exported], 'realtor.json', { type: 'application/json' }))
    form.set('realtorId', '2')
    const imported = await api('/v1/realtor/import/2', { method: 'POST', token: admin, body: form })
    expect(imported.status).toBe(201)
    expect(await imported.json()).toMatchObject(CONTENT)
    expect(await (await api('/v1/realtor/export/2', { token: admin })).text()).toBe(exported)
  })
})

describe('seed/0033_testimonials.sql', () => {
  it('gives two demo realtors valid testimonials in both languages and bilingual sections, once', () => {
    const statements = splitSql(seedSql)
    expect(statements).toHaveLength(2)
    for (const statement of statements) {
      expect(statement).toMatch(
        /WHERE desired_url = '(janekim|danielpark)' AND json_type\(profile, '\$\.testimonials'\) IS NULL$/,
      )
      const lists = [...statement.matchAll(/json\('(\[.*?\])'\)/g)].map((m) => JSON.parse(m[1]!.replace(/''/g, "'")))
      const [testimonials, sections] = lists as [unknown[], unknown[]]
      expect(testimonials.length).toBeGreaterThanOrEqual(4)
      for (const item of testimonials) expect(testimonialSchema.safeParse(item).success).toBe(true)
      const parsed = testimonials.map((item) => testimonialSchema.parse(item))
      expect(parsed.filter((t) => t.quoteKr && t.quoteEn).length).toBeGreaterThanOrEqual(3)
      for (const item of sections) {
        const section = additionalSectionSchema.parse(item)
        expect(section.title && section.titleEn, JSON.stringify(section)).toBeTruthy()
      }
    }
  })
})
