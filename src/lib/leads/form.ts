// The lead request form's rules shared by the browser panel and the server (docs/product.md §3, §5), free of zod
// and of the phone library so the panel's bundle stays small: the hasSite values and the field lengths (the
// phone input's filter is src/lib/phone-input.ts; the server reads the number with src/lib/phone.ts).
import { PHONE_MAX_LENGTH } from '../phone/input'

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

export const LEAD_LIMITS = { name: 50, area: 100, phone: PHONE_MAX_LENGTH } as const
