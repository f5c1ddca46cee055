// What a phone input may hold before it is read as a number (docs/decisions/064-phone-numbers.md): the
// characters people write numbers with. Free of libphonenumber-js, so the landing page's lead form can
// filter as the visitor types without loading the phone rule (src/lib/phone.ts) before a submit.

/** Longest phone text a form takes: room for `+82 (0)10 - 1234 - 5678` and the like. */
export const PHONE_MAX_LENGTH = 30

/** Digits, spaces and `+ ( ) . - /`: every common way of writing a number, and nothing else. */
const PHONE_TEXT = /^[\d\s+().\-/]*$/
const NOT_PHONE_TEXT = /[^\d\s+().\-/]/g

export function isPhoneText(text: string): boolean {
  return PHONE_TEXT.test(text)
}

/** The lead form's phone input keeps the characters above; `rejected` says others were typed (§5). */
export function filterPhone(typed: string): { value: string; rejected: boolean } {
  // Full-width digits and signs (a Korean keyboard's) become ASCII ones, not refused characters.
  const text = typed.normalize('NFKC')
  const value = text.replace(NOT_PHONE_TEXT, '')
  return { value, rejected: value !== text }
}
