// The embedded realtor store: D1 rows whose lookup keys are columns and whose profile is one JSON
// document (migrations/0001_realtors_accounts.sql, docs/decisions/010-realtor-storage.md).
import { type NewAccount, newRealtorAccount } from '../accounts/store'
import { nextAddressChangeAt, RenameLimitError } from './address-changes'
import { formerAddressOwner } from './lifecycle'
import { PUBLISHED_SQL } from './publish'
import { REALTOR_DEFAULTS, type RealtorInput } from './schema'
import { sectionWithLanguages } from './sections'
import type { RealtorStore } from './store'
import type { Realtor } from './types'

/** A store that can also write; every write goes through src/lib/realtors/service.ts. */
export interface RealtorRepository extends RealtorStore {
  insert(input: RealtorInput, userId: number | null): Promise<Realtor>
  /**
   * A new realtor account and its homepage in one transaction: both rows or neither. A taken email,
   * address or held address is a RealtorConflictError naming it.
   */
  insertWithAccount(input: RealtorInput, account: NewAccount): Promise<{ accountId: number; realtor: Realtor }>
  /** The realtor by id with the version a write names to replace exactly this profile (`replace`). */
  findVersioned(id: number): Promise<VersionedRealtor | null>
  /**
   * Replaces the whole profile; null when nothing was written: there is no such realtor or, given
   * `opts.version`, the stored profile is no longer that version (another write came first: read it again).
   * With `opts.renameLimit`, a change of address past that many in 24 hours is a RenameLimitError and
   * changes nothing (decision 083).
   */
  replace(id: number, input: RealtorInput, opts?: ReplaceOptions): Promise<Realtor | null>
  remove(id: number): Promise<boolean>
}

export interface ReplaceOptions {
  /** The version the input was made from (decision 082); none given, whatever is stored is replaced. */
  version?: number
  /** Address changes allowed in any 24 hours (ADDRESS_CHANGES_PER_DAY); none given, no limit (admins). */
  renameLimit?: number
}

/** A stored realtor with its version (migrations/0022: every write of the profile moves it) and last write. */
export interface VersionedRealtor {
  realtor: Realtor
  version: number
  updatedAt: Date
}

/** A write refused by a unique index: which field is taken. */
export class RealtorConflictError extends Error {
  /** `held`: another realtor left this address less than 90 days ago (migrations/0010_lifecycle.sql). */
  constructor(
    readonly field: 'desiredUrl' | 'hompageUrl' | 'userId' | 'email',
    readonly held = false,
  ) {
    super(`realtor ${field} is ${held ? 'held' : 'already taken'}`)
  }
}

interface RealtorRow {
  id: number
  user_id: number | null
  desired_url: string
  profile: string
  account_name: string | null
  deleted_at: string | null
  version: number
  updated_at: string
}

/**
 * The host a custom domain is matched by: the URL's host, lower case, exactly (`www.` is a host of its own:
 * only a verified hostname serves, docs/decisions/053-custom-domains.md); null for no or a bad URL.
 */
export function homepageHostOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null
  try {
    return new URL(url).hostname.toLowerCase() || null
  } catch {
    return null
  }
}

/** The read-only display name: the owning account's, else the English SEO author, else the desiredUrl. */
export function displayName(accountName: string | null, profile: Pick<RealtorInput, 'seoMeta' | 'desiredUrl'>) {
  return accountName?.trim() || profile.seoMeta.en.author.trim() || profile.desiredUrl
}

export function realtorFromRow(row: RealtorRow): Realtor {
  const stored = JSON.parse(row.profile) as Partial<RealtorInput>
  const profile: RealtorInput = { ...REALTOR_DEFAULTS, ...stored, desiredUrl: row.desired_url }
  profile.additionalSections = (stored.additionalSections ?? []).map(sectionWithLanguages)
  const realtor: Realtor = { id: row.id, userId: row.user_id, name: displayName(row.account_name, profile), ...profile }
  // Only a deleted homepage carries the field, so a live realtor's answer keeps the §3 shape.
  if (row.deleted_at) realtor.deletedAt = row.deleted_at
  return realtor
}

const SELECT = `SELECT r.id, r.user_id, r.desired_url, r.profile, a.name AS account_name, r.deleted_at,
  r.version, r.updated_at FROM realtors r LEFT JOIN accounts a ON a.id = r.user_id`

/**
 * A write's columns. `hompageUrl` is not the writer's to set: only an active custom domain sets it
 * (src/lib/domains/activation.ts), so the stored value stays whatever the input says.
 */
function columnsOf(input: RealtorInput) {
  const { desiredUrl, ...profile } = input
  return { desiredUrl, profile: JSON.stringify(profile) }
}

function conflictOf(error: unknown): RealtorConflictError | null {
  const message = error instanceof Error ? error.message : String(error)
  if (!message.includes('UNIQUE constraint failed')) return null
  if (message.includes('realtor_addresses.address')) return new RealtorConflictError('desiredUrl', true)
  if (message.includes('realtors.desired_url')) return new RealtorConflictError('desiredUrl')
  if (message.includes('realtors.homepage_host')) return new RealtorConflictError('hompageUrl')
  if (message.includes('realtors.user_id')) return new RealtorConflictError('userId')
  if (message.includes('accounts.email')) return new RealtorConflictError('email')
  return null
}

async function mapConflicts<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    throw conflictOf(error) ?? error
  }
}

export function d1Store(db: D1Database): RealtorRepository {
  const rowById = (id: number) => db.prepare(`${SELECT} WHERE r.id = ?`).bind(id).first<RealtorRow>()
  const byId = async (id: number) => {
    const row = await rowById(id)
    return row ? realtorFromRow(row) : null
  }
  return {
    async findVersioned(id) {
      const row = await rowById(id)
      return row ? { realtor: realtorFromRow(row), version: row.version, updatedAt: new Date(row.updated_at) } : null
    },
    async find(key) {
      if (/^\d{1,15}$/.test(key)) return byId(Number(key))
      const host = homepageHostOf(key)
      const row = host
        ? await db.prepare(`${SELECT} WHERE r.homepage_host = ?`).bind(host).first<RealtorRow>()
        : await db.prepare(`${SELECT} WHERE r.desired_url = ?`).bind(key).first<RealtorRow>()
      return row ? realtorFromRow(row) : null
    },
    async list({ limit = 10 } = {}) {
      const { results } = await db.prepare(`${SELECT} ORDER BY r.id LIMIT ?`).bind(limit).all<RealtorRow>()
      return results.map(realtorFromRow)
    },
    // A range of the primary key, read in order: each page costs the rows it returns (and the unpublished
    // ones between them), however deep it starts. A profile without the flag reads as N (REALTOR_DEFAULTS).
    async listPublished({ afterId, throughId = Number.MAX_SAFE_INTEGER, limit }) {
      const { results } = await db
        .prepare(
          `${SELECT} WHERE r.id > ?1 AND r.id <= ?2 AND ${PUBLISHED_SQL}
           ORDER BY r.id LIMIT ?3`,
        )
        .bind(afterId, throughId, limit)
        .all<RealtorRow>()
      return results.map(realtorFromRow)
    },
    async listPublishedSites({ afterId, throughId = Number.MAX_SAFE_INTEGER, limit }) {
      // The sitemap's walk: the address columns only, never the profile documents.
      const { results } = await db
        .prepare(
          `SELECT r.id, r.desired_url, json_extract(r.profile, '$.hompageUrl') AS hompage_url FROM realtors r
           WHERE r.id > ?1 AND r.id <= ?2 AND ${PUBLISHED_SQL} ORDER BY r.id LIMIT ?3`,
        )
        .bind(afterId, throughId, limit)
        .all<{ id: number; desired_url: string; hompage_url: string | null }>()
      return results.map((row) => ({
        id: row.id,
        desiredUrl: row.desired_url,
        hompageUrl: row.hompage_url ?? '',
        isMakeHomepage: 'Y' as const,
      }))
    },
    async formerAddress(address) {
      return formerAddressOwner(db, address)
    },
    async lastId() {
      const row = await db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM realtors').first<{ id: number }>()
      return row?.id ?? 0
    },
    async insert(input, userId) {
      const { desiredUrl, profile } = columnsOf(input)
      const row = await mapConflicts(
        db
          .prepare(
            `INSERT INTO realtors (user_id, desired_url, profile) VALUES (?, ?, json_set(?, '$.hompageUrl', ''))
             RETURNING id`,
          )
          .bind(userId, desiredUrl, profile)
          .first<{ id: number }>(),
      )
      return (await byId(row!.id))!
    },
    async insertWithAccount(input, account) {
      const { desiredUrl, profile } = columnsOf(input)
      // One batch is one transaction: a homepage refused after the account was inserted undoes the account.
      const [, made] = await mapConflicts(
        db.batch<{ id: number; user_id: number }>([
          newRealtorAccount(db, account),
          db
            .prepare(
              `INSERT INTO realtors (user_id, desired_url, profile)
               VALUES ((SELECT id FROM accounts WHERE email = ?), ?, json_set(?, '$.hompageUrl', ''))
               RETURNING id, user_id`,
            )
            .bind(account.email, desiredUrl, profile),
        ]),
      )
      const row = made!.results[0]!
      return { accountId: row.user_id, realtor: (await byId(row.id))! }
    },
    async replace(id, input, { version, renameLimit } = {}) {
      const { desiredUrl, profile } = columnsOf(input)
      // One statement: the version is compared where it is written, so of two writes on the same version
      // exactly one applies (the trigger of migrations/0022 moves it); and the rename limit is checked
      // there too (a change counted by 0023's trigger), so two racing renames cannot both pass. Keeping
      // the address, or changing only its case, always passes the limit. A refused write fires no trigger:
      // it neither counts as a change nor holds an address.
      const result = await mapConflicts(
        db
          .prepare(
            `UPDATE realtors AS r SET desired_url = ?1,
               profile = json_set(?2, '$.hompageUrl', COALESCE(json_extract(r.profile, '$.hompageUrl'), '')),
               updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE r.id = ?3 AND (?4 IS NULL OR r.version = ?4)
               AND (?5 IS NULL OR lower(r.desired_url) = lower(?1)
                 OR (SELECT COUNT(*) FROM address_changes c WHERE c.realtor_id = r.id
                     AND c.changed_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')) < ?5)`,
          )
          .bind(desiredUrl, profile, id, version ?? null, renameLimit ?? null)
          .run(),
      )
      if (result.meta.changes > 0) return byId(id)
      if (renameLimit === undefined) return null
      const stored = await rowById(id)
      // No such realtor, or another write came first (the caller reads it again, and the limit is
      // checked again on that version); else the version held, so the limit refused the change.
      if (!stored || (version !== undefined && stored.version !== version)) return null
      // Refused by the limit: the change that must age out first (now, if it just has: try again).
      throw new RenameLimitError(renameLimit, (await nextAddressChangeAt(db, id, renameLimit)) ?? new Date())
    },
    async remove(id) {
      const result = await db.prepare('DELETE FROM realtors WHERE id = ?').bind(id).run()
      return result.meta.changes > 0
    },
  }
}
