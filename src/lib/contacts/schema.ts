// The contact form to a realtor (docs/product.md §3, §5), shared by POST /v1/realtor-contacts and the
// browser form: no server-only imports. Issues carry message keys localized by src/lib/validation.ts.

import { parsePhone, phoneMessageKey } from '../phone'
import { PHONE_MAX_LENGTH } from '../phone/input'
import { EMAIL_PATTERN } from '../realtors/schema'
import * as z from '../zod'
import { MAX_CONTACT_MESSAGE } from './fields'
import { isRegionCode } from './regions'
import { CONTACT_KINDS, MAX_TOUR_SLOTS, SELL_TIMELINES, TOUR_MODES, TOUR_WINDOWS } from './requests'

export * from './fields'

const required = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'too_long')

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). Whether it is in range is the route's. */
const day = z
  .string('required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'tour_date')
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'tour_date')

/** A tour's choices: in person or video, and 1–3 preferred days, each with a part of the day. */
const tourSchema = z.strictObject({
  mode: z.enum(TOUR_MODES, 'tour_mode'),
  slots: z
    .array(z.strictObject({ date: day, window: z.enum(TOUR_WINDOWS, 'tour_window') }), 'required')
    .min(1, 'tour_date')
    .max(MAX_TOUR_SLOTS, 'too_many'),
})

/** The home an owner wants valued: where it is, its rooms, and when they think of selling. */
const valuationSchema = z.strictObject({
  address: required(200),
  beds: z.coerce.number('number').int('integer').min(0, 'too_small').max(20, 'too_big'),
  baths: z.coerce
    .number('number')
    .min(0, 'too_small')
    .max(20, 'too_big')
    .refine((value) => Number.isInteger(value * 2), 'half_steps'),
  timeline: z.enum(SELL_TIMELINES, 'sell_timeline'),
})

/** Which fields each kind carries besides the contact's own; any other is refused. */
const KIND_FIELDS = {
  contact: [],
  question: ['listingKey'],
  tour: ['listingKey', 'tour'],
  valuation: ['valuation'],
} as const

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
    // Required for a message and a question; a tour or valuation request may add a note or not.
    message: z.string('invalid_type').trim().max(MAX_CONTACT_MESSAGE, 'too_long').optional().default(''),
    isTerm: z.enum(['Y', 'N'], 'yes_no'),
    // The request's kind (docs/decisions/096-home-requests.md); the contact form sends none.
    kind: z.enum(CONTACT_KINDS, 'invalid_type').optional().default('contact'),
    // The home a question or tour is about, by its MLS ListingKey; its snapshot is read from `listings`.
    listingKey: z
      .string('invalid_type')
      .trim()
      .min(1, 'required')
      .max(64, 'too_long')
      .regex(/^[\w.-]+$/, 'invalid_type')
      .optional(),
    tour: tourSchema.optional(),
    valuation: valuationSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const wanted: readonly string[] = KIND_FIELDS[value.kind]
    for (const field of ['listingKey', 'tour', 'valuation'] as const) {
      const present = value[field] !== undefined
      if (wanted.includes(field) && !present) ctx.addIssue({ code: 'custom', path: [field], message: 'required' })
      if (!wanted.includes(field) && present) ctx.addIssue({ code: 'custom', path: [field], message: 'unknown_field' })
    }
    if ((value.kind === 'contact' || value.kind === 'question') && !value.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'required' })
    if (value.kind === 'tour' && value.tour) {
      const seen = new Set<string>()
      value.tour.slots.forEach((slot, index) => {
        const key = `${slot.date} ${slot.window}`
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: ['tour', 'slots', index, 'date'], message: 'tour_slot_twice' })
        seen.add(key)
      })
    }
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
