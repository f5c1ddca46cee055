// "Keep my changes" (decision 082): the realtor's edits made again on the version saved elsewhere.
import { describe, expect, it } from 'vitest'
import { draftOf, type RealtorDraft } from '../../src/lib/builder/form'
import { rebaseDraft, rebasePhotos } from '../../src/lib/builder/rebase'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import type { Photo, Realtor } from '../../src/lib/realtors/types'

const photo = (path: Photo['path'], url: string): Photo => ({ path, imageType: 'fullsize', url })
const base: RealtorDraft = draftOf({
  ...REALTOR_DEFAULTS,
  id: 2,
  userId: 2,
  name: 'Jane Kim',
  desiredUrl: 'janekim',
  aboutMeEn: 'Hello',
  licenseNumber: 'L-1',
  photos: [photo('id', '/p/portrait.jpg'), photo('gallery', '/p/g1.jpg'), photo('gallery', '/p/g2.jpg')],
} as Realtor)

describe('rebaseDraft', () => {
  it('takes their value where I kept the base, mine where I changed it, mine where both changed it', () => {
    const mine = { ...base, aboutMeEn: 'Mine', contactPhone: '(213) 555-0101', salesCount: '9' }
    const theirs = { ...base, licenseNumber: 'L-2', contactPhone: '(213) 555-0199', isMakeHomepage: 'Y' as const }
    const rebased = rebaseDraft(base, mine, theirs)
    expect(rebased).toMatchObject({
      aboutMeEn: 'Mine',
      licenseNumber: 'L-2',
      contactPhone: '(213) 555-0101',
      salesCount: '9',
      isMakeHomepage: 'Y',
    })
  })

  it('merges objects key by key: my Korean SEO title and their English description both stay', () => {
    const mine = { ...base, seoMeta: { ...base.seoMeta, ko: { ...base.seoMeta.ko, title: '제인 김' } } }
    const theirs = { ...base, seoMeta: { ...base.seoMeta, en: { ...base.seoMeta.en, description: 'Irvine homes' } } }
    const { seoMeta } = rebaseDraft(base, mine, theirs)
    expect(seoMeta.ko.title).toBe('제인 김')
    expect(seoMeta.en.description).toBe('Irvine homes')
  })

  it('is their version when I changed nothing, and mine when they changed nothing', () => {
    const changed = { ...base, aboutMeKr: '안녕하세요' }
    expect(rebaseDraft(base, base, changed)).toEqual(changed)
    expect(rebaseDraft(base, changed, base)).toEqual(changed)
  })
})

describe('rebasePhotos', () => {
  it('keeps a photo either side added, in my order, and none either side removed', () => {
    const mine = [photo('gallery', '/p/g2.jpg'), photo('id', '/p/portrait.jpg'), photo('gallery', '/p/mine.jpg')]
    const theirs = [photo('id', '/p/portrait.jpg'), photo('gallery', '/p/g1.jpg'), photo('gallery', '/p/theirs.jpg')]
    // I removed g1 and added mine.jpg, reordering; they removed g2 and added theirs.jpg.
    expect(rebasePhotos(base.photos, mine, theirs)).toEqual([
      photo('id', '/p/portrait.jpg'),
      photo('gallery', '/p/mine.jpg'),
      photo('gallery', '/p/theirs.jpg'),
    ])
  })

  it('keeps their new portrait when I changed only the gallery', () => {
    const mine = [...base.photos, photo('gallery', '/p/mine.jpg')]
    const theirs = [photo('id', '/p/new-portrait.jpg'), ...base.photos.slice(1)]
    expect(rebasePhotos(base.photos, mine, theirs)).toEqual([
      ...base.photos.slice(1),
      photo('gallery', '/p/mine.jpg'),
      photo('id', '/p/new-portrait.jpg'),
    ])
  })

  it('keeps my portrait where both replaced it: a slot holds one photo', () => {
    const mine = [photo('id', '/p/mine.jpg'), ...base.photos.slice(1)]
    const theirs = [photo('id', '/p/theirs.jpg'), ...base.photos.slice(1)]
    expect(rebasePhotos(base.photos, mine, theirs)).toEqual(mine)
  })
})
