// The 409 of a write a unique index or the address history refused (docs/decisions/047-site-lifecycle.md):
// it names the field, and for an address another realtor left recently, the day it is free again; and the
// 429 of a change of address past the day's limit (docs/decisions/083-address-squatting.md).
import type { Context } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { type RenameLimitError, secondsUntil, waitPhrase } from '../../lib/realtors/address-changes'
import type { RealtorConflictError } from '../../lib/realtors/d1-store'
import { addressHeldUntil, formatDay } from '../../lib/realtors/lifecycle'
import { INVALID_INPUT_MESSAGE, validationMessage } from '../../lib/validation'
import { apiLocale, apiMessage } from '../../middleware/api'

const TAKEN = {
  desiredUrl: 'desired_url_taken',
  hompageUrl: 'homepage_taken',
  userId: 'account_has_realtor',
  email: 'email_taken',
} as const

/** The 409 for `error`; `desiredUrl` is the address the write tried to take, `realtorId` who tried. */
export async function conflictError(
  c: Context<AppEnv>,
  error: RealtorConflictError,
  desiredUrl: string | undefined,
  realtorId: number | null = null,
): Promise<AppError> {
  const locale = apiLocale(c)
  const until = error.held && desiredUrl ? await addressHeldUntil(c.env.DB, desiredUrl, realtorId) : null
  const message =
    error.held || until
      ? apiMessage(c, 'builder.lifecycle.addressHeld', { date: until ? formatDay(until, locale) : '' })
      : validationMessage(TAKEN[error.field], locale)
  return new AppError(409, INVALID_INPUT_MESSAGE[locale], { fields: [{ path: error.field, message }] })
}

/**
 * The 429 for a change of address the limit refused: the message (also on `desiredUrl`, where the editor
 * shows it) says how many changes a day allow and when the next one is; Retry-After says it in seconds.
 */
export function renameLimitError(c: Context<AppEnv>, error: RenameLimitError): AppError {
  const seconds = secondsUntil(error.nextAt)
  c.header('Retry-After', String(seconds))
  const when = waitPhrase(seconds, apiLocale(c))
  const message = apiMessage(c, 'api.realtor.renameLimit', { limit: error.limit, when })
  return new AppError(429, message, { fields: [{ path: 'desiredUrl', message }] })
}
