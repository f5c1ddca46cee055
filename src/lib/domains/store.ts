// The custom_hostnames table (migrations/0014_custom_hostnames.sql): each query below is served by an index.
import type { DomainProblem, DomainRecord, DomainStatus } from './types'

export interface DomainRow {
  id: number
  realtorId: number
  hostname: string
  providerId: string | null
  simulated: boolean
  status: DomainStatus
  sslStatus: string
  records: DomainRecord[]
  problems: DomainProblem[]
  checkedAt: string | null
  activatedAt: string | null
  /** The last check that found it verifying or active: its records were in DNS (decision 088). */
  dnsSeenAt: string | null
}

interface Row {
  id: number
  realtor_id: number
  hostname: string
  provider_id: string | null
  simulated: number
  status: DomainStatus
  ssl_status: string
  records: string
  problems: string
  checked_at: string | null
  activated_at: string | null
  dns_seen_at: string | null
}

const COLUMNS = `id, realtor_id, hostname, provider_id, simulated, status, ssl_status, records, problems,
  checked_at, activated_at, dns_seen_at`

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? (value as T[]) : []
  } catch {
    return []
  }
}

function rowOf(row: Row): DomainRow {
  return {
    id: row.id,
    realtorId: row.realtor_id,
    hostname: row.hostname,
    providerId: row.provider_id,
    simulated: row.simulated === 1,
    status: row.status,
    sslStatus: row.ssl_status,
    records: parseList(row.records),
    problems: parseList(row.problems),
    checkedAt: row.checked_at,
    activatedAt: row.activated_at,
    dnsSeenAt: row.dns_seen_at,
  }
}

export const nowIso = (now = Date.now()) => new Date(now).toISOString()

/** By realtor (the realtor_id unique index). */
export async function domainOfRealtor(db: D1Database, realtorId: number): Promise<DomainRow | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM custom_hostnames WHERE realtor_id = ?`)
    .bind(realtorId)
    .first<Row>()
  return row ? rowOf(row) : null
}

/** By hostname (the hostname unique index). */
export async function domainByHostname(db: D1Database, hostname: string): Promise<DomainRow | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM custom_hostnames WHERE hostname = ?`).bind(hostname).first<Row>()
  return row ? rowOf(row) : null
}

/** A realtor's new claim, replacing the one they had (their old row goes). */
export function insertDomainStatement(
  db: D1Database,
  claim: Omit<DomainRow, 'id' | 'activatedAt' | 'dnsSeenAt'> & {
    activatedAt?: string | null
    dnsSeenAt?: string | null
  },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO custom_hostnames (realtor_id, hostname, provider_id, simulated, status, ssl_status, records,
         problems, checked_at, activated_at, dns_seen_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       ON CONFLICT (realtor_id) DO UPDATE SET hostname = ?2, provider_id = ?3, simulated = ?4, status = ?5,
         ssl_status = ?6, records = ?7, problems = ?8, checked_at = ?9, activated_at = ?10, dns_seen_at = ?11,
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(
      claim.realtorId,
      claim.hostname,
      claim.providerId,
      claim.simulated ? 1 : 0,
      claim.status,
      claim.sslStatus,
      JSON.stringify(claim.records),
      JSON.stringify(claim.problems),
      claim.checkedAt,
      claim.activatedAt ?? null,
      claim.dnsSeenAt ?? null,
    )
}

/** A check's outcome on a row (by primary key). */
export function updateDomainStatement(
  db: D1Database,
  id: number,
  change: Pick<DomainRow, 'status' | 'sslStatus' | 'records' | 'problems' | 'checkedAt' | 'activatedAt' | 'dnsSeenAt'>,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE custom_hostnames SET status = ?, ssl_status = ?, records = ?, problems = ?, checked_at = ?,
         activated_at = ?, dns_seen_at = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
    .bind(
      change.status,
      change.sslStatus,
      JSON.stringify(change.records),
      JSON.stringify(change.problems),
      change.checkedAt,
      change.activatedAt,
      change.dnsSeenAt,
      id,
    )
}

/** Only the time of a check that could not reach the provider, and the problem it shows. */
export async function markChecked(db: D1Database, id: number, checkedAt: string, problems: DomainProblem[]) {
  await db
    .prepare('UPDATE custom_hostnames SET checked_at = ?, problems = ? WHERE id = ?')
    .bind(checkedAt, JSON.stringify(problems), id)
    .run()
}

/**
 * Takes the row's next check when none was made since `dueBefore`: true for exactly one of any number of
 * simultaneous callers, so a burst of polls (several tabs, a script) asks the provider once, not once each.
 */
export async function claimCheck(db: D1Database, id: number, checkedAt: string, dueBefore: string): Promise<boolean> {
  const result = await db
    .prepare('UPDATE custom_hostnames SET checked_at = ? WHERE id = ? AND (checked_at IS NULL OR checked_at < ?)')
    .bind(checkedAt, id, dueBefore)
    .run()
  return result.meta.changes > 0
}

export function deleteDomainStatement(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare('DELETE FROM custom_hostnames WHERE id = ?').bind(id)
}

/** Which domains a refresh pass looks at: those waiting for DNS, or active ones (re-checked rarely). */
const DUE_STATUSES = { waiting: "status IN ('pending', 'verifying')", active: "status = 'active'" } as const

/**
 * Waiting or active domains that one provider (Cloudflare or the simulator) made, last checked before
 * `checkedBefore`, least recently checked first (never checked first): found by the status indexes.
 */
export async function dueForRefresh(
  db: D1Database,
  {
    which,
    checkedBefore,
    simulated,
    limit,
  }: { which: keyof typeof DUE_STATUSES; checkedBefore: string; simulated: boolean; limit: number },
): Promise<DomainRow[]> {
  const { results } = await db
    .prepare(
      // INDEXED BY: without statistics SQLite would rather read the table and sort it than seek each status.
      `SELECT ${COLUMNS} FROM custom_hostnames INDEXED BY custom_hostnames_checked
       WHERE ${DUE_STATUSES[which]} AND (checked_at IS NULL OR checked_at < ?)
         AND simulated = ? AND provider_id IS NOT NULL
       ORDER BY checked_at LIMIT ?`,
    )
    .bind(checkedBefore, simulated ? 1 : 0, limit)
    .all<Row>()
  return results.map(rowOf)
}

/**
 * A keyset page by id, optionally of one status (the primary key, or custom_hostnames_status), each with
 * its homepage's address (the realtors primary key).
 */
export async function listDomains(
  db: D1Database,
  { status, afterId, limit }: { status: DomainStatus | null; afterId: number; limit: number },
): Promise<(DomainRow & { desiredUrl: string })[]> {
  const select = `SELECT ${COLUMNS.replace(/(\w+)/g, 'c.$1')}, r.desired_url
    FROM custom_hostnames c JOIN realtors r ON r.id = c.realtor_id`
  const statement = status
    ? db.prepare(`${select} WHERE c.status = ? AND c.id > ? ORDER BY c.id LIMIT ?`).bind(status, afterId, limit)
    : db.prepare(`${select} WHERE c.id > ? ORDER BY c.id LIMIT ?`).bind(afterId, limit)
  const { results } = await statement.all<Row & { desired_url: string }>()
  return results.map((row) => ({ ...rowOf(row), desiredUrl: row.desired_url }))
}
