-- The key sweep of a feed (src/lib/mls/replicate.ts, docs/decisions/093-reso-replication.md): once a day a
-- replication step lists the feed's ListingKeys in key order ($select=ListingKey) and removes the listings of
-- ours the feed no longer lists. Its position is part of the feed's checkpoint, so a sweep spread over many
-- steps, or broken off by a failure, goes on from the last key it reached.
--   sweep_after  the last ListingKey of the sweep in progress ('' when it has just started); NULL: none is
--   swept_at     when the last sweep finished (the next starts a day later)
ALTER TABLE mls_feeds ADD COLUMN sweep_after TEXT;
ALTER TABLE mls_feeds ADD COLUMN swept_at TEXT;
