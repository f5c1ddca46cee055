-- Buyers come back (issue 32, docs/decisions/107-buyer-accounts.md and 108-listing-alerts.md): a buyer's
-- account on one realtor's site, what they save, the alerts mailed to them, and what the realtor sees.
--
-- A buyer belongs to one realtor's site: the same email on two realtors' sites is two buyers, each that
-- realtor's lead, and every read below starts from realtor_id. Deleting a buyer deletes everything of theirs
-- (ON DELETE CASCADE all the way down, and the alerts' deliveries by trigger), so nothing is mailed after.

CREATE TABLE buyers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  -- As typed (trimmed); email_key is its lower case, the one account per address and site.
  email TEXT NOT NULL,
  email_key TEXT NOT NULL,
  name TEXT,
  -- E.164, read by the contact form's phone rule (src/lib/phone).
  phone TEXT,
  -- The language their mail is written in: the page's when they signed up.
  locale TEXT NOT NULL CHECK (locale IN ('ko', 'en')),
  -- The buyer's explicit consent to hear from this realtor: when, and the words they agreed to.
  consent_at TEXT NOT NULL,
  consent_text TEXT NOT NULL,
  -- Set when the buyer opened a sign-in link mailed to the address. Nothing but that link is ever mailed to
  -- an address before it is confirmed.
  confirmed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_seen_at TEXT,
  UNIQUE (realtor_id, email_key)
);
-- The realtor's buyers, newest first.
CREATE INDEX buyers_realtor ON buyers (realtor_id, id);

-- One-time sign-in links (the email is the password): only the token's SHA-256 is kept, used once before
-- expires_at (Unix milliseconds). `purpose` says what the link was sent for (sign-up confirmation or sign-in).
CREATE TABLE buyer_links (
  token_hash TEXT PRIMARY KEY,
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  -- Where the link leads after signing in (a path of the realtor's site), checked when it was made.
  next_path TEXT
);
CREATE INDEX buyer_links_buyer ON buyer_links (buyer_id);

-- A buyer's signed-in browsers: the cookie holds a random token, this its SHA-256. A deleted buyer's
-- sessions go with them, so the cookie stops working at once.
CREATE TABLE buyer_sessions (
  token_hash TEXT PRIMARY KEY,
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE INDEX buyer_sessions_buyer ON buyer_sessions (buyer_id);

-- Homes a buyer saved (the heart), by the listing's key: kept when the listing leaves the market, whose page
-- then says so (410).
CREATE TABLE saved_homes (
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  listing_key TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (buyer_id, listing_key)
) WITHOUT ROWID;

-- Homes a signed-in buyer opened, the latest visit of each: the realtor's "recently viewed".
CREATE TABLE buyer_views (
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  listing_key TEXT NOT NULL,
  viewed_at TEXT NOT NULL,
  PRIMARY KEY (buyer_id, listing_key)
) WITHOUT ROWID;
CREATE INDEX buyer_views_recent ON buyer_views (buyer_id, viewed_at);

-- Saved searches: the search's canonical query string (its URL on the site, src/lib/mls/search.ts
-- searchQueryString) and the same filters as columns the alert matcher reads through saved_searches_match.
--   place_kind / place_key  city | zip | area and the place's lower-case name; 'all' and '' for the market
--   deal_type / property_status  the search's status as the listings' columns say it (sale: sale/active …)
--   beds / baths            0 when not filtered
--   frequency               instant (the cron pass after a match) | daily | weekly | off
CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  query TEXT NOT NULL,
  market TEXT NOT NULL,
  place_kind TEXT NOT NULL CHECK (place_kind IN ('city', 'zip', 'area', 'all')),
  place_key TEXT NOT NULL,
  deal_type TEXT NOT NULL,
  property_status TEXT NOT NULL,
  property_type TEXT,
  min_price INTEGER,
  max_price INTEGER,
  beds INTEGER NOT NULL DEFAULT 0,
  baths INTEGER NOT NULL DEFAULT 0,
  frequency TEXT NOT NULL CHECK (frequency IN ('instant', 'daily', 'weekly', 'off')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When this search's last alert was made (daily and weekly wait a day or a week after it).
  last_alert_at TEXT,
  UNIQUE (buyer_id, query)
);
-- The matcher: a changed listing reads only the searches of its market, its place (or the whole market) and
-- its deal and status; the rest of the filters are checked on those entries alone (decision 108).
CREATE INDEX saved_searches_match ON saved_searches
  (market, place_kind, place_key, deal_type, property_status, min_price, max_price, beds, baths, property_type)
  WHERE frequency <> 'off';
CREATE INDEX saved_searches_buyer ON saved_searches (buyer_id, id);
CREATE INDEX saved_searches_realtor ON saved_searches (realtor_id, id);

-- Listings that were added, or whose price, deal or status changed, waiting for the matcher: written by
-- triggers, so replication, the seed and any other writer feed it alike. The matcher takes them oldest first
-- and deletes what it matched.
CREATE TABLE listing_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  listing_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('new', 'price', 'status')),
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TRIGGER listings_changes_insert AFTER INSERT ON listings WHEN NEW.listing_key IS NOT NULL
BEGIN
  INSERT INTO listing_changes (listing_key, kind) VALUES (NEW.listing_key, 'new');
END;
CREATE TRIGGER listings_changes_update AFTER UPDATE OF price, deal_type, property_status ON listings
  WHEN NEW.listing_key IS NOT NULL AND (OLD.price IS NOT NEW.price OR OLD.deal_type IS NOT NEW.deal_type
    OR OLD.property_status IS NOT NEW.property_status)
BEGIN
  INSERT INTO listing_changes (listing_key, kind)
    VALUES (NEW.listing_key, CASE WHEN OLD.price IS NOT NEW.price THEN 'price' ELSE 'status' END);
END;

-- A home matched to a saved search: once per search and home, ever (the primary key), so no alert repeats a
-- home. alert_id is the alert mail it went out in; NULL while it waits for the search's next one.
CREATE TABLE alert_matches (
  search_id INTEGER NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  listing_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('new', 'price', 'status')),
  matched_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  alert_id INTEGER,
  PRIMARY KEY (search_id, listing_key)
) WITHOUT ROWID;
CREATE INDEX alert_matches_waiting ON alert_matches (search_id) WHERE alert_id IS NULL;

-- An alert mail: one search's waiting homes, sent through the outbox (topic 'alert', destination
-- 'buyer-email'), opened_at set by its first open.
CREATE TABLE alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  search_id INTEGER NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  opened_at TEXT
);
-- Each key a deletion cascades through has its index (a realtor's, a buyer's, a search's removal never scans).
CREATE INDEX alerts_search ON alerts (search_id, id);
CREATE INDEX alerts_buyer ON alerts (buyer_id);
CREATE INDEX alerts_realtor_opened ON alerts (realtor_id, opened_at);
CREATE TRIGGER alerts_deliveries_gone AFTER DELETE ON alerts BEGIN
  DELETE FROM deliveries WHERE topic = 'alert' AND message_id = OLD.id;
END;

-- What a buyer did that the realtor is told of and counts (decision 109): signed up, confirmed, saved a
-- search. Stored as a message of the outbox (topic 'buyer'), so it reaches the realtor's channels like a
-- contact, and the dashboard counts them per day.
CREATE TABLE buyer_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  buyer_id INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('signup', 'search')),
  search_id INTEGER REFERENCES saved_searches (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX buyer_events_realtor ON buyer_events (realtor_id, created_at);
CREATE INDEX buyer_events_buyer ON buyer_events (buyer_id, id);
CREATE INDEX buyer_events_search ON buyer_events (search_id) WHERE search_id IS NOT NULL;
CREATE TRIGGER buyer_events_deliveries_gone AFTER DELETE ON buyer_events BEGIN
  DELETE FROM deliveries WHERE topic = 'buyer' AND message_id = OLD.id;
END;
