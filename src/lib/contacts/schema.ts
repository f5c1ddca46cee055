// The contact form to a realtor (docs/product.md §3, §5), shared by POST /v1/realtor-contacts and the
// browser form: no server-only imports. Issues carry message keys localized by src/lib/validation.ts.

import { EMAIL_PATTERN, isValidPhone } from '../realtors/schema'
import * as z from '../zod'
import { MAX_CONTACT_MESSAGE } from './fields'
import { isRegionCode, phoneDigitsOf } from './regions'

export * from './fields'

const required = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long')

export const contactSchema = z
  .strictObject({
    realtorId: z.coerce.number('number').int('integer').positive('too_small'),
    name: z.string().trim().max(120, 'too_long').optional(),
    lastName: required(60),
    firstName: required(60),
    email: required(254).regex(EMAIL_PATTERN, 'email'),
    phone: required(20),
    // Any ISO 3166-1 alpha-2 region, not only those the form offers (docs/decisions/034-phone-regions.md).
    phoneCountryCode: z.string('invalid_type').refine(isRegionCode, 'invalid_type'),
    message: required(MAX_CONTACT_MESSAGE),
    isTerm: z.enum(['Y', 'N'], 'yes_no'),
  })
  .superRefine((value, ctx) => {
    // The privacy consent is required: the browser form gates on it, and so does the server.
    if (value.isTerm === 'N') ctx.addIssue({ code: 'custom', path: ['isTerm'], message: 'consent_required' })
    if (value.phone && !isValidPhone(value.phone, value.phoneCountryCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: phoneDigitsOf(value.phoneCountryCode) === 10 ? 'phone_us' : 'phone_other',
      })
    }
  })
  .transform((value) => ({
    ...value,
    // Without a name of the form's own, the store joins the parts in the order of the contact's language.
    name: value.name ?? '',
    phone: value.phone.replace(/-/g, ''),
  }))

export type ContactInput = z.input<typeof contactSchema>
export type Contact = z.output<typeof contactSchema>
