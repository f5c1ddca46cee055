// The builder dashboard's figures (docs/decisions/051-dashboard.md): a realtor's homepage views and
// contacts per day of the realtor's zone over the last DAYS days, views by locale and device, and the most viewed pages.
// One D1 round trip.
import type { DeviceType } from '../environment'
import type { Locale } from '../locale'
import { dayIn, dayStart } from '../time-zone'

export const DAYS = 30
export const TOP_PAGES = 10

export interface DayFigures {
  day: string
  views: number
  contacts: number
}

export interface Dashboard {
  /** Oldest first, every day present (0 when nothing happened). */
  days: DayFigures[]
  totals: { views: number; contacts: number }
  byLocale: Record<Locale, number>
  byDevice: Record<DeviceType, number>
  topPages: { path: string; views: number }[]
}

const DAY_MS = 86_400_000

/** The DAYS days ending today on the realtor's clock, oldest first. */
export function lastDays(now: number, timeZone: string, days = DAYS): string[] {
  const today = dayIn(now, timeZone)
  // Noon UTC of today's date steps back a whole date at a time whatever the zone's offset.
  const noon = Date.parse(`${today}T12:00:00Z`)
  return Array.from({ length: days }, (_, index) => dayIn(noon - (days - 1 - index) * DAY_MS, 'UTC'))
}

/** The dashboard in the realtor's zone (views are stored by their days already, contacts by instant). */
export async function dashboardOf(
  db: D1Database,
  realtorId: number,
  timeZone: string,
  now = Date.now(),
): Promise<Dashboard> {
  const days = lastDays(now, timeZone)
  const from = days[0]!
  // Contacts by UTC hour (at most 24 a day to read), each hour then placed on the realtor's day: every
  // zone offered is a whole number of hours from UTC.
  const since = dayStart(from, timeZone)
  const [views, contacts, locales, devices, pages] = await db.batch<Record<string, string | number>>([
    db
      .prepare('SELECT day, SUM(count) AS n FROM page_views WHERE realtor_id = ? AND day >= ? GROUP BY day')
      .bind(realtorId, from),
    // created_at is an ISO time in UTC, so its first thirteen characters are the UTC hour.
    db
      .prepare(
        `SELECT substr(created_at, 1, 13) AS hour, COUNT(*) AS n FROM realtor_contacts
         WHERE realtor_id = ? AND created_at >= ? GROUP BY 1`,
      )
      .bind(realtorId, since),
    db
      .prepare('SELECT locale AS k, SUM(count) AS n FROM page_views WHERE realtor_id = ? AND day >= ? GROUP BY 1')
      .bind(realtorId, from),
    db
      .prepare('SELECT device AS k, SUM(count) AS n FROM page_views WHERE realtor_id = ? AND day >= ? GROUP BY 1')
      .bind(realtorId, from),
    db
      .prepare(
        `SELECT path AS k, SUM(count) AS n FROM page_views WHERE realtor_id = ? AND day >= ?
         GROUP BY 1 ORDER BY n DESC, k LIMIT ?`,
      )
      .bind(realtorId, from, TOP_PAGES),
  ])
  const perDay = (rows: Record<string, string | number>[] | undefined) =>
    new Map((rows ?? []).map((row) => [String(row.day), Number(row.n)]))
  const viewsByDay = perDay(views?.results)
  const contactsByDay = new Map<string, number>()
  for (const row of contacts?.results ?? []) {
    const day = dayIn(`${row.hour}:00:00Z`, timeZone)
    contactsByDay.set(day, (contactsByDay.get(day) ?? 0) + Number(row.n))
  }
  const figures = days.map((day) => ({ day, views: viewsByDay.get(day) ?? 0, contacts: contactsByDay.get(day) ?? 0 }))
  const sums = (rows: Record<string, string | number>[] | undefined) =>
    Object.fromEntries((rows ?? []).map((row) => [String(row.k), Number(row.n)]))
  const localeSums = sums(locales?.results)
  const deviceSums = sums(devices?.results)
  return {
    days: figures,
    totals: {
      views: figures.reduce((sum, day) => sum + day.views, 0),
      contacts: figures.reduce((sum, day) => sum + day.contacts, 0),
    },
    byLocale: { ko: localeSums.ko ?? 0, en: localeSums.en ?? 0 },
    byDevice: { mobile: deviceSums.mobile ?? 0, tablet: deviceSums.tablet ?? 0, desktop: deviceSums.desktop ?? 0 },
    topPages: (pages?.results ?? []).map((row) => ({ path: String(row.k), views: Number(row.n) })),
  }
}
