import { describe, expect, it } from 'vitest'
import { groupPhotos, pickPhoto, safePhotoUrl } from '../../src/lib/home/photos'
import { aboutMeOf, displayNameOf, etcInfoOf, marketOf, yearsOfExperience } from '../../src/lib/home/profile'
import type { Photo } from '../../src/lib/realtors/types'

describe('tenant profile derivations', () => {
  it('derives the market: all CA crmls, all GA fmls, else empty', () => {
    expect(marketOf([{ state: 'CA' }, { state: 'CA' }])).toBe('crmls')
    expect(marketOf([{ state: 'GA' }])).toBe('fmls')
    expect(marketOf([{ state: 'CA' }, { state: 'GA' }])).toBe('')
    expect(marketOf([])).toBe('')
  })

  it('groups photos by path, drops unsafe URLs and defaults to empty lists', () => {
    const photos: Photo[] = [
      { path: 'gallery', imageType: 'fullsize', url: '/photos/a.png' },
      { path: 'gallery', imageType: 'fullsize', url: 'https://cdn.example/b.png' },
      { path: 'logo', imageType: 'thumbnail', url: 'javascript:alert(1)' },
      { path: 'top', imageType: 'fullsize', url: 'data:image/png;base64,AAA' },
      { path: 'id', imageType: 'thumbnail', url: '//evil.example/x.png' },
    ]
    const groups = groupPhotos(photos)
    expect(groups.gallery.map((p) => p.url)).toEqual(['/photos/a.png', 'https://cdn.example/b.png'])
    expect(groups.logo).toEqual([])
    expect(groups.top).toEqual([])
    expect(groups.id).toEqual([])
    expect(groupPhotos(undefined).ogImage).toEqual([])
  })

  it('picks the preferred image type, else any', () => {
    const thumb: Photo = { path: 'id', imageType: 'thumbnail', url: '/t.png' }
    const full: Photo = { path: 'id', imageType: 'fullsize', url: '/f.png' }
    expect(pickPhoto([thumb, full])).toBe(full)
    expect(pickPhoto([thumb], 'fullsize')).toBe(thumb)
    expect(pickPhoto([])).toBeUndefined()
  })

  it('keeps only site paths and http(s) URLs for photos', () => {
    expect(safePhotoUrl('/photos/seed/x/logo.png')).toBe('/photos/seed/x/logo.png')
    expect(safePhotoUrl('http://a.example/x.png')).toBe('http://a.example/x.png')
    expect(safePhotoUrl('/photos/x.png" onerror="x')).toBeNull()
    expect(safePhotoUrl('vbscript:x')).toBeNull()
  })

  it('shows about me in the page language, falling back to the other', () => {
    const both = { aboutMeKr: '안녕하세요', aboutMeEn: 'Hello' }
    expect(aboutMeOf(both, 'ko')).toBe('안녕하세요')
    expect(aboutMeOf(both, 'en')).toBe('Hello')
    expect(aboutMeOf({ aboutMeKr: '', aboutMeEn: 'Hello' }, 'ko')).toBe('Hello')
    expect(aboutMeOf({ aboutMeKr: '안녕', aboutMeEn: '  ' }, 'en')).toBe('안녕')
    expect(aboutMeOf({ aboutMeKr: '', aboutMeEn: '' }, 'en')).toBe('')
  })

  it('counts whole years of experience to the end date or today', () => {
    const today = new Date('2026-11-22T00:00:00Z')
    expect(yearsOfExperience('2012-03-01', '', today)).toBe(14)
    expect(yearsOfExperience('2012-03-01', '2020-02-28', today)).toBe(7)
    expect(yearsOfExperience('', '', today)).toBe(0)
    expect(yearsOfExperience('2030-01-01', '', today)).toBe(0)
  })

  it('reads etcInfo by type, the first non-empty of each', () => {
    const info = etcInfoOf([
      { contentType: 'korea_name', content: ' ' },
      { contentType: 'korea_name', content: '김제인' },
      { contentType: 'company_phone', content: '404-555-0100' },
    ])
    expect(info).toEqual({ korea_name: '김제인', company_phone: '404-555-0100' })
    expect(etcInfoOf(undefined)).toEqual({})
  })

  it('uses the Korean name on Korean pages', () => {
    const realtor = {
      name: 'Jane Kim',
      desiredUrl: 'janekim',
      etcInfo: [{ contentType: 'korea_name' as const, content: '김제인' }],
    }
    expect(displayNameOf(realtor, 'ko')).toBe('김제인')
    expect(displayNameOf(realtor, 'en')).toBe('Jane Kim')
    expect(displayNameOf({ ...realtor, name: '', etcInfo: [] }, 'en')).toBe('janekim')
  })
})
