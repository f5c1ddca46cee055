-- Domain claims that cannot be griefed (issue 29, finding 13; docs/decisions/088-domain-claim-holds.md): a
-- claim whose DNS records the provider has seen is its claimant's until 7 days after they were last seen,
-- and taking over a claim whose records were never seen is counted, so it can be limited per realtor and
-- per hostname, and its former claimant told.

-- The last check that found the claim verifying or active (its records in DNS): the claim is held for
-- its realtor until 7 days after it. NULL: never seen.
ALTER TABLE custom_hostnames ADD COLUMN dns_seen_at TEXT;
-- Claims already verifying or active were seen at their last check.
UPDATE custom_hostnames SET dns_seen_at = coalesce(checked_at, updated_at) WHERE status IN ('verifying', 'active');

-- Each takeover: `taken_by` claimed `hostname` while `taken_from` held it unverified (their claim was
-- deleted). take_back = 1 when `taken_from` had taken it over from `taken_by` before: the victim taking
-- their claim back, never refused and not counted against either limit. Rows are few (the limits bound
-- them) and go with either realtor when the cron purges a deleted homepage.
CREATE TABLE domain_takeovers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hostname TEXT NOT NULL,
  taken_by INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  taken_from INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  take_back INTEGER NOT NULL DEFAULT 0 CHECK (take_back IN (0, 1)),
  taken_at TEXT NOT NULL,
  -- When `taken_from` next claimed a domain: their Domain screen stops telling them about this one.
  answered_at TEXT
);
-- The per-realtor limit (takeovers by a realtor in the last day).
CREATE INDEX domain_takeovers_by ON domain_takeovers (taken_by, taken_at);
-- The per-hostname limit, and whether a claim is a take-back (the hostname's last takeover).
CREATE INDEX domain_takeovers_hostname ON domain_takeovers (hostname, taken_at);
-- The former claimant's notice (their last takeover of the last 30 days, not yet answered by a claim).
CREATE INDEX domain_takeovers_from ON domain_takeovers (taken_from, taken_at);
