-- Self-serve custom domains (issue 19, docs/decisions/053-custom-domains.md): a realtor's claim of a
-- hostname and its Cloudflare for SaaS custom hostname. A domain serves only once it is active: then, and
-- only then, the realtor's `homepage_host` and profile `hompageUrl` name it (src/lib/domains/activation.ts).

-- One claim per realtor (PUT replaces it) and per hostname (a new claim of a hostname nobody verified
-- replaces that claim, so an unverified claim never blocks the owner).
CREATE TABLE custom_hostnames (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  realtor_id INTEGER NOT NULL UNIQUE REFERENCES realtors (id) ON DELETE CASCADE,
  -- Lower case, ASCII (punycode), no trailing dot: exactly the Host it serves.
  hostname TEXT NOT NULL UNIQUE,
  -- The custom hostname's id at the provider (Cloudflare, or the simulator); NULL for a domain attached by
  -- hand before this table existed.
  provider_id TEXT,
  -- 1 when the local simulator answers for it (no CF_API_TOKEN).
  simulated INTEGER NOT NULL DEFAULT 0 CHECK (simulated IN (0, 1)),
  status TEXT NOT NULL CHECK (status IN ('pending', 'verifying', 'active', 'failed')),
  -- The provider's SSL status as it says it (initializing, pending_validation, active, ...).
  ssl_status TEXT NOT NULL DEFAULT 'initializing',
  -- The DNS records to add: [{ type, name, value, purpose }].
  records TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(records)),
  -- Problem codes (translated when answered): ["dns_missing", ...].
  problems TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(problems)),
  -- Last time the provider was asked; refreshes wait at least a few seconds between two asks.
  checked_at TEXT,
  activated_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The admin console's list by status, keyset-paged by id (src/lib/domains/store.ts listDomains), and the
-- cron's waiting domains (status pending or verifying: a small set, sorted by checked_at once found).
CREATE INDEX custom_hostnames_status ON custom_hostnames (status, id);
-- The cron's daily re-check of active domains, least recently checked first (dueForRefresh).
CREATE INDEX custom_hostnames_checked ON custom_hostnames (status, checked_at);

-- The simulator's custom hostnames (local mode, no CF_API_TOKEN): the provider's own state, kept apart
-- from the claims above so the same code reads it through the provider interface.
CREATE TABLE simulated_hostnames (
  id TEXT PRIMARY KEY,
  hostname TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  ssl_status TEXT NOT NULL,
  ownership_token TEXT NOT NULL,
  certificate_token TEXT NOT NULL,
  verification_errors TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(verification_errors)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Domains an operator attached by hand before this table keep serving: they are recorded as active. Every
-- other stored `hompageUrl` was never verified and stops naming the homepage's address (one rule from now
-- on: `hompageUrl` is `https://{homepage_host}` or empty).
INSERT INTO custom_hostnames (realtor_id, hostname, status, ssl_status, activated_at)
  SELECT id, lower(homepage_host), 'active', 'active', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM realtors WHERE homepage_host IS NOT NULL;
UPDATE realtors SET profile = json_set(profile, '$.hompageUrl',
  CASE WHEN homepage_host IS NULL THEN '' ELSE 'https://' || lower(homepage_host) END);
UPDATE realtors SET homepage_host = lower(homepage_host) WHERE homepage_host IS NOT NULL;
