// Accounts in D1: sign-in lookup and the admin account created from configuration on first start.
import type { SessionUser } from '../session'
import { hashPassword } from './password'

export interface AccountRow {
  id: number
  email: string
  name: string
  role: 'admin' | 'realtor'
  password_hash: string
  agreed_at: string | null
  realtor_id: number | null
}

const SELECT = `SELECT a.id, a.email, a.name, a.role, a.password_hash, a.agreed_at, r.id AS realtor_id
  FROM accounts a LEFT JOIN realtors r ON r.user_id = a.id`

export async function findAccountByEmail(db: D1Database, email: string): Promise<AccountRow | null> {
  return db.prepare(`${SELECT} WHERE a.email = ?`).bind(email.trim()).first<AccountRow>()
}

export async function findAccountById(db: D1Database, id: number): Promise<AccountRow | null> {
  return db.prepare(`${SELECT} WHERE a.id = ?`).bind(id).first<AccountRow>()
}

export function sessionUserOf(account: AccountRow): SessionUser {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    realtorId: account.realtor_id,
  }
}

const bootstrapped = new WeakSet<D1Database>()

/** Creates the admin account when the database has none yet; once per isolate and database. */
export async function ensureAdminAccount(
  db: D1Database,
  credentials: { email: string; password: string } | null,
): Promise<void> {
  if (!credentials || bootstrapped.has(db)) return
  const existing = await db.prepare(`SELECT id FROM accounts WHERE role = 'admin' LIMIT 1`).first()
  if (!existing) {
    await db
      .prepare(
        `INSERT OR IGNORE INTO accounts (email, name, role, password_hash) VALUES (?, 'Administrator', 'admin', ?)`,
      )
      .bind(credentials.email, await hashPassword(credentials.password))
      .run()
  }
  bootstrapped.add(db)
}
