// biome-ignore-all lint/suspicious/noTemplateCurlyInString: DYNAMIC's sources are template texts to find in src/
// The message catalogue (locales/*.json): both languages have the same messages with the same
// arguments, the validation group formats the same with the browser's tiny formatter as with
// formatjs, and every message is used somewhere in src/ (docs/decisions/025-message-catalogue.md).

import { env } from 'cloudflare:test'
import { parse } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ko from '../../locales/ko.json'
import { isBuilderMessage, isLegalMessage, isPlainMessage } from '../../src/lib/catalogue'
import { CATALOGUES, flattenCatalogue, intlFor, islandText, legalIntls, loadBuilderMessages } from '../../src/lib/i18n'
import { LOCALE_TAGS, LOCALES } from '../../src/lib/locale'
import { localizeIssues, VALIDATION_MESSAGES, type ValidationKey } from '../../src/lib/validation'
import { SOURCE_MESSAGES as MESSAGES } from '../fixtures/catalogue'

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>
  }
}

/** Every source file of the worker and the browser bundle, as text. */
const SOURCES = import.meta.glob('../../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })
const SOURCE = Object.entries(SOURCES)
  .filter(([path]) => !path.includes('/generated/'))
  .map(([, text]) => text)
  .join('\n')

/**
 * Messages whose id the code builds from a value (a template literal or a prefix handed to a
 * component). Each names the text in src/ that builds it, so an entry goes stale loudly.
 */
const DYNAMIC: { ids: RegExp; source: string }[] = [
  { ids: /^locale\.(ko|en)$/, source: 'locale.${' },
  { ids: /^error\.(400|404|429|500|502|generic)\.title$/, source: 'error.${known}.title' },
  { ids: /^error\.(400|404|429|500|502|generic)\.body$/, source: 'error.${known}.body' },
  { ids: /^landing\.feature\.\w+\.(title|text)$/, source: 'landing.feature.${feature}.' },
  { ids: /^landing\.hero\.stat\d\.(label|value)$/, source: 'landing.hero.${stat}.' },
  { ids: /^landing\.form\.hasSite\.(yes|no)$/, source: 'landing.form.hasSite.${value}' },
  { ids: /^home\.market\.(crmls|fmls)$/, source: 'home.market.${market}' },
  { ids: /^home\.form\.country\.(KR|US|CA|JP|CN)$/, source: 'home.form.country.${code}' },
  { ids: /^home\.listings\.(sale|rent|sold|rented)$/, source: 'home.listings.${home.dealType}' },
  { ids: /^home\.probiz\.s\d\.(title|body)$/, source: 'home.probiz.s${n}.' },
  { ids: /^home\.gsap\.(fade|rise|spin|pulse)$/, source: 'home.gsap.${kind}' },
  { ids: /^builder\.etc\.\w+$/, source: 'builder.etc.${' },
  { ids: /^builder\.design33\.option\.(clean|editorial|warm)(\.hint)?$/, source: 'builder.design33.option.${value}' },
  {
    ids: /^(home\.license|home\.footer\.brokerageLicense|builder\.field\.(licenseNumber|brokerageLicense))\.(ca|ga)$/,
    source: '${base}.${state.toLowerCase()}',
  },
  { ids: /^landing\.showcase\.(previous|next)$/, source: 'landing.showcase.${direction}' },
  { ids: /^builder\.failed\.(lead|contact|alert)$/, source: 'builder.failed.${delivery.topic}' },
  { ids: /^alerts\.mail\.kind\.(new|price|status)$/, source: 'alerts.mail.kind.${home.kind}' },
  { ids: /^builder\.notify\.channel\.realtor-(email|webhook)$/, source: 'builder.notify.channel.${channel}' },
  { ids: /^builder\.notify\.test\.unconfirmed$/, source: 'builder.notify.test.${reason}' },
  { ids: /^builder\.photo\.(logo|logo2|id|id2|top|gallery|favicon|ogImage)$/, source: 'builder.photo.${path}' },
  {
    ids: /^builder\.photo\.where\.(logo|logo2|id|id2|top|gallery|favicon|ogImage)$/,
    source: 'builder.photo.where.${path}',
  },
  { ids: /^builder\.preview\.(desktop|phone)$/, source: 'builder.preview.${' },
  {
    ids: /^builder\.onboarding\.step\.(photo|about|region|contact|license|brokerage|colours|notify|publish)$/,
    source: 'builder.onboarding.step.${item.step}',
  },
  { ids: /^builder\.nav\.(dashboard|inbox|editor|notifications|domain|settings)$/, source: 'builder.nav.${screen}' },
  { ids: /^builder\.admin\.how\.(invite|password)$/, source: 'builder.admin.how.${value}' },
  { ids: /^builder\.admin\.language\.(ko|en)$/, source: 'builder.admin.language.${value}' },
  {
    ids: /^builder\.admin\.invite\.state\.(invited|expired|revoked|accepted)$/,
    source: 'builder.admin.invite.state.${invitation.state}',
  },
  { ids: /^buyer\.frequency\.(instant|daily|weekly|off)$/, source: 'buyer.frequency.${frequency}' },
  { ids: /^builder\.field\.buyerPrompt\.(off|light|views)$/, source: "optionLabels: 'builder.field.buyerPrompt.'" },
  // A testimonial's rating and the homepage's sections in the editor (issue 33, docs/decisions/111).
  { ids: /^builder\.testimonials\.rating\.[0-5]$/, source: "optionLabels: 'builder.testimonials.rating.'" },
  {
    ids: /^builder\.sections\.(about|listings|testimonials|gallery|video|additional)$/,
    source: "optionLabels: 'builder.sections.'",
  },
  { ids: /^inbox\.filter\.(inbox|unread|read|archived|all)$/, source: 'inbox.filter.${status}' },
  // The inbox's buyers and the dashboard's buyer figures (docs/decisions/109-buyers-in-the-inbox.md).
  { ids: /^buyers\.tabs\.(messages|buyers)$/, source: 'buyers.tabs.${tab}' },
  { ids: /^buyers\.frequency\.(instant|daily|weekly|off)$/, source: 'buyers.frequency.${search.frequency}' },
  { ids: /^buyers\.dashboard\.(signups|searches|alertOpens)$/, source: 'buyers.dashboard.${figure}' },
  { ids: /^buyers\.dashboard\.(signups|searches|alertOpens)Chart$/, source: 'buyers.dashboard.${figure}Chart' },
  { ids: /^inbox\.status\.(unread|read|archived)$/, source: 'inbox.status.${entry.status}' },
  { ids: /^inbox\.delivery\.(pending|retrying|delivered|failed)$/, source: 'inbox.delivery.${channel.state}' },
  { ids: /^inbox\.channel\.[a-z-]+$/, source: 'inbox.channel.${destinationKind(channel.destination)}' },
  { ids: /^inbox\.kind\.(contact|question|tour|valuation)$/, source: 'inbox.kind.${entry.kind}' },
  { ids: /^inbox\.request\.window\.(morning|afternoon|evening)$/, source: 'inbox.request.window.${s.window}' },
  { ids: /^inbox\.request\.mode\.(in_person|video)$/, source: 'inbox.request.mode.${tour.mode}' },
  { ids: /^inbox\.request\.headline\.(question|tour|valuation)$/, source: 'inbox.request.headline.${kind}' },
  { ids: /^home\.request\.mode\.(in_person|video)$/, source: 'home.request.mode.${value}' },
  { ids: /^home\.request\.window\.(morning|afternoon|evening)$/, source: 'home.request.window.${value}' },
  { ids: /^home\.request\.slot[123]$/, source: 'home.request.slot${index + 1}' },
  { ids: /^home\.request\.(beds|baths)$/, source: 'home.request.${name}' },
  {
    ids: /^home\.request\.timeline\.(asap|1_3_months|3_6_months|6_plus_months|just_curious)$/,
    source: 'home.request.timeline.${value}',
  },
  { ids: /^homes\.title\.(sale|pending|sold|rent)$/, source: 'homes.title.${search.status}' },
  { ids: /^homes\.state\.(CA|GA)$/, source: 'homes.state.${' },
  { ids: /^homes\.status\.(sale|pending|sold|rent|rented)$/, source: 'homes.status.${' },
  { ids: /^homes\.type\.(single_family|condo|townhouse|other)$/, source: 'homes.type.${' },
  { ids: /^homes\.sort\.(newest|price-low|price-high)$/, source: 'homes.sort.${s}' },
]

/** The ids that pass, then the others. */
const partition = (ids: string[], test: (id: string) => boolean): [string[], string[]] => [
  ids.filter(test),
  ids.filter((id) => !test(id)),
]

const quoted = (text: string) => ["'", '"', '`'].some((q) => SOURCE.includes(`${q}${text}${q}`))

/** The `{name}` arguments of an ICU message, sorted. */
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]!))].sort()

describe('the message catalogue', () => {
  it('has the same messages in ko and en, flat but for one level of groups', () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.ko).sort())
    for (const catalogue of [ko, en] as Record<string, unknown>[]) {
      for (const value of Object.values(catalogue)) {
        if (typeof value === 'string') continue
        expect(Object.values(value as object).every((inner) => typeof inner === 'string')).toBe(true)
      }
    }
    expect(flattenCatalogue(ko)).toEqual(MESSAGES.ko)
  })

  it('is what the worker formats: the build wrote every message, the plain ones as text, the others as formatjs parses them (decision 091)', async () => {
    const legal = await legalIntls(env.ASSETS)
    // The legal texts' and the builder's messages are in their assets, not in the bundle (decision 094); the
    // catalogue holds the builder's once they are read.
    const bundled = Object.fromEntries(LOCALES.map((locale) => [locale, Object.keys(CATALOGUES[locale]).sort()]))
    await loadBuilderMessages(env.ASSETS)
    for (const locale of LOCALES) {
      const [legalIds, catalogueIds] = partition(Object.keys(MESSAGES[locale]), isLegalMessage)
      const [builderIds, bundledIds] = partition(catalogueIds, isBuilderMessage)
      expect(builderIds.length).toBeGreaterThan(400)
      // The notifications' texts stay: a contact form's post and the cron format them (isBuilderMessage).
      expect(bundled[locale], `${locale}: run npm run build`).toEqual(bundledIds.sort())
      expect(bundledIds.filter((id) => id.startsWith('builder.notify.message.')).length).toBeGreaterThan(10)
      expect(Object.keys(CATALOGUES[locale]).sort(), `${locale}: run npm run build`).toEqual(catalogueIds.sort())
      expect(Object.keys(legal[locale].messages).sort(), `${locale}: run npm run build`).toEqual(legalIds.sort())
      for (const [id, text] of Object.entries(MESSAGES[locale])) {
        const parsed = parse(text, { locale: new Intl.Locale(LOCALE_TAGS[locale]) })
        if (isLegalMessage(id)) expect(legal[locale].messages[id], id).toEqual(parsed)
        else if (isPlainMessage(text)) expect(CATALOGUES[locale][id], id).toBe(text)
        else expect(CATALOGUES[locale][id], id).toEqual(parsed)
      }
    }
    // An island reads its parsed messages written back as {name} placeholders: the text as written.
    expect(islandText('en', 'footer.rights')).toBe(MESSAGES.en['footer.rights'])
  })

  it('gives every message the same arguments in both languages', () => {
    for (const id of Object.keys(MESSAGES.ko)) {
      expect(argumentsOf(MESSAGES.en[id]!), id).toEqual(argumentsOf(MESSAGES.ko[id]!))
    }
  })

  it('formats the validation group with the tiny formatter exactly as formatjs does', () => {
    for (const locale of LOCALES) {
      for (const key of Object.keys(VALIDATION_MESSAGES[locale]) as ValidationKey[]) {
        const issue = { code: 'custom', message: key, path: ['field'], input: '', maximum: 7, minimum: 2 }
        const [field] = localizeIssues([issue as never], locale)
        const reference = intlFor(locale).formatMessage({ id: `validation.${key}` }, { max: 7, min: 2 })
        expect(field?.message, `${locale} ${key}`).toBe(reference)
      }
    }
  })

  it('uses every message somewhere in src/', () => {
    const unused = Object.keys(MESSAGES.ko).filter((id) => {
      if (DYNAMIC.some(({ ids }) => ids.test(id))) return false
      // Validation messages are named by their key alone, in schemas (`.max(40, 'too_long')`).
      const key = /^validation\.(\w+)$/.exec(id)?.[1]
      if (key) return !quoted(key) && !new RegExp(`\\b(ko|en|messages)\\.${key}\\b`).test(SOURCE)
      return !quoted(id)
    })
    expect(unused).toEqual([])
  })

  it('keeps in the bundle every message the cron and visitors’ API calls format: they read no builder asset (decision 094)', () => {
    // Where no builder request comes first (needsBuilderMessages): the cron's work, the APIs a visitor's page
    // calls, and the modules of src/lib and src/middleware they import.
    const entries = [
      'src/lib/outbox/cron.ts',
      'src/lib/mls/cron.ts',
      'src/lib/realtors/lifecycle.ts',
      'src/lib/domains/setup.ts',
      'src/routes/api/contacts.ts',
      'src/routes/api/views.ts',
      'src/routes/api/leads.ts',
      'src/routes/api/listings.ts',
      'src/routes/api/photos.ts',
    ]
    const byPath = Object.fromEntries(Object.entries(SOURCES).map(([path, text]) => [path.replace('../../', ''), text]))
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const [, specifier] of (byPath[path] ?? '').matchAll(/from '(\.[^']+)'/g)) {
        const base = new URL(specifier!, `file:///${path}`).pathname.slice(1)
        const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => file in byPath)
        if (target && /^src\/(lib|middleware)\//.test(target) && !target.includes('/generated/')) visit(target)
      }
    }
    for (const entry of entries) {
      expect(byPath[entry], entry).toBeDefined()
      visit(entry)
    }
    const text = [...seen].map((path) => byPath[path]).join('\n')
    const ids = Object.keys(MESSAGES.ko)
    const named = ids.filter((id) => ["'", '`'].some((q) => text.includes(`${q}${id}${q}`)))
    for (const [, prefix] of text.matchAll(/`([a-z]+\.[\w.]*\.)\$\{/g))
      named.push(...ids.filter((id) => id.startsWith(prefix!)))
    // The walk reaches the notifications a contact form's post sends.
    expect(named).toContain('builder.notify.message.intro')
    expect(named).toContain('builder.push.message.title')
    expect(named.filter(isBuilderMessage)).toEqual([])
  })

  it('lists only dynamic ids the code still builds', () => {
    for (const { source } of DYNAMIC) expect(SOURCE.includes(source), source).toBe(true)
  })
})
