// Messages and per-request intl objects (@formatjs/intl): one module-level cache, one intl per request.
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import en from '../../locales/en.json'
import ja from '../../locales/ja.json'
import ko from '../../locales/ko.json'
import { LOCALE_TAGS, type Locale } from './locale'

export type MessageKey = keyof typeof ko
export const MESSAGES: Record<Locale, Record<string, string>> = { ko, en }
/** Japanese strings the spec gives (e.g. hasSite options); not a routed locale yet. */
export const JA_MESSAGES: Record<string, string> = ja

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

export function intlFor(locale: Locale): IntlShape<string> {
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
  const format = intl.formatMessage as (
    descriptor: MessageDescriptor,
    values?: Record<string, unknown>,
    options?: unknown,
  ) => string
  const formatMessage = ((descriptor: MessageDescriptor, values?: Record<string, unknown>, options?: unknown) => {
    const text = values === undefined && descriptor.id !== undefined ? plain.get(String(descriptor.id)) : undefined
    return text ?? format(descriptor, values, options)
  }) as IntlShape<string>['formatMessage']
  return { ...intl, formatMessage, $t: formatMessage }
}
