// The homepage's gallery as the server renders it (docs/decisions/114-gallery-viewer.md): without
// JavaScript each photo is a link to its full-size image; each caption shows on its own language's page
// only; the strip is the GalleryStrip island, which opens the full-screen viewer once a visitor touches it.
import { describe, expect, it } from 'vitest'
import type { Photo, Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureStore } from '../fixtures/fixture-realtors'
import { RICH } from '../fixtures/rich-realtor'
import { call } from '../helpers'

const GALLERY: Photo[] = [
  {
    path: 'gallery',
    imageType: 'fullsize',
    url: '/photos/seed/grace/gallery-1.png',
    caption: '거실에서 본 정원',
    captionEn: 'The garden from the living room',
  },
  {
    path: 'gallery',
    imageType: 'fullsize',
    url: '/photos/seed/grace/gallery-2.png',
    caption: '한국어 설명만 있는 사진',
  },
  {
    path: 'gallery',
    imageType: 'fullsize',
    url: 'https://cdn.example/gallery-3.png',
    captionEn: 'Only in English',
    caption: '   ',
  },
]
const realtor: Realtor = { ...RICH, photos: [...RICH.photos.filter((photo) => photo.path !== 'gallery'), ...GALLERY] }

async function galleryOf(path: string, who = realtor) {
  const app = createApp({ realtors: () => fixtureStore([who]) })
  const html = await (await call(path, { app })).text()
  return /<section class="home-section home-gallery"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
}

/** The visible part of the section: the island's props (a JSON script) left out. */
const shown = (section: string) => section.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')

describe("the homepage's gallery", () => {
  it('is a strip of links to the full-size photos inside an island that hydrates on interaction', async () => {
    const section = await galleryOf('/rich-agent')
    expect(section).toContain('data-island="GalleryStrip"')
    expect(section).toContain('data-hydrate="interaction"')
    const links = [
      ...section.matchAll(/<a href="([^"]+)" data-replay="photo-(\d)"><img src="([^"]+)"([^>]*?) alt="([^"]+)"/g),
    ]
    expect(links.map(([, href, n, src]) => [href, n, src])).toEqual(
      GALLERY.map((photo, i) => [photo.url, String(i), photo.url]),
    )
    // An uploaded photo names its sizes (decision 113); a photo on another site is shown as it is.
    expect(links.map((link) => /srcSet="[^"]*\.w480\.webp 480w/.test(link[4]!))).toEqual([true, true, false])
    expect(links.map((link) => link[5])).toEqual([
      '한그레이스 갤러리 사진 1',
      '한그레이스 갤러리 사진 2',
      '한그레이스 갤러리 사진 3',
    ])
    // The viewer's dialog is there, closed, empty until a photo opens it.
    expect(section).toMatch(/<dialog class="photo-viewer" aria-label="한그레이스의 갤러리"><\/dialog>/)
  })

  it("shows each caption on its own language's page only, none where that language has none", async () => {
    const ko = shown(await galleryOf('/rich-agent'))
    const en = shown(await galleryOf('/en/rich-agent'))
    const captions = (html: string) =>
      [...html.matchAll(/<p class="home-gallery__caption">([^<]*)<\/p>/g)].map((m) => m[1])
    expect(captions(ko)).toEqual(['거실에서 본 정원', '한국어 설명만 있는 사진'])
    expect(captions(en)).toEqual(['The garden from the living room', 'Only in English'])
    // The island's props carry only the page's language too.
    const props = async (path: string) =>
      (await galleryOf(path)).match(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/)![1]!
    expect(await props('/rich-agent')).not.toMatch(/garden|Only in English/)
    expect(await props('/en/rich-agent')).not.toMatch(/정원|한국어/)
    expect(await props('/en/rich-agent')).toContain('"caption":"The garden from the living room"')
  })

  it('names the viewer and its controls in the page language and leaves the section out without photos', async () => {
    const en = await galleryOf('/en/rich-agent')
    expect(en).toContain('aria-label="Gallery of Grace Han"')
    expect(en).toContain('"homes.gallery.position":"{n} / {total}"')
    expect(en).toContain('"homes.gallery.close":"Close"')
    expect(
      await galleryOf('/rich-agent', { ...realtor, photos: RICH.photos.filter((p) => p.path !== 'gallery') }),
    ).toBe('')
  })
})
