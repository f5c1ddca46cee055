// What a render works out from a cached (frozen) profile alone is worked out once per profile
// (src/lib/derived.ts, docs/decisions/058-render-at-scale.md): the frame's name and photos, the
// document's head and design, the JSON-LD's text, paragraphs by text and messages by their values.
import { renderToStaticMarkup } from 'react-dom/server.edge'
import { describe, expect, it } from 'vitest'
import { deepFreeze } from '../../src/lib/data-cache'
import { derivedFrom } from '../../src/lib/derived'
import { intlFor } from '../../src/lib/i18n'
import type { Locale } from '../../src/lib/locale'
import type { Realtor } from '../../src/lib/realtors/types'
import { Paragraphs } from '../../src/views/home/sections/Paragraphs'
import { tenantDocument } from '../../src/views/home/TenantHead'
import { frameOf } from '../../src/views/home/TenantLayout'
import { pageContextOf } from '../fixtures/page-context'
import { RICH } from '../fixtures/rich-realtor'

const ctxOf = (locale: Locale) => pageContextOf(locale)
const URLS = { ko: 'https://realtor.example.com/rich-agent', en: 'https://realtor.example.com/en/rich-agent' }
/** A copy of the rich profile, frozen as the data cache keeps it. */
const cached = (): Realtor => deepFreeze(structuredClone(RICH))

describe('derivedFrom', () => {
  it('makes a frozen object’s value once per key, and an open object’s every time', () => {
    const frozen = Object.freeze({ n: 1 })
    let made = 0
    const make = () => ({ made: ++made })
    const first = derivedFrom(frozen, 'a', make)
    expect(derivedFrom(frozen, 'a', make)).toBe(first)
    expect(derivedFrom(frozen, 'b', make)).not.toBe(first)
    expect(made).toBe(2)
    const open = { n: 1 }
    expect(derivedFrom(open, 'a', make)).not.toBe(derivedFrom(open, 'a', make))
  })

  it('stays right past the bound of values it keeps per object', () => {
    const frozen = Object.freeze({})
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 100; i++) expect(derivedFrom(frozen, `k${i}`, () => i)).toBe(i)
  })
})

describe('a cached profile’s frame and document', () => {
  it('keeps the name, photos and document of a frozen profile per locale, URLs and title', () => {
    const realtor = cached()
    const ko = frameOf(ctxOf('ko'), realtor)
    const again = frameOf(ctxOf('ko'), realtor)
    expect(again.photos).toBe(ko.photos)
    expect(again.name).toBe(ko.name)
    const document = tenantDocument(ko, URLS)
    expect(tenantDocument(again, { ...URLS })).toBe(document)
    // Another locale, title or address is another document.
    const en = frameOf(ctxOf('en'), realtor)
    expect(tenantDocument(en, URLS)).not.toBe(document)
    expect(tenantDocument(en, URLS).head.canonical).toBe(URLS.en)
    expect(tenantDocument(ko, URLS, 'Terms').head.title.startsWith('Terms | ')).toBe(true)
    const moved = { ko: 'https://grace.example/', en: 'https://grace.example/en' }
    expect(tenantDocument(ko, moved).head.canonical).toBe(moved.ko)
  })

  it('renders the same head as a profile that is not frozen, its JSON-LD frozen', () => {
    const frozen = tenantDocument(frameOf(ctxOf('ko'), cached()), URLS)
    const open = tenantDocument(frameOf(ctxOf('ko'), structuredClone(RICH)), URLS)
    expect(open).not.toBe(tenantDocument(frameOf(ctxOf('ko'), structuredClone(RICH)), URLS))
    expect(renderToStaticMarkup(frozen.head.extra)).toBe(renderToStaticMarkup(open.head.extra))
    expect(renderToStaticMarkup(frozen.head.extra)).toContain('application/ld+json')
    expect(frozen.bodyStyle).toEqual(open.bodyStyle)
    expect(frozen.bodyClassName).toBe(open.bodyClassName)
  })

  it('draws a profile that is not frozen (an editor’s draft) afresh: a change shows', () => {
    const draft = structuredClone(RICH)
    const before = tenantDocument(frameOf(ctxOf('ko'), draft), URLS)
    draft.designMainColor = '#b5651d'
    const after = tenantDocument(frameOf(ctxOf('ko'), draft), URLS)
    expect(after.bodyStyle['--brand']).toBe('#b5651d')
    expect(before.bodyStyle['--brand']).toBe('#6d4fa3')
  })
})

describe('Paragraphs', () => {
  it('splits on blank lines and gives the same paragraphs for the same text', () => {
    const text = '첫 문단입니다.\n\n  둘째 문단\n입니다.  \n\n\n\n셋째 <b>문단</b>'
    const html = renderToStaticMarkup(<Paragraphs text={text} />)
    expect(html).toBe('<p>첫 문단입니다.</p><p>둘째 문단\n입니다.</p><p>셋째 &lt;b&gt;문단&lt;/b&gt;</p>')
    expect(renderToStaticMarkup(<Paragraphs text={text} />)).toBe(html)
    expect(renderToStaticMarkup(<Paragraphs text={'\n\n'} />)).toBe('')
  })
})

describe('messages with arguments', () => {
  it('give each set of values its own text, again and again', () => {
    const intl = intlFor('ko')
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2_100; i++) {
        expect(intl.formatMessage({ id: 'home.license.ga' }, { number: `${i}` })).toBe(`면허 번호 ${i}`)
      }
    }
    expect(intl.formatMessage({ id: 'home.stats.yearsValue' }, { years: 7 })).toBe('7년')
    expect(intl.formatMessage({ id: 'home.stats.yearsValue' }, { years: '8' })).toBe('8년')
  })
})
