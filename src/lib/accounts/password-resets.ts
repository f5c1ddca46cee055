// "Forgot password" links (migrations/0031_password_resets.sql, docs/decisions/100-password-reset.md): a
// link mailed to an account's sign-in email that sets a new password once within PASSWORD_RESET_TTL_MS.
// One live link per account (a newer one replaces it), bound to the token version it was issued under, so
// a password change or "sign out everywhere" since also ends it. Only the token's SHA-256 is stored.
import { type Locale, localizedPath } from '../locale'
import { sendLinkEmailIn } from '../notifications/link-email'
import type { OutboxConfig } from '../outbox/config'
import { tokenHash as hashOf, newToken, TOKEN_PATTERN } from '../tokens'
import { withoutTrailingSlash } from '../urls'
import { findAccountByEmail } from './store'

export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000

const RESET_WORDS = {
  subject: 'builder.reset.mailSubject',
  intro: 'builder.reset.mailIntro',
  note: 'builder.reset.mailIgnore',
  button: 'builder.reset.mailButton',
}

/** A new link's token for the account at its current token version; its older link and expired ones go. */
export async function issuePasswordReset(
  db: D1Database,
  account: { id: number; token_version: number },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken()
  const expiresAt = now + PASSWORD_RESET_TTL_MS
  await db.batch([
    // Two statements, each on its index: one WHERE with OR over both columns is a scan of the table.
    db.prepare('DELETE FROM password_resets WHERE account_id = ?').bind(account.id),
    db.prepare('DELETE FROM password_resets WHERE expires_at <= ?').bind(now),
    db
      .prepare('INSERT INTO password_resets (token_hash, account_id, token_version, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await hashOf(token), account.id, account.token_version, expiresAt),
  ])
  return { token, expiresAt }
}

/**
 * Uses up a link's token: the account and token version it was issued for, or null when it is malformed,
 * unknown, used, replaced or expired. Reading and deleting are one statement, so it works once even when
 * two requests race. The caller still compares the token version with the account's.
 */
export async function redeemPasswordReset(
  db: D1Database,
  token: string,
  now = Date.now(),
): Promise<{ accountId: number; tokenVersion: number } | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const row = await db
    .prepare('DELETE FROM password_resets WHERE token_hash = ? RETURNING account_id, token_version, expires_at')
    .bind(await hashOf(token))
    .first<{ account_id: number; token_version: number; expires_at: number }>()
  return row && row.expires_at > now ? { accountId: row.account_id, tokenVersion: row.token_version } : null
}

/** `{origin}{/en}/login/reset#token=…`: in the fragment, so the token reaches no server log or Referer. */
export function passwordResetLink(origin: string, locale: Locale, token: string): string {
  return `${withoutTrailingSlash(origin)}${localizedPath(locale, '/login/reset')}#token=${encodeURIComponent(token)}`
}

/** The language the realtor chose for their mail (the notification settings'), if they saved one. */
async function storedLocaleOf(db: D1Database, accountId: number): Promise<Locale | null> {
  const row = await db
    // The realtor by its account (unique), then their settings by key: as a join, SQLite's statistics over a
    // few settings rows chose to scan them.
    .prepare(
      `SELECT locale FROM realtor_notifications
       WHERE realtor_id = (SELECT id FROM realtors WHERE user_id = ? AND deleted_at IS NULL)`,
    )
    .bind(accountId)
    .first<{ locale: Locale }>()
  return row?.locale ?? null
}

/** Mails the link in `locale`; throws when email is not configured or the binding refuses the message. */
export async function sendPasswordReset(
  config: OutboxConfig,
  { to, link, locale }: { to: string; link: string; locale: Locale },
): Promise<void> {
  await sendLinkEmailIn(config, {
    to,
    locale,
    kind: 'reset',
    href: link,
    ids: RESET_WORDS,
    values: { email: to, minutes: String(PASSWORD_RESET_TTL_MS / 60_000) },
  })
}

/**
 * What a "forgot password" request does after it is answered: for an account with this email, a new link
 * mailed in the realtor's saved language, else the language of the page asked from; for any other address,
 * nothing. The answer never waits for this, so it reads the same and takes as long either way.
 */
export async function requestPasswordReset(
  config: OutboxConfig,
  email: string,
  pageLocale: Locale,
  now = config.now?.() ?? Date.now(),
): Promise<boolean> {
  const account = await findAccountByEmail(config.db, email)
  if (!account) return false
  const [{ token }, locale] = await Promise.all([
    issuePasswordReset(config.db, account, now),
    storedLocaleOf(config.db, account.id),
  ])
  const mailLocale = locale ?? pageLocale
  const link = passwordResetLink(config.publicOrigin ?? '', mailLocale, token)
  await sendPasswordReset(config, { to: account.email, link, locale: mailLocale })
  return true
}
