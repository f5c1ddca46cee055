// The new-account input of POST /v1/accounts, shared by the API and the admin console's form.

import { LOCALES } from '../locale'
import { desiredUrlSchema, emailSchema } from '../realtors/schema'
import * as z from '../zod'

export const MIN_PASSWORD_LENGTH = 8

/** A password an account may get (new account, change, reset): the one rule, checked by the API and its forms. */
export const newPasswordSchema = z.string().min(MIN_PASSWORD_LENGTH, 'too_short').max(200, 'too_long')

export const accountCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'required').max(100, 'too_long'),
  email: emailSchema,
  password: newPasswordSchema,
  desiredUrl: desiredUrlSchema,
})

export type AccountCreateInput = z.infer<typeof accountCreateSchema>

/**
 * POST /v1/accounts/invitations: a new account and homepage without a password, the realtor invited by mail
 * in `locale` (docs/decisions/102-invitations.md); `leadId` names the landing lead it is made from.
 */
export const invitationCreateSchema = z.strictObject({
  name: accountCreateSchema.shape.name,
  email: emailSchema,
  desiredUrl: desiredUrlSchema,
  locale: z.enum(LOCALES, 'invalid_type').default('ko'),
  leadId: z.number('invalid_type').int('invalid_type').positive('invalid_type').max(1e15, 'invalid_type').optional(),
})

export type InvitationCreateInput = z.input<typeof invitationCreateSchema>

/** The current password, checked before an email or password change (the account's own, never a guess). */
const currentPasswordSchema = z.string().min(1, 'required').max(200, 'too_long')

/**
 * PATCH /v1/accounts/me: a new display name and/or email. A new email needs the current password
 * (docs/decisions/046-account-settings.md); a name alone does not.
 */
export const accountUpdateSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'required').max(100, 'too_long').optional(),
    email: emailSchema.optional(),
    currentPassword: currentPasswordSchema.optional(),
  })
  .refine((value) => value.name !== undefined || value.email !== undefined, { message: 'required', path: ['name'] })

export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>

/** POST /v1/accounts/me/password: the current password and the new one (the same rules as a new account's). */
export const passwordChangeSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
})

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>

/** POST /v1/auth/password-reset: the address a "forgot password" link is to go to (if an account has it). */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema })

/** POST /v1/auth/password-reset/complete: the link's token and the new password. */
export const passwordResetSchema = z.strictObject({
  token: z.string().min(1, 'required').max(100, 'too_long'),
  password: newPasswordSchema,
})

/** GET /v1/accounts: the search words, the cursor of the page before, and the page size. */
export const accountListQuerySchema = z.strictObject({
  // No control characters: nobody types them, and the search index's query language cannot carry a NUL.
  q: z
    .string()
    .trim()
    .max(100, 'too_long')
    .regex(/^\P{Cc}*$/u, 'invalid_type')
    .optional()
    .default(''),
  after: z
    .string()
    .regex(/^[ar]\d{1,15}$/, 'invalid_type')
    .optional(),
  limit: z.coerce.number().int('invalid_type').min(1, 'invalid_type').max(100, 'too_big').optional().default(50),
})
