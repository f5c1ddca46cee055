// A database the size of the small scale bench (1,000 realtors with accounts, 100,000 homes) made in a few
// statements by SQLite itself — listings with the RESO columns home search reads (listing_key 'SC{i}', a
// neighbourhood for nine in ten, the office, the feed's times; decision 097) — so the plan test sees realistic table sizes (and, after ANALYZE, realistic
// statistics) in a second or two rather than through thousands of inserts.

const CITIES = [
  ['CA', 'Orange', 'Irvine'],
  ['CA', 'Los Angeles', 'Los Angeles'],
  ['CA', 'Orange', 'Fullerton'],
  ['CA', 'Los Angeles', 'Torrance'],
  ['CA', 'Santa Clara', 'San Jose'],
  ['GA', 'Fulton', 'Johns Creek'],
  ['GA', 'Gwinnett', 'Suwanee'],
  ['GA', 'Gwinnett', 'Duluth'],
  ['GA', 'Forsyth', 'Cumming'],
  ['GA', 'Fulton', 'Alpharetta'],
] as const

const LISTINGS_SQL = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO listings (deal_type, property_type, property_status, market, agent_license, state, county,
           city, address, zipcode, price, beds, baths, sqft, image_url, listed_at, listing_key, standard_status,
           list_price, subdivision, property_sub_type, list_office_name, originating_system_name,
           modification_timestamp)
         SELECT json_extract('["sale","rent","sold","rented"]', '$[' || (i / 10 % 4) || ']'),
           json_extract('["single_family","condo","townhouse"]', '$[' || (i / 40 % 3) || ']'),
           json_extract('["active","pending","closed"]', '$[' || (i / 120 % 3) || ']'),
           CASE WHEN json_extract(?3, '$[' || (i % 10) || '][0]') = 'CA' THEN 'crmls' ELSE 'fmls' END,
           'SCALE-' || (i % CAST(?2 AS INTEGER) + 1),
           json_extract(?3, '$[' || (i % 10) || '][0]'), json_extract(?3, '$[' || (i % 10) || '][1]'),
           json_extract(?3, '$[' || (i % 10) || '][2]'), i || ' Main St', '9' || (i % 10000), 300000 + i % 997 * 1000,
           1 + i % 5, 1 + i % 3, 800 + i % 3000, CASE WHEN i / 7 % 20 = 0 THEN NULL ELSE '/photos/seed/h' || (i % 40) || '.png' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 7 % 600000) || ' minutes'),
           'SC' || i, json_extract('["Active","Pending","Closed"]', '$[' || (i / 120 % 3) || ']'),
           300000 + i % 997 * 1000,
           CASE WHEN i % 10 = 9 THEN NULL ELSE json_extract(?3, '$[' || (i % 10) || '][2]') || ' Park ' || (i / 10 % 25) END,
           json_extract('["Single Family Residence","Condominium","Townhouse"]', '$[' || (i / 40 % 3) || ']'),
           'Scale Realty ' || (i % 300),
           CASE WHEN json_extract(?3, '$[' || (i % 10) || '][0]') = 'CA' THEN 'CRMLS' ELSE 'FMLS' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01', '+' || (i * 13 % 600000) || ' minutes')
         FROM n`

/** `homes` listings, their deals spread over `realtors` license numbers (SCALE-1…), across the cities. */
export function listingsStatement(db: D1Database, homes: number, realtors: number): D1PreparedStatement {
  return db.prepare(LISTINGS_SQL).bind(homes, realtors, JSON.stringify(CITIES))
}

export async function seedScaleData(db: D1Database, { realtors = 1_000, homes = 100_000 } = {}): Promise<void> {
  const cities = JSON.stringify(CITIES)
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO accounts (email, name, role, password_hash)
         SELECT 'scale' || i || '@realtor.local', CASE i % 2 WHEN 0 THEN '김민준 ' || i ELSE 'Alex Park ' || i END,
           'realtor', 'pbkdf2-sha256$1$x$x' FROM n`,
      )
      .bind(realtors),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO realtors (user_id, desired_url, profile)
         SELECT a.id, 'scale' || n.i, json_object('isMakeHomepage', CASE WHEN n.i % 10 = 0 THEN 'N' ELSE 'Y' END,
           'licenseNumber', 'SCALE-' || n.i,
           'activityRegion', json_array(json_object('state', json_extract(?2, '$[' || (n.i % 10) || '][0]'),
             'city', json_extract(?2, '$[' || (n.i % 10) || '][2]'))),
           'photos', json_array('/photos/realtors/' || n.i || '/portrait.jpg'))
         FROM n JOIN accounts a ON a.email = 'scale' || n.i || '@realtor.local'`,
      )
      .bind(realtors, cities),
    listingsStatement(db, homes, realtors),
    // A custom domain for one realtor in ten (active, a few still waiting), contacts and leads with their
    // deliveries, and a month of homepage views: the other tables' statistics look like a live service's.
    db.prepare(
      `INSERT INTO custom_hostnames (realtor_id, hostname, provider_id, simulated, status, ssl_status, checked_at)
       SELECT id, desired_url || '.example', 'sim-' || id, 1, CASE WHEN id % 7 = 0 THEN 'pending' ELSE 'active' END,
         'active', '2026-11-01T00:00:00.000Z' FROM realtors WHERE desired_url LIKE 'scale%' AND id % 10 = 3`,
    ),
    // Takeovers of unverified claims (decision 088): a few per realtor over two months, some taken back.
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO domain_takeovers (hostname, taken_by, taken_from, take_back, taken_at, answered_at)
         SELECT 'taken' || (i % 700) || '.example', b.id, f.id, CASE WHEN i % 5 = 0 THEN 1 ELSE 0 END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-09-01', '+' || (i * 37 % 86400) || ' minutes'),
           CASE WHEN i % 2 = 0 THEN '2026-11-01T00:00:00.000Z' END
         FROM n JOIN realtors b ON b.desired_url = 'scale' || (i % CAST(?2 AS INTEGER) + 1)
           JOIN realtors f ON f.desired_url = 'scale' || ((i * 7) % CAST(?2 AS INTEGER) + 1)`,
      )
      .bind(realtors * 2, realtors),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code,
           message, is_term, status, created_at)
         SELECT i % ?2 + 1, '김 민수', '김', '민수', 'c' || i || '@example.com', '+821012345678', 'KR', '문의', 'Y',
           CASE WHEN i % 3 = 0 THEN 'archived' WHEN i % 3 = 1 THEN 'read' ELSE 'unread' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-10-01', '+' || (i % 50000) || ' minutes') FROM n`,
      )
      .bind(homes / 5, realtors),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO leads (name, area, phone, has_site, locale, status)
         SELECT 'Lead ' || i, 'Irvine, CA', '+19495550100', 'no', 'ko', CASE WHEN i % 2 = 0 THEN 'archived' ELSE 'read' END
         FROM n`,
      )
      .bind(homes / 50),
    db.prepare(
      `INSERT INTO deliveries (topic, message_id, destination, status, attempts, delivered_at)
       SELECT 'contact', id, 'operator-webhook', CASE WHEN id % 500 = 0 THEN 'failed' ELSE 'delivered' END, 1,
         created_at FROM realtor_contacts
       UNION ALL SELECT 'lead', id, 'operator-slack', 'delivered', 1, created_at FROM leads`,
    ),
    db
      .prepare(
        `WITH RECURSIVE d(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM d WHERE k < 29)
         INSERT INTO page_views (realtor_id, day, path, locale, device, count)
         SELECT r.id, date('now', '-' || d.k || ' days'), '/', 'ko', 'mobile', 1 + (r.id + d.k) % 9
         FROM realtors r, d WHERE r.id <= ?1`,
      )
      .bind(realtors),
    // Old addresses (two for one realtor in three, still redirecting) and the day's address changes of a few:
    // their statistics, too, look like a service's that has run for a while (decision 083).
    db.prepare(
      `INSERT INTO realtor_addresses (address, realtor_id, retired_at)
       SELECT desired_url || '-old' || k.k, id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (id % 200) || ' days')
       FROM realtors, (SELECT 1 AS k UNION ALL SELECT 2) k WHERE desired_url LIKE 'scale%' AND id % 3 = 0`,
    ),
    db.prepare(
      `INSERT INTO address_changes (realtor_id, from_address, to_address, changed_at)
       SELECT id, desired_url || '-old1', desired_url, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (id % 20) || ' hours')
       FROM realtors WHERE desired_url LIKE 'scale%' AND id % 30 = 0`,
    ),
  ])
}
