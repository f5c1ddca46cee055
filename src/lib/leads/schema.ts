// The server's validation of a lead request (POST /api/send-to-slack): the form's rules plus lengths, and
// the phone read as any common format and stored as E.164 (docs/decisions/064-phone-numbers.md).
import { phoneSchema } from '../realtors/schema'
import * as z from '../zod'
import { HAS_SITE_VALUES, LEAD_LIMITS } from './form'

/** A required consent: sent as Y (given); N or nothing is refused with the form's own message. */
const consent = z.literal('Y', 'consent_required')

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long')

export const leadSchema = z.strictObject({
  name: text(LEAD_LIMITS.name),
  area: text(LEAD_LIMITS.area),
  // The form has no country to choose: a number is read as the US and Korea write theirs (src/lib/phone.ts),
  // the US first for the few written in neither way (`1 404 555 7788`); `+` reaches any country.
  phone: phoneSchema(),
  hasSite: z.enum(HAS_SITE_VALUES, 'has_site'),
  privacyConsent: consent,
  contactConsent: consent,
})
