// The messages each island gets (src/lib/island-messages.ts): every id its code reads is among them,
// every prefix it names finds messages, and the picked object holds only what was named.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { HOME_CARD_MESSAGES } from '../../src/client/components/HomeCard'
import type { IslandName } from '../../src/client/islands'
import { ACCOUNT_SETTINGS_MESSAGES } from '../../src/client/islands/AccountSettings'
import { ADMIN_CONSOLE_MESSAGES } from '../../src/client/islands/AdminConsole'
import { AGENT_LISTINGS_MESSAGES } from '../../src/client/islands/AgentListings'
import { AGREEMENT_FORM_MESSAGES } from '../../src/client/islands/AgreementForm'
import { BUYER_PROMPT_MESSAGES } from '../../src/client/islands/BuyerPrompt'
import { CITY_HOMES_MESSAGES } from '../../src/client/islands/CityHomes'
import { CONTACT_FORM_MESSAGES } from '../../src/client/islands/ContactForm'
import { DELETED_HOMEPAGE_MESSAGES } from '../../src/client/islands/DeletedHomepageActions'
import { DOMAIN_SETTINGS_MESSAGES } from '../../src/client/islands/DomainSettings'
import { GALLERY_STRIP_MESSAGES } from '../../src/client/islands/GalleryStrip'
import { HOME_GALLERY_MESSAGES } from '../../src/client/islands/HomeGallery'
import { HOME_REQUEST_MESSAGES } from '../../src/client/islands/HomeRequest'
import { INBOX_ENTRY_MESSAGES } from '../../src/client/islands/InboxEntryActions'
import { LEAD_REQUEST_MESSAGES } from '../../src/client/islands/LeadRequest'
import { LOGIN_FORM_MESSAGES } from '../../src/client/islands/LoginForm'
import { LOGIN_REDIRECT_MESSAGES } from '../../src/client/islands/LoginRedirect'
import { NOTIFICATION_SETTINGS_MESSAGES } from '../../src/client/islands/NotificationSettings'
import { PASSWORD_FORGOT_MESSAGES } from '../../src/client/islands/PasswordForgotForm'
import { PASSWORD_RESET_MESSAGES } from '../../src/client/islands/PasswordResetForm'
import { PUSH_SETTINGS_MESSAGES } from '../../src/client/islands/PushSettings'
import { REALTOR_CAROUSEL_MESSAGES } from '../../src/client/islands/RealtorCarousel'
import { REALTOR_EDITOR_MESSAGES } from '../../src/client/islands/RealtorEditor'
import { TIME_ZONE_MESSAGES } from '../../src/client/islands/TimeZoneSettings'
import { VALUATION_REQUEST_MESSAGES } from '../../src/client/islands/ValuationRequest'
import { VIDEO_EMBED_MESSAGES } from '../../src/client/islands/VideoEmbed'
import { isBuilderMessage } from '../../src/lib/catalogue'
import { loadBuilderMessages } from '../../src/lib/i18n'
import { type IslandMessageIds, messagesOf } from '../../src/lib/island-messages'
import { LANGUAGE_SWITCHER_MESSAGES } from '../../src/lib/language-switcher-messages'
import { LOCALES } from '../../src/lib/locale'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

// The builder's messages, read from their asset as every builder request reads them (decision 094).
beforeAll(() => loadBuilderMessages(env.ASSETS))

/** Every source file of src/, by its path from the repository root (`src/…`). */
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob('../../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(
    ([path, text]) => [path.replace('../../', ''), text],
  ),
)

const ISLANDS: Record<IslandName, IslandMessageIds> = {
  AccountSettings: ACCOUNT_SETTINGS_MESSAGES,
  AdminConsole: ADMIN_CONSOLE_MESSAGES,
  AgentListings: AGENT_LISTINGS_MESSAGES,
  AgreementForm: AGREEMENT_FORM_MESSAGES,
  CityHomes: CITY_HOMES_MESSAGES,
  ContactForm: CONTACT_FORM_MESSAGES,
  DeletedHomepageActions: DELETED_HOMEPAGE_MESSAGES,
  DomainSettings: DOMAIN_SETTINGS_MESSAGES,
  HomeRequest: HOME_REQUEST_MESSAGES,
  InboxEntryActions: INBOX_ENTRY_MESSAGES,
  LanguageSwitcher: LANGUAGE_SWITCHER_MESSAGES,
  LeadRequest: LEAD_REQUEST_MESSAGES,
  NotificationSettings: NOTIFICATION_SETTINGS_MESSAGES,
  PasswordForgotForm: PASSWORD_FORGOT_MESSAGES,
  PasswordResetForm: PASSWORD_RESET_MESSAGES,
  TimeZoneSettings: TIME_ZONE_MESSAGES,
  PushSettings: PUSH_SETTINGS_MESSAGES,
  LoginForm: LOGIN_FORM_MESSAGES,
  LoginRedirect: LOGIN_REDIRECT_MESSAGES,
  RealtorCarousel: REALTOR_CAROUSEL_MESSAGES,
  RealtorEditor: REALTOR_EDITOR_MESSAGES,
  ValuationRequest: VALUATION_REQUEST_MESSAGES,
  VideoEmbed: VIDEO_EMBED_MESSAGES,
  HomeGallery: HOME_GALLERY_MESSAGES,
  GalleryStrip: GALLERY_STRIP_MESSAGES,
  BuyerPrompt: BUYER_PROMPT_MESSAGES,
}

/** The source of an island and of every module it imports, but other islands (their text is their own). */
function sourceOf(island: string): string {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const [, specifier] of (SOURCES[path] ?? '').matchAll(/from '(\.[^']+)'/g)) {
      const base = new URL(specifier!, `file:///${path}`).pathname.slice(1)
      const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => file in SOURCES)
      if (target && !/\/client\/islands\/[A-Z]\w+\.tsx$/.test(target)) visit(target)
    }
  }
  visit(`src/client/islands/${island}.tsx`)
  return [...seen].map((path) => SOURCES[path]).join('\n')
}

describe('island messages', () => {
  it('hand every island each message id its code names, quoted or built from a prefix', () => {
    const ids = Object.keys(MESSAGES.ko)
    for (const [island, named] of Object.entries(ISLANDS)) {
      const messages = messagesOf('ko', named)
      const source = sourceOf(island)
      const quoted = ids.filter((id) => ["'", '`'].some((q) => source.includes(`${q}${id}${q}`)))
      expect(quoted.length, island).toBeGreaterThan(0)
      expect(
        quoted.filter((id) => !(id in messages)),
        island,
      ).toEqual([])
      for (const [, prefix] of source.matchAll(/`([a-z]+\.[\w.]*\.)\$\{/g)) {
        const built = ids.filter((id) => id.startsWith(prefix!))
        expect(built.length, `${island} ${prefix}`).toBeGreaterThan(0)
        expect(
          built.some((id) => id in messages),
          `${island} ${prefix}`,
        ).toBe(true)
      }
    }
  })

  it('name prefixes that find messages, in both languages', () => {
    for (const named of [...Object.values(ISLANDS), HOME_CARD_MESSAGES]) {
      for (const locale of LOCALES) {
        for (const id of named) {
          const found = Object.keys(messagesOf(locale, [id]))
          expect(found.length, `${locale} ${id}`).toBeGreaterThan(0)
        }
      }
    }
  })

  it('give the islands of visitors’ pages no builder message: those are read only for builder requests', () => {
    const visitors = [
      AGENT_LISTINGS_MESSAGES,
      CITY_HOMES_MESSAGES,
      CONTACT_FORM_MESSAGES,
      HOME_GALLERY_MESSAGES,
      LANGUAGE_SWITCHER_MESSAGES,
      LEAD_REQUEST_MESSAGES,
      REALTOR_CAROUSEL_MESSAGES,
      VIDEO_EMBED_MESSAGES,
      HOME_CARD_MESSAGES,
    ]
    const ids = Object.keys(MESSAGES.ko)
    for (const named of visitors) {
      const found = named.flatMap((id) => (id.endsWith('.') ? ids.filter((key) => key.startsWith(id)) : [id]))
      expect(found.length).toBeGreaterThan(0)
      expect(found.filter(isBuilderMessage)).toEqual([])
    }
    // The check sees one: the sign-in form's are the builder's.
    expect(
      LOGIN_FORM_MESSAGES.some(
        (id) => isBuilderMessage(id) || ids.some((key) => key.startsWith(id) && isBuilderMessage(key)),
      ),
    ).toBe(true)
  })

  it('picks only the named messages, in the language asked, once per locale and list', () => {
    const ko = messagesOf('ko', ['home.card.', 'nav.language'])
    const cards = Object.keys(MESSAGES.ko).filter((id) => id.startsWith('home.card.'))
    expect(cards.length).toBeGreaterThan(0)
    expect(Object.keys(ko)).toEqual([...cards, 'nav.language'])
    expect(ko['nav.language']).toBe(MESSAGES.ko['nav.language'])
    expect(messagesOf('en', ['nav.language'])).toEqual({ 'nav.language': MESSAGES.en['nav.language'] })
    expect(messagesOf('ko', ['home.card.', 'nav.language'])).toBe(ko)
    expect(messagesOf('en', ['home.card.', 'nav.language'])).not.toBe(ko)
  })
})
