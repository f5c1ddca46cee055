// Where an invitation stands, as the admin console shows it (docs/decisions/102-invitations.md).
// Browser-safe: the console's island imports these types.
import type { Locale } from '../locale'

/** An invited account's password hash: no password matches it (verifyPassword refuses malformed hashes). */
export const NO_PASSWORD = 'invited'

/** Where an invitation stands: `accepted` once the realtor has a password of their own. */
export type InvitationState = 'invited' | 'expired' | 'revoked' | 'accepted'

export interface InvitationSummary {
  state: InvitationState
  /** Unix time in milliseconds the link ends (or ended). */
  expiresAt: number
  locale: Locale
}

/** The console's view of an invitation row (the columns the account list reads). */
export function invitationSummaryOf(
  row: { expires_at: number; accepted_at: number | null; revoked_at: number | null; locale: Locale },
  hasPassword: boolean,
  now = Date.now(),
): InvitationSummary {
  const state: InvitationState =
    row.accepted_at !== null || hasPassword
      ? 'accepted'
      : row.revoked_at !== null
        ? 'revoked'
        : row.expires_at <= now
          ? 'expired'
          : 'invited'
  return { state, expiresAt: row.expires_at, locale: row.locale }
}
