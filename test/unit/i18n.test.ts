import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { intlFor } from '../../src/lib/i18n'
import { LOCALE_TAGS, LOCALES } from '../../src/lib/locale'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

describe('intlFor', () => {
  it.each(LOCALES)('formats every %s message without arguments exactly as formatjs does', (locale) => {
    const fast = intlFor(locale)
    const reference = createIntl({ locale: LOCALE_TAGS[locale], messages: MESSAGES[locale], onError: () => {} })
    const withoutArguments = Object.keys(MESSAGES[locale]).filter((id) => !MESSAGES[locale][id]!.includes('{'))
    expect(withoutArguments.length).toBeGreaterThan(100)
    for (const id of withoutArguments) {
      expect(fast.formatMessage({ id }), id).toBe(reference.formatMessage({ id }))
    }
  })

  it.each(LOCALES)('formats every %s message with arguments exactly as formatjs does', (locale) => {
    const fast = intlFor(locale)
    const reference = createIntl({ locale: LOCALE_TAGS[locale], messages: MESSAGES[locale], onError: () => {} })
    const withArguments = Object.keys(MESSAGES[locale]).filter((id) => MESSAGES[locale][id]!.includes('{'))
    expect(withArguments.length).toBeGreaterThan(10)
    for (const id of withArguments) {
      // Every argument the message names, as a number (plurals) and as text.
      const names = [...MESSAGES[locale][id]!.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((match) => match[1]!)
      for (const value of [1, 3, 'Irvine <&>']) {
        const values = Object.fromEntries(names.map((name) => [name, value]))
        expect(fast.formatMessage({ id }, values), `${id} ${value}`).toBe(reference.formatMessage({ id }, values))
      }
    }
  })

  it('is one object per locale', () => {
    expect(intlFor('en')).toBe(intlFor('en'))
    expect(intlFor('en').formatMessage({ id: 'footer.rights' }, { year: 2026 })).toContain('2026')
  })
})
