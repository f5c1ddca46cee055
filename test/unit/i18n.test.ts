import { env } from 'cloudflare:test'
import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { isBuilderMessage, isLegalMessage } from '../../src/lib/catalogue'
import { intlFor, legalIntls, loadBuilderMessages } from '../../src/lib/i18n'
import { LOCALE_TAGS, LOCALES, type Locale } from '../../src/lib/locale'
import { resolveSite } from '../../src/lib/tenant'
import { needsBuilderMessages } from '../../src/middleware/builder-messages'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

/**
 * What the worker formats a message with: `intlFor` (with the builder's messages read, as a builder request
 * has them), or for a legal text's the messages read from its asset.
 */
async function workerIntl(locale: Locale) {
  const legal = (await legalIntls(env.ASSETS))[locale]
  await loadBuilderMessages(env.ASSETS)
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

describe("the builder's messages (decision 094)", () => {
  const builderId = 'builder.nav.inbox'
  const failing = () => {
    const counter = { asked: 0 }
    const assets = {
      fetch: async () => {
        counter.asked++
        return new Response('gone', { status: 404 })
      },
    }
    return { counter, assets }
  }

  it('are added, once read, to the intl objects made before, and a failed read is tried again', async () => {
    // A fresh module: this isolate may have read them already.
    const fresh = await import(`../../src/lib/i18n?builder=${Date.now()}`)
    expect(isBuilderMessage(builderId)).toBe(true)
    const en = fresh.intlFor('en')
    expect(fresh.CATALOGUES.en[builderId]).toBeUndefined()
    expect(en.formatMessage({ id: 'footer.rights' }, { year: 2026 })).toContain('2026')
    // What a visitor's request formats from the builder's group, the notifications, is in the bundle.
    expect(en.formatMessage({ id: 'builder.notify.message.intro' })).toBe(MESSAGES.en['builder.notify.message.intro'])
    const { counter, assets } = failing()
    await expect(fresh.loadBuilderMessages(assets)).rejects.toThrow(/answered 404/)
    await expect(fresh.loadBuilderMessages(assets)).rejects.toThrow(/answered 404/)
    expect(counter.asked).toBe(2)
    expect(fresh.CATALOGUES.en[builderId]).toBeUndefined()

    await fresh.loadBuilderMessages(env.ASSETS)
    // The same intl object, and one made after, format them: plain, with arguments, and for an island.
    expect(fresh.intlFor('en')).toBe(en)
    expect(en.formatMessage({ id: builderId })).toBe(MESSAGES.en[builderId])
    expect(fresh.intlFor('ko').formatMessage({ id: builderId })).toBe(MESSAGES.ko[builderId])
    // One argument and nothing else of ICU's.
    const withArgument = Object.keys(MESSAGES.en).find(
      (id) => isBuilderMessage(id) && /^[^{}]*\{\w+\}[^{}]*$/.test(MESSAGES.en[id]!),
    )!
    const name = /\{(\w+)\}/.exec(MESSAGES.en[withArgument]!)![1]!
    expect(en.formatMessage({ id: withArgument }, { [name]: 'Irvine' })).toBe(
      MESSAGES.en[withArgument]!.replace(`{${name}}`, 'Irvine'),
    )
    expect(fresh.islandText('en', builderId)).toBe(MESSAGES.en[builderId])
    // Read once: a later request reads nothing.
    await fresh.loadBuilderMessages(assets)
    expect(counter.asked).toBe(2)
  })

  it('are read before a builder page or a builder API answers, never for a visitor', () => {
    const hosts = new Set(['localhost'])
    const needs = (path: string, method = 'GET', host = 'localhost') =>
      needsBuilderMessages(resolveSite(new URL(`http://${host}${path}`), host, hosts), method)
    for (const path of ['/admin', '/en/admin/inbox', '/login', '/janekim/admin', '/manifest.webmanifest']) {
      expect(needs(path), path).toBe(true)
    }
    expect(needs('/admin/preview', 'POST', 'jane.example')).toBe(true)
    for (const path of ['/v1/realtor/7', '/v1/realtor/7/notifications', '/v1/auth/me', '/v1/realtor-contacts']) {
      expect(needs(path), path).toBe(true)
    }
    expect(needs('/v1/realtor-contacts', 'PATCH')).toBe(true)
    // A site's pages, the contact form's post, the view beacon, photos, listings, the landing's leads.
    for (const path of ['/', '/en', '/janekim', '/en/janekim/terms', '/homes', '/photos/a/b.webp', '/cozying-api/x']) {
      expect(needs(path), path).toBe(false)
    }
    expect(needs('/', 'GET', 'jane.example')).toBe(false)
    expect(needs('/v1/realtor-contacts', 'POST')).toBe(false)
    expect(needs('/v1/views', 'POST')).toBe(false)
    expect(needs('/api/leads', 'POST')).toBe(false)
  })
})
