// What an inbox's search box matches (docs/decisions/078-contact-and-lead-search.md), in the product's one
// rule of search (src/lib/search.ts): the term as written in the source's text columns, the term without
// spaces in the name without spaces ("김민수" finds "김 민수"), and a phone number's digits in the phone.
// A term of 3+ characters is an FTS5 query of the source's trigram index; a shorter one LIKE conditions.
import { isIndexed, likePattern, phraseOf } from '../search'
import type { InboxSource } from './source'

/** The spaces the index's `compact` column leaves out (migrations/0021_inbox_search.sql, the same four). */
const COMPACT_SPACES = /[ \t\u00a0\u3000]/g

type SearchOf = InboxSource<unknown>['search']

interface Terms {
  text: string
  compact: string
  /** The digits of a phone number as people write it, without the domestic 0; null if it is no number. */
  digits: string | null
}

function termsOf(term: string): Terms {
  // Phones are stored as E.164 (+821012345678; docs/decisions/064): "010-1234" finds it by its digits
  // without the domestic 0, which older rows stored as digits (01012345678) contain too.
  const digits = term.replace(/[\s()+.-]/g, '').replace(/^0/, '')
  return { text: term, compact: term.replace(COMPACT_SPACES, ''), digits: /^\d+$/.test(digits) ? digits : null }
}

/**
 * A realtor's id as the index holds it in the `realtor` column: four characters of the Supplementary Private
 * Use Area, 16 bits each, most significant first (contact_search_text writes the same in SQL).
 */
export function realtorToken(realtorId: number): string {
  const id = BigInt(realtorId)
  const part = (shift: bigint) => 0xf0000 + Number(BigInt.asUintN(16, id >> shift))
  return String.fromCodePoint(part(48n), part(32n), part(16n), part(0n))
}

/**
 * The FTS5 query of a term of 3+ characters: any of its forms, within one realtor's contacts when the
 * scope names one. A form shorter than a trigram (the digits of "+82", "김 민" without its space) has no
 * trigram of its own and is left out; the term as written still matches.
 */
export function matchOf(search: SearchOf, term: string, realtorId?: number): string {
  const { text, compact, digits } = termsOf(term)
  const any = [`{${search.columns.join(' ')}} : ${phraseOf(text)}`]
  if (isIndexed(compact)) any.push(`compact : ${phraseOf(compact)}`)
  if (digits !== null && isIndexed(digits)) any.push(`phone : ${phraseOf(digits)}`)
  const match = any.join(' OR ')
  return realtorId === undefined ? match : `realtor : ${phraseOf(realtorToken(realtorId))} AND (${match})`
}

/** The LIKE condition of a term of 1–2 characters over the source's search view, with its values. */
export function likeOf(search: SearchOf, term: string): [string, string[]] {
  const { text, compact, digits } = termsOf(term)
  const matches: [string, string][] = search.columns.map((column) => [column, text])
  matches.push(['compact', compact])
  if (digits !== null) matches.push(['phone', digits])
  return [
    `(${matches.map(([column]) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    matches.map(([, value]) => likePattern(value)),
  ]
}
