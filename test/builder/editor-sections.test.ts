// The editor's sections as data (src/client/editor/sections.ts) against the draft and the messages:
// every field names a value the draft has and every text a message in both languages, and every
// writable field of a realtor has a place in the editor. A slip in the list fails here, not as an
// empty input or a raw message key on the page.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { type FieldSpec, type ListItem, SECTIONS } from '../../src/client/editor/sections'
import { REALTOR_EDITOR_MESSAGES } from '../../src/client/islands/RealtorEditor'
import { draftOf, getIn } from '../../src/lib/builder/form'
import { loadBuilderMessages } from '../../src/lib/i18n'
import { messagesOf } from '../../src/lib/island-messages'
import { ETC_INFO_TYPES } from '../../src/lib/realtors/types'
import { RICH } from '../fixtures/rich-realtor'

// The builder's messages, read from their asset as every builder request reads them (decision 094).
beforeAll(() => loadBuilderMessages(env.ASSETS))

interface Found {
  keys: string[]
  /** Top-level draft paths and list item paths (`{list}.*.{field}`). */
  paths: string[]
  /** Each list's blank item: the fields a new item has. */
  blanks: Record<string, ListItem>
}

function collect(fields: FieldSpec[], base: string, found: Found): void {
  for (const spec of fields) {
    if (spec.kind === 'photos') found.paths.push('photos')
    else if (spec.kind === 'group') {
      found.keys.push(spec.legend)
      collect(spec.fields, base, found)
    } else if (spec.kind === 'list') {
      found.blanks[spec.path] = spec.blank
      found.paths.push(spec.path)
      collect(spec.fields, `${spec.path}.*`, found)
    } else {
      found.keys.push(spec.label, ...(spec.hint ? [spec.hint] : []))
      // A label by state has one per state besides the generic one (decision 101).
      if (spec.byState) found.keys.push(`${spec.label}.ca`, `${spec.label}.ga`)
      if ((spec.kind === 'select' || spec.kind === 'order') && spec.optionLabels)
        found.keys.push(...spec.options.map((value) => `${spec.optionLabels}${value}`))
      // An etcInfo item shown as a field of its own edits the etcInfo list, by a type it has.
      if (spec.kind === 'etc') {
        expect(spec.path).toBe(`etcInfo.${spec.contentType}`)
        expect(ETC_INFO_TYPES).toContain(spec.contentType)
        found.paths.push('etcInfo')
      } else found.paths.push(base ? `${base}.${spec.path}` : spec.path)
    }
  }
}

const found: Found = { keys: ['builder.sections'], paths: [], blanks: {} }
for (const section of SECTIONS) {
  found.keys.push(section.title, ...(section.hint ? [section.hint] : []))
  collect(section.fields, '', found)
}

describe('the editor sections', () => {
  it('have one id each, which is what their links point to', () => {
    const ids = SECTIONS.map((section) => section.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('name only messages that exist in Korean and in English', () => {
    for (const locale of ['ko', 'en'] as const) {
      const messages = messagesOf(locale, REALTOR_EDITOR_MESSAGES)
      expect(found.keys.filter((key) => !(key in messages))).toEqual([])
    }
  })

  it('name only values the draft has, and show every writable field of a realtor', () => {
    const draft = draftOf(RICH)
    const topLevel = found.paths.filter((path) => !path.includes('*'))
    expect(topLevel.filter((path) => getIn(draft, path) === undefined)).toEqual([])
    // isMakeHomepage is the toolbar's Publish button (PublishControl), not a field of the sections.
    const shown = (key: string) => key === 'isMakeHomepage' || found.paths.some((path) => path.split('.')[0] === key)
    expect(Object.keys(draft).filter((key) => !shown(key))).toEqual([])
  })

  it('give list items only fields a new item has', () => {
    const itemPaths = found.paths.filter((path) => path.includes('*'))
    expect(
      itemPaths.filter((path) => {
        const [list = '', , field = ''] = path.split('.')
        return !(field in (found.blanks[list] ?? {}))
      }),
    ).toEqual([])
  })
})
