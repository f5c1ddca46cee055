import { env } from 'cloudflare:test'
import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { isLegalMessage } from '../../src/lib/catalogue'
import { intlFor, legalIntls } from '../../src/lib/i18n'
import { LOCALE_TAGS, LOCALES, type Locale } from '../../src/lib/locale'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

/** What the worker formats a message with: `intlFor`, or for a legal text's the messages read from its asset. */
async function workerIntl(locale: Locale) {
  const legal = (await legalIntls(env.ASSETS))[locale]
  const intl = intlFor(locale)
  return {
    formatMessage: (descriptor: { id: string }, values?: Record<string, string | number>) =>
      (isLegalMessage(descriptor.id) ? legal : intl).formatMessage(descriptor, values),
  }
}

describe('intlFor, and legalIntls for the legal texts', () => {
  it.each(LOCALES)('formats every %s message without arguments exactly as formatjs does', async (locale) => {
    const fast = await workerIntl(locale)
    const reference = createIntl({ locale: LOCALE_TAGS[locale], messages: MESSAGES[locale], onError: () => {} })
    const withoutArguments = Object.keys(MESSAGES[locale]).filter((id) => !MESSAGES[locale][id]!.includes('{'))
    expect(withoutArguments.length).toBeGreaterThan(100)
    for (const id of withoutArguments) {
      expect(fast.formatMessage({ id }), id).toBe(reference.formatMessage({ id }))
    }
  })

  it.each(LOCALES)('formats every %s message with arguments exactly as formatjs does', async (locale) => {
    const fast = await workerIntl(locale)
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

  it('reads the legal texts once per isolate, and only they are left out of the bundled catalogue', async () => {
    expect(await legalIntls(env.ASSETS)).toBe(await legalIntls(env.ASSETS))
    for (const locale of LOCALES) {
      const legal = Object.keys(MESSAGES[locale]).filter(isLegalMessage)
      expect(legal.length).toBeGreaterThan(50)
      expect(Object.keys((await legalIntls(env.ASSETS))[locale].messages).sort()).toEqual(legal.sort())
    }
  })

  it('tries the asset again after a failed read', async () => {
    let asked = 0
    const failing = {
      fetch: async () => {
        asked++
        return new Response('gone', { status: 404 })
      },
    }
    // A fresh module: this isolate has already read the legal texts.
    const fresh = await import(`../../src/lib/i18n?fresh=${Date.now()}`)
    await expect(fresh.legalIntls(failing)).rejects.toThrow(/answered 404/)
    await expect(fresh.legalIntls(failing)).rejects.toThrow(/answered 404/)
    expect(asked).toBe(2)
    expect((await fresh.legalIntls(env.ASSETS)).en.formatMessage({ id: 'legal.readIn' })).toBe(
      MESSAGES.en['legal.readIn'],
    )
  })
})
