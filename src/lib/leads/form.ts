// The lead request form's rules shared by the browser panel and the server (docs/product.md §3, §5), free of zod
// so the panel's bundle stays small: the hasSite values and the phone input filter.

export const HAS_SITE_VALUES = ['yes', 'no'] as const
export type HasSite = (typeof HAS_SITE_VALUES)[number]

/** What a lead says about the person: what is stored and relayed. */
export interface LeadFields {
  name: string
  area: string
  phone: string
  hasSite: HasSite
}

/** What the form sends: the fields and its consents. */
export interface LeadInput extends LeadFields {
  /** The two consents the form requires (privacy, being contacted): the server refuses a lead without both. */
  privacyConsent: 'Y' | 'N'
  contactConsent: 'Y' | 'N'
}

export const LEAD_LIMITS = { name: 50, area: 100, phone: 20 } as const

/** The phone input keeps only digits and hyphens; `rejected` says other characters were typed. */
export function filterPhone(typed: string): { value: string; rejected: boolean } {
  const value = typed.replace(/[^\d-]/g, '')
  return { value, rejected: value !== typed }
}

/** Digits and hyphens with at least one digit: what the filtered input can produce. */
export const PHONE_PATTERN = /^(?=.*\d)[\d-]+$/
