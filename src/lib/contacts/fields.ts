// The contact form's fields and defaults (docs/product.md §3, §9), without zod: the homepage's form island
// imports these when it hydrates and loads the schema (src/lib/contacts/schema.ts) only to submit.
import { hasHangul } from '../locale'

/**
 * Country codes the form offers; KR is the default on Korean pages, US otherwise (docs/product.md §9).
 * The API takes any region code (src/lib/contacts/regions.ts); these are the ones whose numbers the
 * §5 rule fits: +1 numbers of 10 digits, Korean, Japanese and Chinese mobiles of 11.
 */
export const PHONE_COUNTRY_CODES = ['KR', 'US', 'CA', 'JP', 'CN'] as const
export type PhoneCountryCode = (typeof PHONE_COUNTRY_CODES)[number]
export const MAX_CONTACT_MESSAGE = 2000

export function defaultCountryCode(locale: string): PhoneCountryCode {
  return locale === 'ko' ? 'KR' : 'US'
}

/**
 * The `name` field as the person would write it (docs/decisions/063): a name in Hangul, and any name on
 * the Korean form, family name first (docs/product.md §3: "김 민수", whichever form it came from); any other
 * name on the English form given name first ("Amy Nguyen").
 */
export function joinName(lastName: string, firstName: string, locale: string): string {
  const familyFirst = locale === 'ko' || hasHangul(lastName) || hasHangul(firstName)
  const parts = familyFirst ? [lastName, firstName] : [firstName, lastName]
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
}
