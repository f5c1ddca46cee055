// Against address squatting (issue 29, docs/decisions/083-address-squatting.md): a realtor changes address
// at most ADDRESS_CHANGES_PER_DAY times in any 24 hours (migrations/0023_address_squatting.sql counts each
// change in `address_changes`), admins excepted; and an admin can release an address a realtor left, which
// ends its redirect and frees it for anyone at once.
import { ADDRESS_CHANGES_PER_DAY, type AddressState } from '../builder/address-state'
import { isAdmin, type MaybeUser } from './permissions'

const DAY_MS = 24 * 60 * 60 * 1000

/** A change of address refused by the limit: when the next one is allowed. */
export class RenameLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly nextAt: Date,
  ) {
    super(`address changed ${limit} times in 24 hours; next change at ${nextAt.toISOString()}`)
  }
}

/**
 * The limit a write by `user` is held to: none for an admin (support fixes an address without waiting a
 * day; an admin's change still counts against the realtor's own), else ADDRESS_CHANGES_PER_DAY.
 */
export function renameLimitFor(user: MaybeUser): number | undefined {
  return isAdmin(user) ? undefined : ADDRESS_CHANGES_PER_DAY
}

/**
 * When `realtorId` may change address again under `limit`, or null when it may now: the moment the
 * limit-th latest change of the last 24 hours leaves the window.
 */
export async function nextAddressChangeAt(db: D1Database, realtorId: number, limit: number): Promise<Date | null> {
  const row = await db
    .prepare(
      `SELECT MIN(changed_at) AS at, COUNT(*) AS n FROM (
         SELECT changed_at FROM address_changes
         WHERE realtor_id = ?1 AND changed_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')
         ORDER BY changed_at DESC LIMIT ?2)`,
    )
    .bind(realtorId, limit)
    .first<{ at: string | null; n: number }>()
  return row?.at && row.n >= limit ? new Date(Date.parse(row.at) + DAY_MS) : null
}

/** Seconds from `now` until `at`, at least 1 (a Retry-After). */
export function secondsUntil(at: Date, now = Date.now()): number {
  return Math.max(1, Math.ceil((at.getTime() - now) / 1000))
}

/** An old address a realtor holds (it redirects to them) and when they left it. */
export interface HeldAddress {
  address: string
  retiredAt: string
}

/**
 * Releases an old address of `realtorId` (any letter case): it stops redirecting and anyone may take it.
 * False when the realtor holds no such address. The caller purges the realtor's cached redirects.
 */
export async function releaseHeldAddress(db: D1Database, realtorId: number, address: string): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM realtor_addresses WHERE address = ? AND realtor_id = ?')
    .bind(address, realtorId)
    .run()
  return result.meta.changes > 0
}

/** A wait as people say it, rounded up to whole hours (whole minutes under an hour): "in 5 hours", "5시간 후". */
export function waitPhrase(seconds: number, locale: 'ko' | 'en'): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return minutes < 60 ? format.format(minutes, 'minute') : format.format(Math.ceil(minutes / 60), 'hour')
}

/**
 * What leaving the current address will do, for the editor's texts: whether the homepage was published
 * under it (leaving it then holds it and redirects) and the old addresses the realtor holds (going back to
 * one makes it published-under again). Null when D1 has no such realtor (upstream mode).
 */
export async function addressStateOf(db: D1Database, realtorId: number): Promise<AddressState | null> {
  const row = await db
    .prepare(
      `SELECT r.address_published AS published,
         (SELECT json_group_array(h.address) FROM realtor_addresses h WHERE h.realtor_id = r.id) AS held
       FROM realtors r WHERE r.id = ?`,
    )
    .bind(realtorId)
    .first<{ published: number; held: string }>()
  return row ? { published: row.published === 1, held: JSON.parse(row.held) as string[] } : null
}
