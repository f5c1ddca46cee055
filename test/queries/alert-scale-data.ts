// Buyers and saved searches for the plan test (docs/decisions/108-listing-alerts.md): 20,000 buyers of the
// scale realtors, nine in ten confirmed, each with a saved search of their realtor's city (or its ZIP, a
// neighbourhood, the whole market), with price, rooms and type filters and every frequency, plus matches
// waiting and sent alerts, so the matcher's and the alerts' statements are planned over realistic statistics.
// Made by SQLite itself in a few statements, like scale-data.ts.

/** The scale data's cities (scale-data.ts CITIES), their markets and ZIPs ('9' || i % 10000 there). */
const CITIES = JSON.stringify([
  ['crmls', 'irvine'],
  ['crmls', 'los angeles'],
  ['crmls', 'fullerton'],
  ['crmls', 'torrance'],
  ['crmls', 'san jose'],
  ['fmls', 'johns creek'],
  ['fmls', 'suwanee'],
  ['fmls', 'duluth'],
  ['fmls', 'cumming'],
  ['fmls', 'alpharetta'],
])

export async function seedAlertScaleData(db: D1Database, { buyers = 20_000 } = {}): Promise<void> {
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text, confirmed_at)
         SELECT r.id, 'plan-buyer' || n.i || '@example.com', 'plan-buyer' || n.i || '@example.com',
           CASE WHEN n.i % 3 = 0 THEN 'en' ELSE 'ko' END, '2026-01-01T00:00:00.000Z', 'plans',
           CASE WHEN n.i % 10 = 0 THEN NULL ELSE '2026-01-01T00:00:00.000Z' END
         FROM n JOIN realtors r ON r.desired_url = 'scale' || (n.i % 1000 + 1)`,
      )
      .bind(buyers),
    db
      .prepare(
        `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
           property_status, property_type, min_price, max_price, beds, baths, frequency, created_at, last_alert_at)
         SELECT b.id, b.realtor_id, 'Search ' || b.id, '?n=' || b.id,
           json_extract(?1, '$[' || (b.id % 10) || '][0]'),
           CASE WHEN b.id % 20 < 11 THEN 'city' WHEN b.id % 20 < 15 THEN 'zip' WHEN b.id % 20 < 19 THEN 'area' ELSE 'all' END,
           CASE WHEN b.id % 20 < 11 THEN json_extract(?1, '$[' || (b.id % 10) || '][1]')
             WHEN b.id % 20 < 15 THEN '9' || (b.id % 10000)
             WHEN b.id % 20 < 19 THEN json_extract(?1, '$[' || (b.id % 10) || '][1]') || ' park ' || (b.id % 25)
             ELSE '' END,
           CASE WHEN b.id % 7 = 0 THEN 'rent' ELSE 'sale' END, CASE WHEN b.id % 11 = 0 THEN 'pending' ELSE 'active' END,
           CASE WHEN b.id % 3 = 0 THEN json_extract('["single_family","condo","townhouse"]', '$[' || (b.id % 9 / 3) || ']') END,
           CASE WHEN b.id % 3 = 0 THEN NULL ELSE 300000 + b.id % 50 * 10000 END,
           CASE WHEN b.id % 4 = 0 THEN NULL ELSE 700000 + b.id % 80 * 10000 END,
           b.id % 5, b.id % 4,
           json_extract('["instant","daily","weekly","off","instant"]', '$[' || (b.id % 5) || ']'),
           '2020-01-01T00:00:00.000Z',
           CASE WHEN b.id % 2 = 0 THEN '2026-11-01T00:00:00.000Z' END
         FROM buyers b WHERE b.email LIKE 'plan-buyer%'`,
      )
      .bind(CITIES),
    // Matches: most sent in an alert, some waiting (of every frequency).
    db.prepare(
      `INSERT INTO alerts (search_id, buyer_id, realtor_id, created_at, opened_at)
       SELECT id, buyer_id, realtor_id, '2026-11-01T00:00:00.000Z', CASE WHEN id % 3 = 0 THEN '2026-11-02T00:00:00.000Z' END
       FROM saved_searches WHERE name LIKE 'Search %' AND id % 2 = 0`,
    ),
    db.prepare(
      `INSERT INTO alert_matches (search_id, listing_key, kind, alert_id)
       SELECT s.id, 'SC' || (s.id * 7 % 100000 + 1), 'new', a.id
       FROM saved_searches s LEFT JOIN alerts a ON a.search_id = s.id WHERE s.name LIKE 'Search %'`,
    ),
  ])
}
