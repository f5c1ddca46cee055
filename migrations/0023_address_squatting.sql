-- Address squatting (issue 29, finding 3, docs/decisions/083-address-squatting.md): an address a realtor
-- leaves is held for them (refused to others for 90 days, 301 to them) only when their homepage was
-- published under it, and a realtor changes address at most a few times a day. Both are kept by the
-- database, so every write path (PATCH, import, an admin's write) counts and records in the same statement.

-- 1 once the homepage has been public under its current address (published at any moment while it had
-- it, even if unpublished since); 0 while it never was. Leaving an address holds it only when this is 1.
ALTER TABLE realtors ADD COLUMN address_published INTEGER NOT NULL DEFAULT 0;
-- Before this column nobody knew: a homepage public now was public under its address.
UPDATE realtors SET address_published = 1 WHERE json_extract(profile, '$.isMakeHomepage') = 'Y';

-- Every change of address (not a change of case), kept 24 hours: the rename limit counts them.
CREATE TABLE address_changes (
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  changed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX address_changes_realtor ON address_changes (realtor_id, changed_at);

-- A homepage made published has published under its address.
CREATE TRIGGER realtors_address_published_insert AFTER INSERT ON realtors
WHEN json_extract(NEW.profile, '$.isMakeHomepage') = 'Y'
BEGIN
  UPDATE realtors SET address_published = 1 WHERE id = NEW.id;
END;

-- Publishing marks the current address; unpublishing later does not unmark it (links to it are out).
CREATE TRIGGER realtors_address_published_update AFTER UPDATE OF profile ON realtors
WHEN NEW.address_published = 0 AND json_extract(NEW.profile, '$.isMakeHomepage') = 'Y'
BEGIN
  UPDATE realtors SET address_published = 1 WHERE id = NEW.id;
END;

-- Leaving an address (0010's trigger, now conditional): it goes into the history (held, redirecting) only
-- when it was published under; the new address counts as published under when the homepage is public now
-- or when it is one of the realtor's own held addresses (going back). Taking an address still ends its
-- history. Each change is counted for the rename limit; counts older than a day are dropped here.
DROP TRIGGER realtors_address_history;
CREATE TRIGGER realtors_address_history AFTER UPDATE OF desired_url ON realtors
WHEN lower(OLD.desired_url) <> lower(NEW.desired_url)
BEGIN
  UPDATE realtors SET address_published = (
      json_extract(NEW.profile, '$.isMakeHomepage') = 'Y'
      OR EXISTS (SELECT 1 FROM realtor_addresses WHERE address = NEW.desired_url AND realtor_id = NEW.id)
    )
    WHERE id = NEW.id;
  DELETE FROM realtor_addresses WHERE address = NEW.desired_url;
  INSERT OR REPLACE INTO realtor_addresses (address, realtor_id)
    SELECT OLD.desired_url, NEW.id
    WHERE OLD.address_published = 1 OR json_extract(OLD.profile, '$.isMakeHomepage') = 'Y';
  DELETE FROM address_changes
    WHERE realtor_id = NEW.id AND changed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day');
  INSERT INTO address_changes (realtor_id, from_address, to_address) VALUES (NEW.id, OLD.desired_url, NEW.desired_url);
END;
