// Messages and per-request intl objects (@formatjs/intl): one module-level cache, one intl per request.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import en from '../../locales/en.json'
import ja from '../../locales/ja.json'
import ko from '../../locales/ko.json'
import { LOCALE_TAGS, type Locale } from './locale'

export type MessageKey = keyof typeof ko
export const MESSAGES: Record<Locale, Record<string, string>> = { ko, en }
/** Japanese strings the spec gives (e.g. hasSite options); not a routed locale yet. */
export const JA_MESSAGES: Record<string, string> = ja

const cache = createIntlCache()

export function intlFor(locale: Locale): IntlShape<string> {
  return createIntl(
    {
      locale: LOCALE_TAGS[locale],
      defaultLocale: LOCALE_TAGS.ko,
      messages: MESSAGES[locale],
      onError: (error) => console.warn('[i18n]', error.message),
    },
    cache,
  )
}
