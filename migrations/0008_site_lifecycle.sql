-- A homepage's life after it is made (issue 17): deleted homepages are kept 30 days before they are
-- removed with their photos, and a changed address keeps pointing at its realtor.

-- When the owner (or an admin) deleted the homepage; NULL while it is live. A deleted homepage is
-- unpublished, restorable by an admin for 30 days, then removed by the cron.
ALTER TABLE realtors ADD COLUMN deleted_at TEXT;
CREATE INDEX realtors_deleted ON realtors (deleted_at) WHERE deleted_at IS NOT NULL;

-- Addresses a realtor used before: each 301-redirects to the realtor's current address, and no other
-- realtor may take it until 90 days after retired_at. Removed with the realtor.
CREATE TABLE realtor_addresses (
  address TEXT PRIMARY KEY COLLATE NOCASE,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  retired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX realtor_addresses_realtor ON realtor_addresses (realtor_id);
