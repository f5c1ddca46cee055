// The message catalogue (locales/*.json) and intl objects (@formatjs/intl): one module-level cache,
// one intl object per locale. The catalogue is flat (`"home.nav.about": "…"`) but for one group,
// `validation`, nested so browser code can import it alone (src/lib/validation.ts); its messages
// are the ids `validation.<key>` here (docs/decisions/025-message-catalogue.md). The worker reads it as the
// build wrote it (src/generated/messages.ts): a plain message as its text, any other already parsed, so
// it ships no ICU parser (docs/decisions/091-messages-parsed-at-build.md). The legal texts' messages are not
// in it: the build writes them to a static asset, read once per isolate (`legalIntls`, decision 094). Nor are
// the builder's: the intl objects gain them when an isolate's first builder request has read their asset
// (`loadBuilderMessages`, decision 094).

import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import type en from '../../locales/en.json'
import type ko from '../../locales/ko.json'
import { BUILDER_MESSAGES, CATALOGUE, LEGAL_MESSAGES } from '../generated/messages'
import type { CompactMessage, GeneratedCatalogue } from './catalogue'
import { LOCALE_TAGS, LOCALES, type Locale } from './locale'
import { boundedMemo } from './memo'
import { VALIDATION_MESSAGES } from './validation'

export { flattenCatalogue } from './catalogue'

type Catalogue = typeof ko
/** English has every message Korean has (a type check only: the files are not imported). */
export type EnglishCatalogue = typeof en extends Catalogue ? typeof en : never

/** The id of a message: a flat key, or `group.key` for a nested group. */
export type MessageKey = {
  [K in keyof Catalogue & string]: Catalogue[K] extends string ? K : `${K}.${keyof Catalogue[K] & string}`
}[keyof Catalogue & string]

/** A generated message as formatjs's tree: its literals and arguments written out again. */
const expand = (message: CompactMessage): MessageFormatElement[] =>
  message.map((element) =>
    typeof element === 'string'
      ? { type: TYPE.literal, value: element }
      : Array.isArray(element)
        ? { type: TYPE.argument, value: element[0] }
        : element,
  )

/** A locale's generated messages as formatjs's trees, a plain one kept as its text. */
function expandAll(generated: GeneratedCatalogue, locale: Locale): Record<string, string | MessageFormatElement[]> {
  const index = LOCALES.indexOf(locale)
  const messages: Record<string, string | MessageFormatElement[]> = {}
  for (const [id, inLocales] of Object.entries(generated)) {
    const message = inLocales[index]
    if (message != null) messages[id] = typeof message === 'string' ? message : expand(message)
  }
  return messages
}

/**
 * Every message of each locale under its full id: a plain one as its text, any other as formatjs's tree.
 * The build leaves out the `validation` group's plain messages, which src/lib/validation.ts already holds,
 * and the legal texts' (`legalIntls`); the builder's are added when read (`loadBuilderMessages`).
 */
export const CATALOGUES = Object.fromEntries(
  LOCALES.map((locale) => {
    const messages = expandAll(CATALOGUE, locale)
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES[locale])) messages[`validation.${key}`] ??= text
    return [locale, messages]
  }),
) as Record<Locale, Record<string, string | MessageFormatElement[]>>

/** Every message id of a locale. */
export const messageIds = (locale: Locale): string[] => Object.keys(CATALOGUES[locale])

/** A message written back as `{name}` placeholders and text, or null when it has more (a plural, a select, a tag). */
function placeholderText(message: string | MessageFormatElement[]): string | null {
  if (typeof message === 'string') return message
  let text = ''
  for (const element of message) {
    if (element.type === TYPE.literal) text += element.value
    else if (element.type === TYPE.argument) text += `{${element.value}}`
    else return null
  }
  return text
}

/**
 * A message's text as an island reads it (`t`, src/client/lib/messages.ts: `{name}` placeholders and
 * nothing else): a plain message as it is, a parsed one written back from its literals and arguments.
 * Undefined for an unknown id; null for a message an island cannot format in one of the languages (a
 * plural, a select, a tag), so that an island gets the same messages in both.
 */
export function islandText(locale: Locale, id: string): string | null | undefined {
  const message = CATALOGUES[locale][id]
  if (message === undefined) return undefined
  const texts = Object.values(CATALOGUES).map((messages) => messages[id])
  if (texts.some((other) => other !== undefined && placeholderText(other) === null)) return null
  return placeholderText(message)
}

/** A plain message as formatjs takes it parsed: its one literal. */
const literal = (text: string): MessageFormatElement[] => [{ type: TYPE.literal, value: text }]

/**
 * Every message of a locale parsed, as formatjs is given them (it is never given text it would parse): made
 * when the locale's intl object is, so an isolate that serves one language builds one.
 */
const parsedMessages = (
  messages: Record<string, string | MessageFormatElement[]>,
): Record<string, MessageFormatElement[]> =>
  Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, typeof message === 'string' ? literal(message) : message]),
  )

const cache = createIntlCache()

/**
 * The messages of a locale that have no ICU syntax (no argument, tag or quote), which format to
 * themselves. A page formats dozens of them, and formatjs serializes its options to find the cached
 * formatter of each call.
 */
const PLAIN = Object.fromEntries(
  Object.entries(CATALOGUES).map(([locale, messages]) => [
    locale,
    new Map(Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
  ]),
) as Record<Locale, Map<string, string>>

/** Formatters of a locale's messages with arguments, compiled on first use (formatjs would find them per call). */
type Compiled = Map<string, { format(values: Record<string, unknown>): unknown }>

/** formatjs's intl object of a locale, given every message parsed. */
const baseIntl = (locale: Locale, messages: Record<string, MessageFormatElement[]>): IntlShape<string> =>
  createIntl(
    {
      locale: LOCALE_TAGS[locale],
      defaultLocale: LOCALE_TAGS.ko,
      messages,
      onError: (error) => console.warn('[i18n]', error.message),
    },
    cache,
  )

/** Every message of each locale parsed, made with its intl object: the object formatjs reads them from. */
const PARSED = new Map<Locale, Record<string, MessageFormatElement[]>>()

function createLocaleIntl(locale: Locale): IntlShape<string> {
  const messages = parsedMessages(CATALOGUES[locale])
  PARSED.set(locale, messages)
  const intl = baseIntl(locale, messages)
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
      const message = messages[id]
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

/** The legal texts' intl object of each language. */
export type LegalIntls = Record<Locale, IntlShape<string>>

/** Where the legal and builder texts are read: the ASSETS binding (only its `fetch`, so that node's type checks read this too). */
type Assets = { fetch(input: URL): Promise<Response> }

/** A generated messages asset (src/generated/messages.ts names them), read through the ASSETS binding. */
async function readMessages(assets: Assets, file: string): Promise<GeneratedCatalogue> {
  const response = await assets.fetch(new URL(file, 'https://assets.invalid'))
  if (!response.ok) throw new Error(`[i18n] ${file} answered ${response.status}: run npm run build`)
  return (await response.json()) as GeneratedCatalogue
}

let legal: LegalIntls | undefined

/**
 * The legal texts' messages (`isLegalMessage`: privacy, terms, process) of both languages, formatted as
 * `intlFor` formats: the build writes them, parsed as the catalogue is, to a static asset rather than into
 * the bundle (8 KB gzip of it, docs/decisions/094-bundle-headroom.md). Read through the ASSETS binding when
 * the first legal page is rendered and kept for the isolate; a failed read keeps nothing, the next page tries
 * again. The texts are kept, never the read's promise: a request never waits on another request's I/O.
 */
export async function legalIntls(assets: Assets): Promise<LegalIntls> {
  if (!legal) {
    const read = await readLegalIntls(assets)
    legal ??= read
  }
  return legal
}

async function readLegalIntls(assets: Assets): Promise<LegalIntls> {
  const generated = await readMessages(assets, LEGAL_MESSAGES)
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, baseIntl(locale, parsedMessages(expandAll(generated, locale)))]),
  ) as LegalIntls
}

let builderRead = false

/**
 * The builder's messages (`isBuilderMessage`: `builder.…` and `inbox.…` but the notifications' texts) made part
 * of both languages' catalogues and intl objects, which format them from then on as they format the others:
 * the build writes them, parsed as the catalogue is, to a static asset rather than into the bundle (18 KB gzip
 * of it, docs/decisions/094-bundle-headroom.md). Every request that may format one (a builder page, an API
 * the builder calls: src/middleware/builder-messages.ts) awaits this before it renders or answers; the first
 * of an isolate reads the asset through the ASSETS binding. A failed read keeps nothing, the next request
 * tries again; as with the legal texts, the messages are kept, never the read's promise.
 */
export async function loadBuilderMessages(assets: Assets): Promise<void> {
  if (builderRead) return
  const generated = await readMessages(assets, BUILDER_MESSAGES)
  if (builderRead) return
  for (const locale of LOCALES) {
    const messages = expandAll(generated, locale)
    // The same objects the intl objects already made read (formatjs keeps the messages object it is given).
    Object.assign(CATALOGUES[locale], messages)
    for (const [id, message] of Object.entries(messages))
      if (typeof message === 'string') PLAIN[locale].set(id, message)
    const parsed = PARSED.get(locale)
    if (parsed) Object.assign(parsed, parsedMessages(messages))
  }
  builderRead = true
}
