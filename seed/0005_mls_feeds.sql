-- The embedded MLS's feeds (docs/decisions/095-embedded-mls.md): when each last changed a listing, the time
-- every search and home page's IDX notice shows. The generated listings are as of 2026-11-01. A feed that
-- replication has run for keeps its own time.
INSERT INTO mls_feeds (feed, last_updated) VALUES ('crmls', '2026-11-01T00:00:00.000Z'), ('fmls', '2026-11-01T00:00:00.000Z')
  ON CONFLICT (feed) DO NOTHING;
