// The translated text the builder's islands get as props: the `builder.*` messages of one locale.
import { MESSAGES } from '../i18n'
import type { Locale } from '../locale'

const cache = new Map<Locale, Record<string, string>>()

export function builderMessages(locale: Locale): Record<string, string> {
  let messages = cache.get(locale)
  if (!messages) {
    messages = Object.fromEntries(Object.entries(MESSAGES[locale]).filter(([key]) => key.startsWith('builder.')))
    cache.set(locale, messages)
  }
  return messages
}
