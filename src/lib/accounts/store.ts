// Accounts in D1: sign-in lookup, the account behind each session (cached a few seconds per isolate),
// ending an account's sessions, and the admin account created from configuration on first start.
import type { SessionClaims, SessionUser } from '../session'
import { hashPassword } from './password'

export interface AccountRow {
  id: number
  email: string
  name: string
  role: 'admin' | 'realtor'
  password_hash: string
  agreed_at: string | null
  realtor_id: number | null
  /** Raised to end every session signed before (migrations/0006_token_version.sql). */
  token_version: number
  /** 1 while the password is one the admin chose (migrations/0033_temporary_passwords.sql). */
  password_temporary: number
}

/** What a session needs of its account: who it is now, and which tokens are still good. */
export type SessionAccount = Pick<AccountRow, 'id' | 'email' | 'name' | 'role' | 'realtor_id' | 'token_version'>

const SELECT = `SELECT a.id, a.email, a.name, a.role, a.password_hash, a.agreed_at, a.token_version, a.password_temporary,
  r.id AS realtor_id FROM accounts a LEFT JOIN realtors r ON r.user_id = a.id`

export async function findAccountByEmail(db: D1Database, email: string): Promise<AccountRow | null> {
  return db.prepare(`${SELECT} WHERE a.email = ?`).bind(email.trim()).first<AccountRow>()
}

export async function findAccountById(db: D1Database, id: number): Promise<AccountRow | null> {
  return db.prepare(`${SELECT} WHERE a.id = ?`).bind(id).first<AccountRow>()
}

export function sessionUserOf(account: SessionAccount): SessionUser {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    realtorId: account.realtor_id,
  }
}

/**
 * What every sign-in answers beside its token (/login, /me, the hand-off, a mailed link's password): who,
 * whether the service agreement was accepted, and whether the password is still one the admin chose, which
 * the realtor replaces before anything else (docs/decisions/106-temporary-passwords.md).
 */
export function signInStateOf(account: AccountRow) {
  return {
    user: sessionUserOf(account),
    agreedAt: account.agreed_at,
    mustChangePassword: account.password_temporary === 1,
  }
}

/** The claims of a new token for the account: its user now and its current token version. */
export function sessionClaimsOf(account: SessionAccount): SessionClaims {
  return { ...sessionUserOf(account), tokenVersion: account.token_version }
}

/**
 * How long an isolate trusts what it read of an account: a session ended in another isolate (or by
 * hand in D1) is refused there at most this much later; in this isolate, at once.
 */
export const SESSION_ACCOUNT_TTL_MS = 5_000
const SESSION_ACCOUNT_MAX = 1_000

interface SessionAccountCache {
  entries: Map<number, { account: SessionAccount | null; until: number }>
  /** Raised by forgetSessionAccount, so a read that was under way then is not kept. */
  forgets: number
}

const sessionAccounts = new WeakMap<D1Database, SessionAccountCache>()

function cacheOf(db: D1Database): SessionAccountCache {
  let cache = sessionAccounts.get(db)
  if (!cache) {
    cache = { entries: new Map(), forgets: 0 }
    sessionAccounts.set(db, cache)
  }
  return cache
}

async function readSessionAccount(db: D1Database, id: number): Promise<SessionAccount | null> {
  return db
    .prepare(
      `SELECT a.id, a.email, a.name, a.role, a.token_version, r.id AS realtor_id
       FROM accounts a LEFT JOIN realtors r ON r.user_id = a.id WHERE a.id = ?`,
    )
    .bind(id)
    .first<SessionAccount>()
}

/**
 * The signed-in user a token's claims stand for, or null when its account is gone or has ended the
 * sessions signed before (another token version). Reads D1 at most once per account every
 * SESSION_ACCOUNT_TTL_MS in an isolate; the cache holds at most SESSION_ACCOUNT_MAX accounts.
 */
export async function sessionUserFor(db: D1Database, claims: SessionClaims): Promise<SessionUser | null> {
  const cache = cacheOf(db)
  const now = Date.now()
  let entry = cache.entries.get(claims.id)
  if (!entry || entry.until <= now) {
    const forgets = cache.forgets
    const account = await readSessionAccount(db, claims.id)
    entry = { account, until: now + SESSION_ACCOUNT_TTL_MS }
    if (forgets === cache.forgets) {
      cache.entries.delete(claims.id)
      if (cache.entries.size >= SESSION_ACCOUNT_MAX) cache.entries.delete(cache.entries.keys().next().value!)
      cache.entries.set(claims.id, entry)
    }
  }
  const { account } = entry
  return account && account.token_version === claims.tokenVersion ? sessionUserOf(account) : null
}

/** A realtor account to make: the password already hashed (src/lib/accounts/password.ts). */
export interface NewAccount {
  email: string
  name: string
  passwordHash: string
  /** The admin typed the password: the realtor replaces it at the first sign-in (decision 106). */
  passwordTemporary?: boolean
}

/**
 * The insert of a new realtor account, for a batch that makes its homepage in the same transaction
 * (src/lib/realtors/d1-store.ts insertWithAccount). A taken email fails it: `UNIQUE constraint failed:
 * accounts.email`.
 */
export function newRealtorAccount(db: D1Database, account: NewAccount): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO accounts (email, name, role, password_hash, password_temporary) VALUES (?, ?, 'realtor', ?, ?)`,
    )
    .bind(account.email, account.name, account.passwordHash, account.passwordTemporary ? 1 : 0)
}

/** Drops what this isolate knows of an account, after its sessions were ended or it was deleted. */
export function forgetSessionAccount(db: D1Database, id: number): void {
  const cache = cacheOf(db)
  cache.forgets++
  cache.entries.delete(id)
}

/** Ends every session and bearer token of the account signed until now (sign-out). */
export async function endSessions(db: D1Database, id: number): Promise<void> {
  await db.prepare('UPDATE accounts SET token_version = token_version + 1 WHERE id = ?').bind(id).run()
  forgetSessionAccount(db, id)
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
