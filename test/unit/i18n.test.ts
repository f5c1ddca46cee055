import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { intlFor, MESSAGES } from '../../src/lib/i18n'
import { LOCALE_TAGS, LOCALES } from '../../src/lib/locale'

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

  it('still formats messages with arguments', () => {
    expect(intlFor('en').formatMessage({ id: 'footer.rights' }, { year: 2026 })).toContain('2026')
  })
})
