// The new-account input of POST /v1/accounts, shared by the API and the admin console's form.

import { desiredUrlSchema, emailSchema } from '../realtors/schema'
import * as z from '../zod'

export const MIN_PASSWORD_LENGTH = 8

export const accountCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(100, 'too_long'),
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, 'too_short').max(200, 'too_long'),
  desiredUrl: desiredUrlSchema,
})

export type AccountCreateInput = z.infer<typeof accountCreateSchema>
