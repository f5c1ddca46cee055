// Invitations (migrations/0032_invitations.sql, docs/decisions/102-invitations.md): an account the admin
// makes without a password, and the one live link mailed to the realtor that sets their own within
// INVITATION_TTL_MS. A resend replaces the link, a revoke kills it; the link's page is /login/invite, which
// signs in as a reset link's does. Tokens as the reset's: only the SHA-256 is stored, read and spent at once.
import { type Locale, localizedPath } from '../locale'
import { sendLinkEmailIn } from '../notifications/link-email'
import type { OutboxConfig } from '../outbox/config'
import { tokenHash as hashOf, newToken, TOKEN_PATTERN } from '../tokens'
import { withoutTrailingSlash } from '../urls'
import { type InvitationSummary, invitationSummaryOf, NO_PASSWORD } from './invitation-state'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const INVITATION_WORDS = {
  subject: 'builder.invite.mailSubject',
  intro: 'builder.invite.mailIntro',
  note: 'builder.invite.mailIgnore',
  button: 'builder.invite.mailButton',
}

/** The account's invitation as the console shows it; null for an account made with a password. */
export async function invitationOf(
  db: D1Database,
  accountId: number,
  now = Date.now(),
): Promise<InvitationSummary | null> {
  const row = await db
    .prepare(
      // The account by its key in a subquery: as a join, SQLite's statistics over a few invitations scanned them.
      `SELECT expires_at, accepted_at, revoked_at, locale,
         (SELECT password_hash != ?2 FROM accounts WHERE id = ?1) AS has_password
       FROM invitations WHERE account_id = ?1`,
    )
    .bind(accountId, NO_PASSWORD)
    .first<{
      expires_at: number
      accepted_at: number | null
      revoked_at: number | null
      locale: Locale
      has_password: number
    }>()
  return row ? invitationSummaryOf(row, row.has_password === 1, now) : null
}

/**
 * A new link for the account in `locale`, valid INVITATION_TTL_MS from `now`: the invitation's row is made or
 * its older link replaced (a revoked invitation lives again). Refused (null) once the realtor has a password.
 */
export async function issueInvitation(
  db: D1Database,
  accountId: number,
  locale: Locale,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number } | null> {
  const token = newToken()
  const expiresAt = now + INVITATION_TTL_MS
  const row = await db
    .prepare(
      `INSERT INTO invitations (account_id, token_hash, locale, sent_at, expires_at)
       SELECT id, ?2, ?3, ?4, ?5 FROM accounts WHERE id = ?1 AND password_hash = ?6
       ON CONFLICT (account_id) DO UPDATE SET token_hash = excluded.token_hash, locale = excluded.locale,
         sent_at = excluded.sent_at, expires_at = excluded.expires_at, revoked_at = NULL
       WHERE invitations.accepted_at IS NULL
       RETURNING account_id`,
    )
    .bind(accountId, await hashOf(token), locale, now, expiresAt, NO_PASSWORD)
    .first()
  return row ? { token, expiresAt } : null
}

/** Kills the link of an invitation not yet accepted; false when there is none to revoke. */
export async function revokeInvitation(db: D1Database, accountId: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE invitations SET token_hash = NULL, revoked_at = ?2
       WHERE account_id = ?1 AND accepted_at IS NULL AND revoked_at IS NULL
         AND (SELECT password_hash FROM accounts WHERE id = ?1) = ?3
       RETURNING account_id`,
    )
    .bind(accountId, now, NO_PASSWORD)
    .first()
  return row !== null
}

/**
 * Uses up a link's token: the account it invites, or null when it is malformed, unknown, replaced, revoked,
 * used or expired. Reading and spending are one statement, so it works once even when two requests race.
 */
export async function redeemInvitation(
  db: D1Database,
  token: string,
  now = Date.now(),
): Promise<{ accountId: number } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const row = await db
    .prepare(
      `UPDATE invitations SET token_hash = NULL, accepted_at = ?2
       WHERE token_hash = ?1 AND expires_at > ?2 AND revoked_at IS NULL AND accepted_at IS NULL
       RETURNING account_id`,
    )
    .bind(await hashOf(token), now)
    .first<{ account_id: number }>()
  return row ? { accountId: row.account_id } : null
}

/** `{origin}{/en}/login/invite#token=…`: in the fragment, as a reset link's, out of logs and Referer. */
export function invitationLink(origin: string, locale: Locale, token: string): string {
  return `${withoutTrailingSlash(origin)}${localizedPath(locale, '/login/invite')}#token=${encodeURIComponent(token)}`
}

/** Mails the link in `locale` through the notifications' sender; throws when mail is not configured or refused. */
export async function sendInvitation(
  config: OutboxConfig,
  { to, name, token, locale }: { to: string; name: string; token: string; locale: Locale },
): Promise<void> {
  await sendLinkEmailIn(config, {
    to,
    locale,
    kind: 'invitation',
    href: invitationLink(config.publicOrigin ?? '', locale, token),
    ids: INVITATION_WORDS,
    values: { name, email: to, days: String(INVITATION_TTL_MS / 86_400_000) },
  })
}
