// Takeovers of domain claims nobody verified (docs/decisions/088-domain-claim-holds.md), counted in D1
// (domain_takeovers): a realtor takes over at most TAKEOVERS_PER_REALTOR claims a day, a hostname changes
// hands at most TAKEOVERS_PER_HOSTNAME times a day, and a realtor taking back the claim just taken from
// them is neither refused nor counted. The former claimant's Domain screen is told (lastTakeoverFrom).
import { nowIso } from './store'

export const TAKEOVER_WINDOW_MS = 24 * 60 * 60_000
export const TAKEOVERS_PER_REALTOR = 3
export const TAKEOVERS_PER_HOSTNAME = 2
/** How long a former claimant's screen says their claim was taken over, until they claim a domain again. */
export const TAKEOVER_NOTICE_MS = 30 * 24 * 60 * 60_000

/** A takeover refused by a limit; `retryAfter` is the seconds until the oldest counted one leaves the day. */
export class TakeoverLimitError extends Error {
  constructor(
    readonly limit: 'realtor' | 'hostname',
    readonly retryAfter: number,
  ) {
    super(`domain takeover refused: the ${limit} limit`)
  }
}

/** What a former claimant is told: which claim went, and when. */
export interface Takeover {
  hostname: string
  takenAt: string
}

/** The counted takeovers (take-backs are not) by a realtor or of a hostname since a time: the parameters' names. */
const counted = (column: 'taken_by' | 'hostname', value = '?', since = '?') =>
  `FROM domain_takeovers WHERE ${column} = ${value} AND take_back = 0 AND taken_at > ${since}`

/** Whether the hostname's last takeover was from `realtorId` by `holderId`: claiming it now takes it back. */
async function isTakeBack(db: D1Database, hostname: string, realtorId: number, holderId: number): Promise<boolean> {
  const last = await db
    .prepare(
      'SELECT taken_by, taken_from FROM domain_takeovers WHERE hostname = ? ORDER BY taken_at DESC, id DESC LIMIT 1',
    )
    .bind(hostname)
    .first<{ taken_by: number; taken_from: number }>()
  return last?.taken_from === realtorId && last.taken_by === holderId
}

/** The limit a refused takeover met, and when it frees a place. */
async function limitReached(
  db: D1Database,
  { hostname, takenBy, since, now }: { hostname: string; takenBy: number; since: string; now: number },
): Promise<TakeoverLimitError> {
  const limits = [
    { limit: 'realtor', column: 'taken_by', value: takenBy, max: TAKEOVERS_PER_REALTOR },
    { limit: 'hostname', column: 'hostname', value: hostname, max: TAKEOVERS_PER_HOSTNAME },
  ] as const
  // Both may be reached: the later of the two is when a takeover can pass. (None reached: a day's oldest
  // takeover left the window between the two statements; trying again at once will do.)
  let refusal = new TakeoverLimitError('realtor', 1)
  for (const { limit, column, value, max } of limits) {
    const row = await db
      .prepare(`SELECT count(*) AS n, min(taken_at) AS first ${counted(column)}`)
      .bind(value, since)
      .first<{ n: number; first: string | null }>()
    if (!row?.first || row.n < max) continue
    const seconds = Math.max(1, Math.ceil((Date.parse(row.first) + TAKEOVER_WINDOW_MS - now) / 1000))
    if (seconds >= refusal.retryAfter) refusal = new TakeoverLimitError(limit, seconds)
  }
  return refusal
}

/**
 * Counts a takeover before it is made: one statement, so simultaneous claims cannot all pass a limit.
 * Returns its id (forgetTakeover undoes it when the takeover then changed nothing); throws TakeoverLimitError.
 */
export async function recordTakeover(
  db: D1Database,
  { hostname, takenBy, takenFrom, now }: { hostname: string; takenBy: number; takenFrom: number; now: number },
): Promise<number> {
  const takeBack = (await isTakeBack(db, hostname, takenBy, takenFrom)) ? 1 : 0
  const since = nowIso(now - TAKEOVER_WINDOW_MS)
  const row = await db
    .prepare(
      `INSERT INTO domain_takeovers (hostname, taken_by, taken_from, take_back, taken_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE ?4 = 1 OR ((SELECT count(*) ${counted('taken_by', '?2', '?6')}) < ?7
         AND (SELECT count(*) ${counted('hostname', '?1', '?6')}) < ?8)
       RETURNING id`,
    )
    .bind(hostname, takenBy, takenFrom, takeBack, nowIso(now), since, TAKEOVERS_PER_REALTOR, TAKEOVERS_PER_HOSTNAME)
    .first<{ id: number }>()
  if (row) return row.id
  throw await limitReached(db, { hostname, takenBy, since, now })
}

/** A counted takeover that changed nothing (the provider failed before the claim was deleted). */
export async function forgetTakeover(db: D1Database, id: number): Promise<void> {
  await db.prepare('DELETE FROM domain_takeovers WHERE id = ?').bind(id).run()
}

/** The realtor's last claim another realtor took over in the last 30 days, unless they claimed a domain since. */
export async function lastTakeoverFrom(db: D1Database, realtorId: number, now: number): Promise<Takeover | null> {
  const row = await db
    .prepare(
      `SELECT hostname, taken_at FROM domain_takeovers WHERE taken_from = ? AND taken_at > ? AND answered_at IS NULL
       ORDER BY taken_at DESC LIMIT 1`,
    )
    .bind(realtorId, nowIso(now - TAKEOVER_NOTICE_MS))
    .first<{ hostname: string; taken_at: string }>()
  return row ? { hostname: row.hostname, takenAt: row.taken_at } : null
}

/** The realtor claimed a domain: what was taken from them before is answered, their screen stops saying it. */
export function answerTakeoversStatement(db: D1Database, realtorId: number, at: string): D1PreparedStatement {
  return db
    .prepare('UPDATE domain_takeovers SET answered_at = ? WHERE taken_from = ? AND answered_at IS NULL')
    .bind(at, realtorId)
}
