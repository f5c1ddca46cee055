// The contact form to a realtor (docs/product.md §3, §5), shared by POST /v1/realtor-contacts and the
// browser form: no server-only imports. Issues carry message keys localized by src/lib/validation.ts.

import { parsePhone, phoneMessageKey } from '../phone'
import { PHONE_MAX_LENGTH } from '../phone/input'
import { EMAIL_PATTERN } from '../realtors/schema'
import * as z from '../zod'
import { MAX_CONTACT_MESSAGE } from './fields'
import { isRegionCode } from './regions'

export * from './fields'

const required = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long')

export const contactSchema = z
  .strictObject({
    realtorId: z.coerce.number('number').int('integer').positive('too_small'),
    name: z.string().trim().max(120, 'too_long').optional(),
    lastName: required(60),
    firstName: required(60),
    email: required(254).regex(EMAIL_PATTERN, 'email'),
    phone: required(PHONE_MAX_LENGTH),
    // Any ISO 3166-1 alpha-2 region, not only those the form offers (docs/decisions/034-phone-regions.md):
    // the country the form selected, which src/lib/phone.ts reads the number for first (decision 064).
    phoneCountryCode: z.string('invalid_type').refine(isRegionCode, 'invalid_type'),
    message: required(MAX_CONTACT_MESSAGE),
    isTerm: z.enum(['Y', 'N'], 'yes_no'),
  })
  .superRefine((value, ctx) => {
    // The privacy consent is required: the browser form gates on it, and so does the server.
    if (value.isTerm === 'N') ctx.addIssue({ code: 'custom', path: ['isTerm'], message: 'consent_required' })
    if (value.phone && !parsePhone(value.phone, value.phoneCountryCode)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessageKey(value.phoneCountryCode) })
    }
  })
  // Stored as E.164 with the region the number really is: `(404) 555-7788` sent with KR selected is kept
  // as +14045557788, US (docs/decisions/064-phone-numbers.md). The refinement above has read it once.
  .transform((value) => {
    const phone = parsePhone(value.phone, value.phoneCountryCode)
    return {
      ...value,
      // Without a name of the form's own, the store joins the parts in the order of the contact's language.
      name: value.name ?? '',
      phone: phone?.e164 ?? value.phone,
      phoneCountryCode: phone?.region ?? value.phoneCountryCode,
    }
  })

export type ContactInput = z.input<typeof contactSchema>
export type Contact = z.output<typeof contactSchema>
