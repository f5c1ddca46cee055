// The builder dashboard's figures (docs/decisions/051-dashboard.md): a realtor's homepage views and
// contacts per day of the realtor's zone over the last DAYS days, views by locale and device, and the most viewed pages.
// Views come from Analytics Engine (./analytics.ts, docs/decisions/073) plus the D1 `page_views` rows
// written before the switch, which nothing writes any more: each view is in exactly one of the two. One
// D1 round trip, beside the views' loader.
import type { DeviceType } from '../environment'
import type { Locale } from '../locale'
import { dayIn, dayStart } from '../time-zone'
import { PAGES_READ, type ViewFigures } from './analytics'

export const DAYS = 30
export const TOP_PAGES = 10

export interface DayFigures {
  day: string
  views: number
  contacts: number
  /** Buyers who signed up on the site (buyer_events 'signup', issue 32). */
  signups: number
  /** Searches buyers saved (buyer_events 'search'). */
  searches: number
  /** Listing alerts opened for the first time (alerts.opened_at). */
  alertOpens: number
}

/** The figures counted per day, each shown as a chart. */
export type DayFigure = Exclude<keyof DayFigures, 'day'>
export const BUYER_FIGURES = ['signups', 'searches', 'alertOpens'] as const

export interface Dashboard {
  /** Oldest first, every day present (0 when nothing happened). */
  days: DayFigures[]
  totals: Record<DayFigure, number>
  byLocale: Record<Locale, number>
  byDevice: Record<DeviceType, number>
  topPages: { path: string; views: number }[]
  /** False when Analytics Engine could not be read: the views above are then only D1's older rows, not shown. */
  viewsAvailable: boolean
}

/** The realtor's Analytics Engine views since an instant (a whole UTC hour); rejects when they cannot be read. */
export type ViewsLoader = (since: string) => Promise<ViewFigures>

/** Adds `count` to `key`'s sum. */
const add = <K>(sums: Map<K, number>, key: K, count: number) => sums.set(key, (sums.get(key) ?? 0) + count)

const DAY_MS = 86_400_000

/** The DAYS days ending today on the realtor's clock, oldest first. */
export function lastDays(now: number, timeZone: string, days = DAYS): string[] {
  const today = dayIn(now, timeZone)
  // Noon UTC of today's date steps back a whole date at a time whatever the zone's offset.
  const noon = Date.parse(`${today}T12:00:00Z`)
  return Array.from({ length: days }, (_, index) => dayIn(noon - (days - 1 - index) * DAY_MS, 'UTC'))
}

/**
 * The dashboard in the realtor's zone. D1's older views are stored by the realtor's days already; contacts
 * and Analytics Engine's views are read by UTC hour, each hour then placed on the realtor's day: every
 * zone offered is a whole number of hours from UTC, so the window starts on a whole hour too. Without a
 * loader, or when it fails, the dashboard still has its contacts and says views are unavailable.
 */
export async function dashboardOf(
  db: D1Database,
  realtorId: number,
  timeZone: string,
  now = Date.now(),
  loadViews?: ViewsLoader,
): Promise<Dashboard> {
  const days = lastDays(now, timeZone)
  const from = days[0]!
  const since = dayStart(from, timeZone)
  const recent = loadViews
    ? loadViews(since).catch((error: unknown) => {
        console.error('dashboard views unavailable', error)
        return null
      })
    : Promise.resolve(null)
  const d1 = db.batch<Record<string, string | number>>([
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
      .bind(realtorId, from, PAGES_READ),
    // The buyers' figures (docs/decisions/109-buyers-in-the-inbox.md), by UTC hour as the contacts are:
    // down buyer_events_realtor and alerts_realtor_opened, from the realtor's id and the window's start.
    db
      .prepare(
        `SELECT substr(created_at, 1, 13) AS hour, kind AS k, COUNT(*) AS n FROM buyer_events
         WHERE realtor_id = ? AND created_at >= ? GROUP BY 1, 2`,
      )
      .bind(realtorId, since),
    db
      .prepare(
        `SELECT substr(opened_at, 1, 13) AS hour, COUNT(*) AS n FROM alerts
         WHERE realtor_id = ? AND opened_at >= ? GROUP BY 1`,
      )
      .bind(realtorId, since),
  ])
  const [[views, contacts, locales, devices, pages, events, opens], recentViews] = await Promise.all([d1, recent])
  const sums = (rows: Record<string, string | number>[] | undefined) =>
    new Map((rows ?? []).map((row) => [String(row.k ?? row.day), Number(row.n)]))
  const viewsByDay = sums(views?.results)
  const contactsByDay = new Map<string, number>()
  for (const row of contacts?.results ?? []) add(contactsByDay, dayIn(`${row.hour}:00:00Z`, timeZone), Number(row.n))
  const signupsByDay = new Map<string, number>()
  const searchesByDay = new Map<string, number>()
  for (const row of events?.results ?? [])
    add(row.k === 'search' ? searchesByDay : signupsByDay, dayIn(`${row.hour}:00:00Z`, timeZone), Number(row.n))
  const opensByDay = new Map<string, number>()
  for (const row of opens?.results ?? []) add(opensByDay, dayIn(`${row.hour}:00:00Z`, timeZone), Number(row.n))
  const localeSums = sums(locales?.results)
  const deviceSums = sums(devices?.results)
  const pageSums = sums(pages?.results)
  for (const [hour, count] of recentViews?.hours ?? []) add(viewsByDay, dayIn(`${hour}:00:00Z`, timeZone), count)
  for (const kind of recentViews?.kinds ?? []) {
    add(localeSums, kind.locale, kind.views)
    add(deviceSums, kind.device, kind.views)
  }
  for (const page of recentViews?.pages ?? []) add(pageSums, page.path, page.views)
  const figures = days.map((day) => ({
    day,
    views: viewsByDay.get(day) ?? 0,
    contacts: contactsByDay.get(day) ?? 0,
    signups: signupsByDay.get(day) ?? 0,
    searches: searchesByDay.get(day) ?? 0,
    alertOpens: opensByDay.get(day) ?? 0,
  }))
  const total = (figure: DayFigure) => figures.reduce((sum, day) => sum + day[figure], 0)
  // The top ten of both sources' PAGES_READ most viewed: exact unless a page outside both lists would rank.
  const topPages = [...pageSums]
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, TOP_PAGES)
  return {
    days: figures,
    totals: {
      views: total('views'),
      contacts: total('contacts'),
      signups: total('signups'),
      searches: total('searches'),
      alertOpens: total('alertOpens'),
    },
    byLocale: { ko: localeSums.get('ko') ?? 0, en: localeSums.get('en') ?? 0 },
    byDevice: {
      mobile: deviceSums.get('mobile') ?? 0,
      tablet: deviceSums.get('tablet') ?? 0,
      desktop: deviceSums.get('desktop') ?? 0,
    },
    topPages,
    viewsAvailable: recentViews !== null,
  }
}
