import { describe, expect, it } from 'vitest'
import { moveItem } from '../../src/client/editor/photos/Gallery'
import { encodingsFor, fitWithin, MAX_EDGE, precheck } from '../../src/client/editor/photos/resize'
import { MAX_UPLOAD_BYTES } from '../../src/lib/uploads'

// The browser's decisions before an upload (docs/decisions/045-photo-slots.md), as pure functions.
const MB = 1024 * 1024

describe('precheck: refused at once, before any drawing or request', () => {
  it('refuses what is not a JPEG, PNG, WebP or GIF', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'image/heic', '', 'text/html'])
      expect(precheck({ type, size: 1000 }), type).toBe('type')
  })

  it('lets a 7 MB phone JPEG through (it is downscaled first), refuses a GIF over 5 MB (sent as it is)', () => {
    expect(precheck({ type: 'image/jpeg', size: 7 * MB })).toBeNull()
    expect(precheck({ type: 'image/png', size: 12 * MB })).toBeNull()
    expect(precheck({ type: 'image/gif', size: MAX_UPLOAD_BYTES })).toBeNull()
    expect(precheck({ type: 'image/gif', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooBig')
    expect(precheck({ type: 'image/jpeg', size: 60 * MB })).toBe('tooBig')
  })
})

describe('fitWithin: at most 2560 px on the long side, never enlarged', () => {
  it('scales the long side to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: MAX_EDGE, height: 1920 })
    expect(fitWithin(3024, 4032)).toEqual({ width: 1920, height: MAX_EDGE })
    expect(fitWithin(6000, 100)).toEqual({ width: 2560, height: 43 })
  })

  it('leaves smaller images as they are', () => {
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 })
    expect(fitWithin(2560, 2560)).toEqual({ width: 2560, height: 2560 })
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 })
  })
})

describe('encodingsFor: the output type', () => {
  it('photos become JPEG at falling quality, whatever they came as', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'] as const) {
      const encodings = encodingsFor(type, 'gallery')
      expect(
        encodings.every((e) => e.type === 'image/jpeg'),
        type,
      ).toBe(true)
      expect(encodings.map((e) => e.quality)).toEqual([...encodings.map((e) => e.quality)].sort().reverse())
    }
  })

  it('logos and the favicon keep PNG or WebP (transparency); a PNG may fall back to WebP', () => {
    expect(encodingsFor('image/png', 'logo')[0]).toEqual({ type: 'image/png' })
    expect(
      encodingsFor('image/png', 'favicon')
        .slice(1)
        .every((e) => e.type === 'image/webp'),
    ).toBe(true)
    expect(encodingsFor('image/webp', 'logo2').every((e) => e.type === 'image/webp')).toBe(true)
    expect(encodingsFor('image/jpeg', 'logo').every((e) => e.type === 'image/jpeg')).toBe(true)
  })

  it('a GIF is sent unchanged (its animation would be lost)', () => {
    expect(encodingsFor('image/gif', 'gallery')).toEqual([])
    expect(encodingsFor('image/gif', 'logo')).toEqual([])
  })
})

describe('moveItem: the gallery order', () => {
  it('moves one item, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b'])
  })
})
