// The server's validation of a lead request (POST /api/send-to-slack): the form's rules plus lengths.
import * as z from '../zod'
import { HAS_SITE_VALUES, LEAD_LIMITS, PHONE_PATTERN } from './form'

/** A required consent: sent as Y (given); N or nothing is refused with the form's own message. */
const consent = z.literal('Y', 'consent_required')

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long')

export const leadSchema = z.strictObject({
  name: text(LEAD_LIMITS.name),
  area: text(LEAD_LIMITS.area),
  phone: z.string().trim().min(1, 'required').max(LEAD_LIMITS.phone, 'too_long').regex(PHONE_PATTERN, 'phone_chars'),
  hasSite: z.enum(HAS_SITE_VALUES, 'has_site'),
  privacyConsent: consent,
  contactConsent: consent,
})
