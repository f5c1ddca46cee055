// A realtor's own settings that are not notification channels (migrations/0018, docs/decisions/
// 063-notifications-on-by-default.md): the time zone their inbox, dashboard and notifications read times
// in, and when one of their channels first delivered (the onboarding checklist's "notifications reach you").
import { isTimeZone, type TimeZone, timeZoneOfRegions } from '../time-zone'

export interface RealtorClock {
  timeZone: TimeZone
  /** True when the realtor chose the zone; false: it comes from their activity regions. */
  chosen: boolean
  /** When a notification of their own first reached them (null: not yet). */
  notifiedAt: string | null
}

interface ClockRow {
  time_zone: string | null
  notified_at: string | null
  regions: string | null
}

/** A realtor's zone from their row: the one they chose, else their activity regions'. */
function zoneOf(row: ClockRow | null): { timeZone: TimeZone; chosen: boolean } {
  if (isTimeZone(row?.time_zone)) return { timeZone: row.time_zone, chosen: true }
  let regions: { state?: string }[] = []
  try {
    const parsed: unknown = JSON.parse(row?.regions ?? '[]')
    if (Array.isArray(parsed)) regions = parsed
  } catch {
    // A profile without regions reads as none.
  }
  return { timeZone: timeZoneOfRegions(regions), chosen: false }
}

/**
 * A realtor's clock columns by primary key, as scalar subqueries of `?id`: each an index lookup whatever
 * the planner's statistics say of small tables (a LEFT JOIN of realtor_settings was planned as a scan).
 */
const clockColumns = (id: string) =>
  `(SELECT time_zone FROM realtor_settings WHERE realtor_id = ${id}) AS time_zone,
   (SELECT notified_at FROM realtor_settings WHERE realtor_id = ${id}) AS notified_at,
   (SELECT json_extract(profile, '$.activityRegion') FROM realtors WHERE id = ${id}) AS regions`

/** The realtor's clock; California's for a realtor not in this database (upstream mode). */
export async function realtorClock(db: D1Database, realtorId: number): Promise<RealtorClock> {
  const row = await db
    .prepare(`SELECT ${clockColumns('?1')}`)
    .bind(realtorId)
    .first<ClockRow>()
  return { ...zoneOf(row), notifiedAt: row?.notified_at ?? null }
}

/** Saves the realtor's zone; null goes back to the one their regions imply. */
export async function saveTimeZone(db: D1Database, realtorId: number, timeZone: TimeZone | null): Promise<void> {
  await db
    .prepare(
      `INSERT INTO realtor_settings (realtor_id, time_zone) VALUES (?1, ?2)
       ON CONFLICT (realtor_id) DO UPDATE SET time_zone = ?2`,
    )
    .bind(realtorId, timeZone)
    .run()
}

/** Notes that a channel of the realtor's own delivered: the first time only (later calls change nothing). */
export function markNotified(db: D1Database, realtorId: number): Promise<unknown> {
  return db
    .prepare(
      `INSERT INTO realtor_settings (realtor_id, notified_at) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       ON CONFLICT (realtor_id) DO UPDATE SET notified_at = excluded.notified_at WHERE notified_at IS NULL`,
    )
    .bind(realtorId)
    .run()
}
