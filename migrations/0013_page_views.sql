-- Homepage views (issue 18, docs/decisions/051-dashboard.md): first-party daily counters, one row per
-- realtor, UTC day, page, locale and device class. No visitor is identifiable: nothing about a visitor
-- is kept but the device class. The worker adds views up in memory and writes them in batches
-- (src/lib/page-views/batch.ts); each write adds to the row (count = count + excluded.count).
-- No foreign key: in upstream mode the realtor lives in another service.
CREATE TABLE page_views (
  realtor_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  locale TEXT NOT NULL CHECK (locale IN ('ko', 'en')),
  device TEXT NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop')),
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (realtor_id, day, path, locale, device)
) WITHOUT ROWID;
