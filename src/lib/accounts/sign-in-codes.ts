// One-time sign-in codes (migrations/0006_token_version.sql, 0026_sign_in_code_browser.sql): a signed-in
// account mints one for /login/redirect, bound to the challenge of the browser that started the hand-off
// (docs/decisions/086-hand-off-bound-to-its-browser.md); that browser alone trades it, once and within
// SIGN_IN_CODE_TTL_MS, for a session cookie.
import { tokenHash as hashOf, newToken, TOKEN_PATTERN } from '../tokens'

export const SIGN_IN_CODE_TTL_MS = 2 * 60 * 1000

/** A new code for the account at its current token version, for `challenge` only; expired codes are cleared on the way. */
export async function mintSignInCode(
  db: D1Database,
  account: { id: number; token_version: number },
  challenge: string,
  now = Date.now(),
): Promise<{ code: string; expiresAt: number }> {
  const code = newToken()
  const expiresAt = now + SIGN_IN_CODE_TTL_MS
  await db.batch([
    db.prepare('DELETE FROM sign_in_codes WHERE expires_at <= ?').bind(now),
    db
      .prepare(
        'INSERT INTO sign_in_codes (code_hash, account_id, token_version, expires_at, challenge) VALUES (?, ?, ?, ?, ?)',
      )
      .bind(await hashOf(code), account.id, account.token_version, expiresAt, challenge),
  ])
  return { code, expiresAt }
}

export type RedeemedCode =
  | { accountId: number; tokenVersion: number }
  /** A live code that was minted for another browser's challenge: refused, and left for that browser. */
  | 'other-browser'
  /** Malformed, unknown, already used or expired. */
  | null

/**
 * Uses up a code presented with `challenge` (the hash of the presenting browser's verifier, or null when it
 * holds none): the account and token version it was minted for when the challenge is the one it was minted
 * for. Deleting it and reading it are one statement, so two concurrent redemptions cannot both succeed; a
 * code presented by another browser is not used up, so the browser that started the hand-off still can.
 */
export async function redeemSignInCode(
  db: D1Database,
  code: string,
  challenge: string | null,
  now = Date.now(),
): Promise<RedeemedCode> {
  if (!TOKEN_PATTERN.test(code)) return null
  const codeHash = await hashOf(code)
  const row = challenge
    ? await db
        .prepare(
          'DELETE FROM sign_in_codes WHERE code_hash = ? AND challenge = ? RETURNING account_id, token_version, expires_at',
        )
        .bind(codeHash, challenge)
        .first<{ account_id: number; token_version: number; expires_at: number }>()
    : null
  if (row) return row.expires_at > now ? { accountId: row.account_id, tokenVersion: row.token_version } : null
  const live = await db
    .prepare('SELECT 1 FROM sign_in_codes WHERE code_hash = ? AND expires_at > ?')
    .bind(codeHash, now)
    .first()
  return live ? 'other-browser' : null
}
