// The landing page's analytics events in D1 (docs/product.md §7): one counter per day, event, device type
// and locale, so the table grows by day, not by visit.
import type { AnalyticsEvent } from './analytics'

/** Counts one event on today's row (UTC). */
export async function countEvent(db: D1Database, event: AnalyticsEvent): Promise<void> {
  await db
    .prepare(
      `INSERT INTO analytics_daily (day, name, device_type, locale, count) VALUES (date('now'), ?, ?, ?, 1)
       ON CONFLICT (day, name, device_type, locale) DO UPDATE SET count = count + 1`,
    )
    .bind(event.name, event.deviceType, event.locale)
    .run()
}
