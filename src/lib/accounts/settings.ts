// Changes an account makes to itself (settings page) or an admin makes to it (password reset). A
// new password hash ends every session signed before it (the trigger of migrations/0006).
import { base64url } from '../base64url'
import { hashPassword } from './password'
import { forgetSessionAccount } from './store'

/** Writes the account's new name and/or email; false when the email belongs to another account. */
export async function updateAccount(
  db: D1Database,
  id: number,
  change: { name?: string | undefined; email?: string | undefined },
): Promise<boolean> {
  try {
    await db
      .prepare(
        `UPDATE accounts SET name = COALESCE(?, name), email = COALESCE(?, email),
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
      )
      .bind(change.name ?? null, change.email ?? null, id)
      .run()
  } catch (error) {
    if (String(error instanceof Error ? error.message : error).includes('UNIQUE constraint failed')) return false
    throw error
  }
  forgetSessionAccount(db, id)
  return true
}

/**
 * Stores a new password's hash; the trigger raises the token version, so every older token stops. A password
 * the admin chose is `temporary`: the realtor is asked to choose their own at the next sign-in
 * (docs/decisions/106-temporary-passwords.md); one the realtor chose clears that.
 */
export async function setPassword(
  db: D1Database,
  id: number,
  password: string,
  { temporary = false }: { temporary?: boolean } = {},
): Promise<void> {
  await db
    .prepare(
      `UPDATE accounts SET password_hash = ?, password_temporary = ?,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
    .bind(await hashPassword(password), temporary ? 1 : 0, id)
    .run()
  forgetSessionAccount(db, id)
}

/** Records that the account accepted the service agreement (/agreement): the first time counts. */
export async function recordAgreement(db: D1Database, id: number): Promise<void> {
  await db
    .prepare(
      `UPDATE accounts SET agreed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND agreed_at IS NULL`,
    )
    .bind(id)
    .run()
}

/** A temporary password an admin reads out once: 16 random characters, about 96 bits. */
export function temporaryPassword(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(12)))
}
