// The inbox API's inputs (docs/decisions/049-inbox.md): the list's filters and the PATCH body.
import { CONTACT_KINDS } from '../contacts/requests'
import * as z from '../zod'
import { ENTRY_STATUSES, MAX_NOTE, STATUS_FILTERS } from './types'

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_type')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'invalid_type')

export const entryListSchema = z.strictObject({
  realtorId: z.coerce.number('number').int('integer').positive('too_small').optional(),
  status: z.enum(STATUS_FILTERS, 'invalid_type').optional().default('inbox'),
  q: z.string().trim().max(100, 'too_long').optional().default(''),
  // A realtor's contacts of one kind (docs/decisions/096-home-requests.md); the leads have no kinds.
  kind: z.enum(CONTACT_KINDS, 'invalid_type').optional(),
  from: day.optional(),
  to: day.optional(),
  after: z.coerce.number('number').int('integer').positive('too_small').optional(),
  limit: z.coerce.number().int('invalid_type').min(1, 'invalid_type').max(100, 'too_big').optional().default(50),
  format: z.enum(['csv', 'json'], 'invalid_type').optional().default('csv'),
})

export type EntryListQuery = z.output<typeof entryListSchema>

export const entryPatchSchema = z
  .strictObject({
    status: z.enum(ENTRY_STATUSES, 'invalid_type').optional(),
    note: z.string('invalid_type').max(MAX_NOTE, 'too_long').optional(),
  })
  .refine((value) => value.status !== undefined || value.note !== undefined, { message: 'required', path: ['status'] })
