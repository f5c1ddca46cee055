// One-time sign-in codes (migrations/0006_token_version.sql): a signed-in account mints one for
// /login/redirect, which trades it once, within SIGN_IN_CODE_TTL_MS, for a session cookie.
import { tokenHash as hashOf, newToken, TOKEN_PATTERN } from '../tokens'

export const SIGN_IN_CODE_TTL_MS = 2 * 60 * 1000

/** A new code for the account at its current token version; expired codes are cleared on the way. */
export async function mintSignInCode(
  db: D1Database,
  account: { id: number; token_version: number },
  now = Date.now(),
): Promise<{ code: string; expiresAt: number }> {
  const code = newToken()
  const expiresAt = now + SIGN_IN_CODE_TTL_MS
  await db.batch([
    db.prepare('DELETE FROM sign_in_codes WHERE expires_at <= ?').bind(now),
    db
      .prepare('INSERT INTO sign_in_codes (code_hash, account_id, token_version, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await hashOf(code), account.id, account.token_version, expiresAt),
  ])
  return { code, expiresAt }
}

/**
 * Uses up a code: the account and token version it was minted for, or null when it is malformed,
 * unknown, already used or expired. Deleting it and reading it are one statement, so two concurrent
 * redemptions cannot both succeed.
 */
export async function redeemSignInCode(
  db: D1Database,
  code: string,
  now = Date.now(),
): Promise<{ accountId: number; tokenVersion: number } | null> {
  if (!TOKEN_PATTERN.test(code)) return null
  const row = await db
    .prepare('DELETE FROM sign_in_codes WHERE code_hash = ? RETURNING account_id, token_version, expires_at')
    .bind(await hashOf(code))
    .first<{ account_id: number; token_version: number; expires_at: number }>()
  if (!row || row.expires_at <= now) return null
  return { accountId: row.account_id, tokenVersion: row.token_version }
}
