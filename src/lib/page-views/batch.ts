// Homepage views added up in the isolate and written to D1 in batches (docs/decisions/051-dashboard.md):
// a busy homepage costs one upsert per page, locale and device every few seconds, not one write per view.
// A batch is written when it holds MAX_ENTRIES different rows or when its first view is FLUSH_AFTER_MS
// old, whichever comes first; the request that opened it keeps the isolate alive for the wait
// (ctx.waitUntil), so no view waits for a next visitor to be written.
import type { DeviceType } from '../environment'
import type { Locale } from '../locale'
import { timeZonesOf } from '../realtors/own-settings'
import { DEFAULT_TIME_ZONE, dayIn } from '../time-zone'

/**
 * One view: the realtor, the UTC hour it happened in (YYYY-MM-DDTHH), the page within the realtor's site,
 * its locale and device class. The hour becomes a day of the realtor's own zone when the batch is written
 * (decision 063: their dashboard's days are theirs), so the request path never looks a zone up.
 */
export interface PageView {
  realtorId: number
  hour: string
  path: string
  locale: Locale
  device: DeviceType
}

/** Different rows a batch holds at most before it is written: one D1 batch of that many statements. */
export const MAX_ENTRIES = 50
/** How long the first view of a batch waits for others, well inside waitUntil's 30 seconds. */
export const FLUSH_AFTER_MS = 10_000
/** The longest wait a configuration may ask for (PAGE_VIEW_FLUSH_MS). */
export const MAX_FLUSH_AFTER_MS = 20_000

export type WaitUntil = (promise: Promise<unknown>) => void

const UPSERT = `INSERT INTO page_views (realtor_id, day, path, locale, device, count) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (realtor_id, day, path, locale, device) DO UPDATE SET count = count + excluded.count`

type DayRow = Omit<PageView, 'hour'> & { day: string; count: number }

/** The batch's rows by the day of each realtor's zone (one read for every realtor in it), merged per row. */
async function daysOf(db: D1Database, held: (PageView & { count: number })[]): Promise<DayRow[]> {
  const zones = await timeZonesOf(db, [...new Set(held.map((row) => row.realtorId))])
  const rows = new Map<string, DayRow>()
  for (const { hour, ...row } of held) {
    const day = dayIn(`${hour}:00:00Z`, zones.get(row.realtorId) ?? DEFAULT_TIME_ZONE)
    const key = `${row.realtorId}\n${day}\n${row.path}\n${row.locale}\n${row.device}`
    const same = rows.get(key)
    if (same) same.count += row.count
    else rows.set(key, { ...row, day })
  }
  return [...rows.values()]
}

export interface BatchOptions {
  maxEntries?: number
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class PageViewBatch {
  private rows = new Map<string, PageView & { count: number }>()
  private timerSet = false
  private readonly maxEntries: number
  private readonly sleep: (ms: number) => Promise<void>

  constructor({ maxEntries = MAX_ENTRIES, sleep = wait }: BatchOptions = {}) {
    this.maxEntries = maxEntries
    this.sleep = sleep
  }

  /** Views held and not yet written (for tests and the bench). */
  get pending(): number {
    let sum = 0
    for (const row of this.rows.values()) sum += row.count
    return sum
  }

  /** Counts one view; writes the batch now when full, else makes sure a timer will. */
  add(view: PageView, db: D1Database, waitUntil: WaitUntil, flushAfterMs = FLUSH_AFTER_MS): void {
    const key = `${view.realtorId}\n${view.hour}\n${view.path}\n${view.locale}\n${view.device}`
    const row = this.rows.get(key)
    if (row) row.count++
    else this.rows.set(key, { ...view, count: 1 })
    if (this.rows.size >= this.maxEntries) {
      waitUntil(this.flush(db))
    } else if (!this.timerSet) {
      this.timerSet = true
      waitUntil(
        this.sleep(flushAfterMs).then(() => {
          this.timerSet = false
          return this.flush(db)
        }),
      )
    }
  }

  /**
   * Writes what the batch holds as one D1 batch; the number of views written. Counts are statistics:
   * a write that fails loses that batch (logged), never the page it was counted on.
   */
  async flush(db: D1Database): Promise<number> {
    if (this.rows.size === 0) return 0
    const held = [...this.rows.values()]
    this.rows = new Map()
    try {
      const rows = await daysOf(db, held)
      await db.batch(
        rows.map((row) => db.prepare(UPSERT).bind(row.realtorId, row.day, row.path, row.locale, row.device, row.count)),
      )
      return rows.reduce((sum, row) => sum + row.count, 0)
    } catch (error) {
      console.error('page views not written', error)
      return 0
    }
  }
}
