// The translated text an island gets as props (src/views/Island.tsx): the messages it names, of one locale.
import { islandText, type MessageKey, messageIds } from './i18n'
import type { Locale } from './locale'

/** Message id → text: what an island gets, and reads with `t` (src/client/lib/messages.ts). */
export type Messages = Record<string, string>

/**
 * What an island names next to its props type: whole message ids, checked against the catalogue, or a
 * prefix ending in '.' for every id under it (`'home.form.'`), for an island that needs them all.
 */
export type IslandMessageIds = readonly (MessageKey | `${string}.`)[]

const cache = new Map<string, Messages>()

/** The messages of `locale` that `ids` names, in the order named; one object per locale and list. */
export function messagesOf(locale: Locale, ids: IslandMessageIds): Messages {
  const cacheKey = `${locale}:${ids.join(',')}`
  let messages = cache.get(cacheKey)
  if (!messages) {
    messages = {}
    for (const id of ids) {
      const prefix = id.endsWith('.')
      for (const key of prefix ? messageIds(locale).filter((key) => key.startsWith(id)) : [id]) {
        const text = islandText(locale, key)
        // A prefix takes what islands can read; naming one they cannot (a plural, a tag) is the island's error.
        if (text === null && !prefix) throw new Error(`${locale} message ${key} is not one an island can format`)
        if (typeof text === 'string') messages[key] = text
      }
    }
    // Shared by every render: frozen, which also lets island props serialise it once (src/lib/html.ts).
    cache.set(cacheKey, Object.freeze(messages))
  }
  return messages
}
