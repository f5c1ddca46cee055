// What a browser sends to turn push on (its PushSubscription.toJSON()), checked the same way by the API
// and the builder's island. Browser-safe: no server-only imports.
import * as z from '../zod'

/** base64url of 65 bytes starting 0x04 (an uncompressed P-256 point): 87 characters from B. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/
/** base64url of 16 bytes: 22 characters. */
const AUTH = /^[A-Za-z0-9_-]{22}$/

/** Some browsers pad base64url with `=`; the keys are stored without. */
const unpadded = (pattern: RegExp) =>
  z
    .string('invalid_type')
    .max(100, 'too_long')
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => pattern.test(value), 'invalid_type')

export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.string('invalid_type').trim().min(1, 'required').max(2000, 'too_long'),
  // Part of toJSON(); push services here do not expire subscriptions by time, so it is not kept.
  expirationTime: z.number('invalid_type').nullable().optional(),
  keys: z.strictObject({ p256dh: unpadded(P256DH), auth: unpadded(AUTH) }),
})

export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>

/** A device as the builder lists it. */
export interface PushDevice {
  id: number
  /** "Chrome · Android"; empty when the browser said nothing we recognise. */
  label: string
  createdAt: string
}

/** Devices a realtor may have at once: each contact is one push per device. */
export const MAX_PUSH_DEVICES = 20
