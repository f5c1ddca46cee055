// The one phone rule of the product (docs/decisions/064-phone-numbers.md): a number as a person types it,
// in any common format, read into E.164 (`+14045557788`), and every display of a stored one. Built on
// libphonenumber-js with its `min` metadata. Browser-safe, but it carries the library: a public page's
// islands import it only in the chunk they load on submit, never before an interaction.
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'
import type { ValidationKey } from '../validation'
import { isPhoneText, PHONE_MAX_LENGTH } from './input'

/**
 * The product's two countries: its realtors work in the US, and many of their visitors write Korean
 * numbers. A number typed without `+` is read for the selected country first, then for these.
 */
export const HOME_REGIONS = ['US', 'KR'] as const

/** A number read from what was typed. */
export interface Phone {
  /** E.164: `+` and the digits, `+14045557788`. */
  e164: string
  /** The region the number belongs to (`US`, `CA`, `KR`), which may not be the one selected. */
  region: string
}

/** Calling codes whose numbers show as their own country writes them; others show with `+`. */
const NATIONAL_DISPLAY = ['1', '82']

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** `text` as a valid number of a known region; `region` is the default for text without `+`. */
function read(text: string, region?: string): PhoneNumber | undefined {
  const defaultCountry: CountryCode | undefined = region && isSupportedCountry(region) ? region : undefined
  const number = parsePhoneNumberFromString(text, { defaultCountry, extract: false })
  // An extension has no place in E.164 (and no column): refused rather than silently dropped.
  return number?.isValid() && number.country && !number.ext ? number : undefined
}

/**
 * Written the way its country writes it: `(404) 555-7788` and `010-1234-5678` (the domestic 0 included), or
 * after the country code without `+` (`1 404 555 7788`, `82 10 1234 5678`).
 */
function writtenNationally(text: string, number: PhoneNumber): boolean {
  const digits = digitsOf(text)
  return digits === digitsOf(number.formatNational()) || digits === number.countryCallingCode + number.nationalNumber
}

/**
 * What was typed as a number. A leading `+` decides the country. Otherwise the number is read for the
 * selected region, then for the home regions, and the first reading written the way that country writes
 * it wins: `(404) 555-7788` with KR selected is a US number (a Korean number written at home starts with
 * 0), `010-1234-5678` with US selected a Korean one. A number written in no country's way is taken only
 * for the selected region (`011 82 10…`, the US international prefix, with US): another country is never
 * guessed from digits it would not write that way.
 */
function readTyped(typed: string, region: string): PhoneNumber | undefined {
  // Full-width digits and signs (a Korean keyboard's) read as ASCII ones.
  const text = typed.normalize('NFKC').trim()
  if (!text || text.length > PHONE_MAX_LENGTH || !isPhoneText(text)) return undefined
  if (text.startsWith('+')) return read(text)
  const selected = read(text, region)
  if (selected && writtenNationally(text, selected)) return selected
  for (const home of HOME_REGIONS) {
    const number = home === region ? undefined : read(text, home)
    if (number && writtenNationally(text, number)) return number
  }
  return selected
}

/** What a person typed, with `region` selected (any ISO 3166-1 code), as E.164; null when it is no number. */
export function parsePhone(typed: string, region: string): Phone | null {
  const number = readTyped(typed, region)
  return number?.country ? { e164: number.number, region: number.country } : null
}

/**
 * A realtor's own number (docs/decisions/034, 064): any +1 number, or a Korean mobile (010, 011, 016–019),
 * typed in any common format; read as a US number first.
 */
export function isRealtorPhone(typed: string): boolean {
  const number = readTyped(typed, 'US')
  if (!number) return false
  return number.countryCallingCode === '1' || (number.country === 'KR' && number.nationalNumber.startsWith('1'))
}

/** The message of a refused number: one that shows the selected region's format and says `+` works. */
export function phoneMessageKey(region: string): ValidationKey {
  if (region === 'KR') return 'phone_kr'
  return isSupportedCountry(region) && getCountryCallingCode(region) === '1' ? 'phone_us' : 'phone_other'
}

/** A stored number as a page shows it: its text and, when it is a number, its `tel:` link. */
export interface PhoneDisplay {
  text: string
  href: string | null
}

/**
 * A stored number (E.164, or a legacy or free-text one read for `region`, US by default) for display:
 * `(404) 555-7788` and `010-1234-5678` as the US and Korea write them, in every page language, since
 * the realtors and their visitors live between the two; any other country's with `+` (`+81 90 1234 5678`),
 * which dials from anywhere. The link is always E.164 (`tel:+14045557788`). Text that is no number shows
 * as it is, trimmed, with no link. One reading for both, so a page pays for one parse per number.
 */
export function phoneDisplay(phone: string, region = 'US'): PhoneDisplay {
  const number = readTyped(phone, region)
  if (!number) return { text: phone.trim(), href: null }
  const national = NATIONAL_DISPLAY.includes(number.countryCallingCode)
  return { text: national ? number.formatNational() : number.formatInternational(), href: `tel:${number.number}` }
}

/** The display text of a stored number (see phoneDisplay). */
export function formatPhone(phone: string, region = 'US'): string {
  return phoneDisplay(phone, region).text
}

/** A `tel:` URI of a stored number, always E.164 (`tel:+14045557788`); null when it is no number. */
export function telHref(phone: string, region = 'US'): string | null {
  return phoneDisplay(phone, region).href
}
