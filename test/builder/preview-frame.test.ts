// The browser half of the editor preview (docs/decisions/044-preview.md): where the draft is posted from
// each editor address, and what the frame's document leaves out and adds.
import { describe, expect, it } from 'vitest'
import { framedDocument } from '../../src/client/editor/PreviewFrame'
import { previewPath } from '../../src/client/editor/use-preview-html'
import { previewRealtor } from '../../src/lib/builder/preview'
import { FIXTURE_REALTORS } from '../fixtures/fixture-realtors'

describe('the preview in the browser', () => {
  it('posts to the editor’s own site in the chosen language', () => {
    expect(previewPath('/janekim/admin', 'ko')).toBe('/janekim/admin/preview')
    expect(previewPath('/janekim/admin', 'en')).toBe('/en/janekim/admin/preview')
    expect(previewPath('/en/janekim/admin', 'ko')).toBe('/janekim/admin/preview')
    expect(previewPath('/en/janekim/admin/', 'en')).toBe('/en/janekim/admin/preview')
    // A custom domain's editor is at /admin.
    expect(previewPath('/admin', 'ko')).toBe('/admin/preview')
    expect(previewPath('/en/admin', 'en')).toBe('/en/admin/preview')
  })

  it('shows the page without its scripts, with a no-script policy and links to new tabs', () => {
    const page =
      '<!DOCTYPE html><html lang="ko"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js"/>' +
      '<script type="module" src="/assets/main.js" async=""></script><script type="application/ld+json">{"a":1}</script>' +
      '</head><body><main id="main"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>$RC()</script></main></body></html>'
    const framed = framedDocument(page)
    expect(framed).not.toMatch(/<script/i)
    expect(framed).not.toContain('modulepreload')
    expect(framed).toContain(
      `<head><meta http-equiv="Content-Security-Policy" content="script-src 'none'; form-action 'none'"><base target="_blank">`,
    )
    // Text that only looks like a script is the page's content, escaped, and stays.
    expect(framed).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe('previewRealtor', () => {
  const saved = FIXTURE_REALTORS[0]!
  it('takes the valid fields of the draft and keeps the saved value of refused, unknown and read-only ones', () => {
    const merged = previewRealtor(saved, {
      aboutMeKr: '새 소개',
      designMainColor: 'blue',
      salesCount: 12,
      desiredUrl: 'elsewhere',
      id: 999,
      name: 'Someone else',
      careerStart: '2020-01-01',
      careerEnd: '2019-01-01',
    })
    expect(merged.aboutMeKr).toBe('새 소개')
    expect(merged.salesCount).toBe(12)
    expect(merged.designMainColor).toBe(saved.designMainColor)
    expect([merged.desiredUrl, merged.id, merged.name]).toEqual([saved.desiredUrl, saved.id, saved.name])
    // The pair rule refuses the end before the start: the end keeps its saved value.
    expect(merged.careerStart).toBe('2020-01-01')
    expect(merged.careerEnd).toBe(saved.careerEnd)
    expect(previewRealtor(saved, {})).toEqual(saved)
  })
})
