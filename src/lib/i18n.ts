// The message catalogue (locales/*.json) and intl objects (@formatjs/intl): one module-level cache,
// one intl object per locale. The catalogue is flat (`"home.nav.about": "…"`) but for one group,
// `validation`, nested so browser code can import it alone (src/lib/validation.ts); its messages
// are the ids `validation.<key>` here (docs/decisions/025-message-catalogue.md).
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import en from '../../locales/en.json'
import ko from '../../locales/ko.json'
import { LOCALE_TAGS, type Locale } from './locale'
import { boundedMemo } from './memo'

type Catalogue = typeof ko

/** The id of a message: a flat key, or `group.key` for a nested group. */
export type MessageKey = {
  [K in keyof Catalogue & string]: Catalogue[K] extends string ? K : `${K}.${keyof Catalogue[K] & string}`
}[keyof Catalogue & string]

/** A catalogue file as formatjs wants it: every message under its full id. */
export function flattenCatalogue(catalogue: Record<string, string | Record<string, string>>): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') messages[key] = value
    else for (const [inner, text] of Object.entries(value)) messages[`${key}.${inner}`] = text
  }
  return messages
}

export const MESSAGES: Record<Locale, Record<string, string>> = {
  ko: flattenCatalogue(ko),
  en: flattenCatalogue(en satisfies Catalogue),
}

const cache = createIntlCache()

/**
 * The messages of a locale that have no ICU syntax (no argument, tag or quote), which format to
 * themselves. A page formats dozens of them, and formatjs serializes its options to find the cached
 * formatter of each call.
 */
const PLAIN = Object.fromEntries(
  Object.entries(MESSAGES).map(([locale, messages]) => [
    locale,
    new Map(Object.entries(messages).filter(([, text]) => !/[{}<>']/.test(text))),
  ]),
) as Record<Locale, Map<string, string>>

/** Formatters of a locale's messages with arguments, compiled on first use (formatjs would find them per call). */
type Compiled = Map<string, { format(values: Record<string, unknown>): unknown }>

function createLocaleIntl(locale: Locale): IntlShape<string> {
  const intl = createIntl(
    {
      locale: LOCALE_TAGS[locale],
      defaultLocale: LOCALE_TAGS.ko,
      messages: MESSAGES[locale],
      onError: (error) => console.warn('[i18n]', error.message),
    },
    cache,
  )
  const plain = PLAIN[locale]
  const compiled: Compiled = new Map()
  const format = intl.formatMessage as (
    descriptor: MessageDescriptor,
    values?: Record<string, unknown>,
    options?: unknown,
  ) => string
  /** Text values only: rich-text values (tags, elements) and anything unexpected take formatjs's own path. */
  const withArguments = (id: string, values: Record<string, unknown>): string | undefined => {
    // The text is a function of the id and the values: a page's (a realtor's licence, phone, counts)
    // repeat from render to render, and formatting walks the message's parts each time.
    let textKey = id
    for (const key in values) {
      const value = values[key]
      if (typeof value !== 'string' && typeof value !== 'number') return undefined
      textKey += `\u0000${key}${typeof value === 'number' ? '#' : '$'}${value}`
    }
    const known = texts.get(textKey)
    if (known !== undefined) return known
    const text = formatted(id, values)
    if (text !== undefined) texts.set(textKey, text)
    return text
  }
  /** Formatted texts by id and values (bounded: a full table is cleared). */
  const texts = boundedMemo<string, string>(2_000)
  const formatted = (id: string, values: Record<string, unknown>): string | undefined => {
    let formatter = compiled.get(id)
    if (!formatter) {
      const message = MESSAGES[locale][id]
      if (message === undefined) return undefined
      formatter = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, { formatters: intl.formatters })
      compiled.set(id, formatter)
    }
    try {
      const text = formatter.format(values)
      return typeof text === 'string' ? text : undefined
    } catch {
      return undefined // formatjs reports it and falls back
    }
  }
  const formatMessage = ((descriptor: MessageDescriptor, values?: Record<string, unknown>, options?: unknown) => {
    const id = descriptor.id === undefined ? undefined : String(descriptor.id)
    const text =
      id === undefined
        ? undefined
        : values === undefined
          ? plain.get(id)
          : options === undefined
            ? withArguments(id, values)
            : undefined
    return text ?? format(descriptor, values, options)
  }) as IntlShape<string>['formatMessage']
  return { ...intl, formatMessage, $t: formatMessage }
}

const intls = new Map<Locale, IntlShape<string>>()

/**
 * The intl object of a locale. It holds configuration only (locale, messages, compiled formatters),
 * never request data, so one per locale serves every request of the isolate.
 */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale)
  if (!intl) {
    intl = createLocaleIntl(locale)
    intls.set(locale, intl)
  }
  return intl
}
