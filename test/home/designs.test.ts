// The homepage designs (issue 33, docs/decisions/112-homepage-designs.md): a profile's designTemplate is the page's
// class (clean, the design before, adds none), the editorial and warm heroes fall back to the first gallery photo,
// the brand as text reaches 4.5:1 on the designs' papers, and the design is exported and imported with the profile.
import { describe, expect, it } from 'vitest'
import { brandInkOn, contrastRatio, designOf, templateOf } from '../../src/lib/home/design'
import type { Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { ADMIN, api, JANE, login } from '../api/client'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

const BASE = { designMainColor: '#1f4e79', designMainDarkMode: 'N', contentDarkMode: 'N', designFontSize: 16 } as const

describe('designOf', () => {
  it("adds the design's class for editorial and warm, none for clean or an unknown name", () => {
    expect(designOf({ ...BASE, designTemplate: 'editorial' }).className).toBe('home home--design-editorial')
    expect(designOf({ ...BASE, designMainDarkMode: 'Y', designTemplate: 'warm' }).className).toBe(
      'home home--main-dark home--design-warm',
    )
    expect(designOf({ ...BASE, designTemplate: 'clean' }).className).toBe('home')
    expect(designOf({ ...BASE, designTemplate: 'baroque' as never }).className).toBe('home')
    expect(templateOf(undefined)).toBe('clean')
    expect(templateOf('__proto__')).toBe('clean')
  })

  it('gives every design the brand as text for light and dark papers: the brand itself where it reads', () => {
    for (const designTemplate of ['clean', 'editorial', 'warm'] as const) {
      expect(designOf({ ...BASE, designTemplate }).style).toMatchObject({
        '--brand': '#1f4e79',
        '--brand-ink': '#1f4e79',
        '--brand-ink-dark': expect.stringMatching(/^#[0-9a-f]{6}$/),
      })
    }
    expect(designOf({ ...BASE, designMainColor: '#f5c518' }).style['--brand-ink']).not.toBe('#f5c518')
  })
})

describe('brandInkOn', () => {
  const hex = (n: number) => n.toString(16).padStart(2, '0')

  it('reaches 4.5:1 on the lightest and the darkest paper for every colour of a 16-step RGB grid', () => {
    const short: string[] = []
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) {
          const brand = `#${hex(r)}${hex(g)}${hex(b)}`
          if (contrastRatio(brandInkOn(brand, '#ebe3d7', '#000000'), '#ebe3d7') < 4.5) short.push(`${brand} light`)
          if (contrastRatio(brandInkOn(brand, '#2c251f', '#ffffff'), '#2c251f') < 4.5) short.push(`${brand} dark`)
        }
      }
    }
    expect(short).toEqual([])
  })

  it('keeps a brand that already reads, and darkens a light one only as far as needed', () => {
    expect(brandInkOn('#1f4e79', '#ebe3d7', '#000000')).toBe('#1f4e79')
    const gold = brandInkOn('#f5c518', '#ebe3d7', '#000000')
    expect(gold).not.toBe('#000000')
    expect(contrastRatio(gold, '#ebe3d7')).toBeGreaterThanOrEqual(4.5)
  })
})

describe('a homepage in each design', () => {
  const render = async (realtor: Realtor, path = '/rich-agent') =>
    (await call(path, { app: createApp({ realtors: () => fixtureStore([realtor]) }) })).text()

  it('carries the design on the body, in Korean and English', async () => {
    for (const design of ['editorial', 'warm'] as const) {
      for (const path of ['/rich-agent', '/en/rich-agent']) {
        const html = await render({ ...RICH, designTemplate: design }, path)
        expect(html, `${design} ${path}`).toMatch(
          new RegExp(`<body class="home home--main-dark home--design-${design}" style="[^"]*--brand-ink:#`),
        )
      }
    }
    expect(await render({ ...RICH, designTemplate: 'clean' })).toContain('<body class="home home--main-dark" ')
  })

  it('puts the first gallery photo behind the editorial and warm heroes when there is no top photo, not the clean one', async () => {
    const noTop = { ...RICH, photos: RICH.photos.filter((photo) => photo.path !== 'top') }
    const gallery = RICH.photos.find((photo) => photo.path === 'gallery')!
    const backdrop = (html: string) => /<img class="home-hero__backdrop" src="([^"]+)"/.exec(html)?.[1]
    expect(backdrop(await render({ ...noTop, designTemplate: 'editorial' }))).toBe(gallery.url)
    expect(backdrop(await render({ ...noTop, designTemplate: 'warm' }))).toBe(gallery.url)
    expect(backdrop(await render({ ...noTop, designTemplate: 'clean' }))).toBeUndefined()
    const top = RICH.photos.find((photo) => photo.path === 'top')!
    expect(backdrop(await render({ ...RICH, designTemplate: 'editorial' }))).toBe(top.url)
  })
})

describe('the design in the exported profile', () => {
  it('is exported, and an import of the export puts it back; an unknown design is refused, nothing changed', async () => {
    const admin = await login(ADMIN)
    const jane = await login(JANE)
    const patch = (json: object) => api('/v1/realtor/2', { method: 'PATCH', token: admin, json })
    const exportOf = async () => (await api('/v1/realtor/export/2', { token: jane })).text()
    const importOf = (file: string) => {
      const form = new FormData()
      form.set('file', new File([file], 'realtor.json', { type: 'application/json' }))
      form.set('realtorId', '2')
      return api('/v1/realtor/import/2', { method: 'POST', token: jane, body: form })
    }

    expect((await patch({ designTemplate: 'editorial' })).status).toBe(200)
    const exported = await exportOf()
    expect((JSON.parse(exported) as Realtor).designTemplate).toBe('editorial')
    expect((await patch({ designTemplate: 'warm' })).status).toBe(200)
    expect(((await (await importOf(exported)).json()) as Realtor).designTemplate).toBe('editorial')
    expect(await exportOf()).toBe(exported)
    const page = await (await call('/janekim')).text()
    expect(page).toContain('home--design-editorial')

    const refused = await importOf(JSON.stringify({ ...JSON.parse(exported), designTemplate: 'baroque' }))
    expect(refused.status).toBe(400)
    expect(((await (await api('/v1/realtor/2', { token: admin })).json()) as Realtor).designTemplate).toBe('editorial')
    expect((await patch({ designTemplate: 'gothic' })).status).toBe(400)
  })
})
