-- Address history kept by the database itself (issue 17), so every write path (PATCH, import, a new
-- account, a homepage made by an admin) records and respects it in the same statement: no two
-- requests can race between a check and a write.

-- An address retired less than 90 days ago belongs to its former realtor: nobody else may take it.
-- The message names the table, so the store can tell this refusal from the desired_url index's.
CREATE TRIGGER realtors_address_held_insert BEFORE INSERT ON realtors
WHEN EXISTS (
  SELECT 1 FROM realtor_addresses
  WHERE address = NEW.desired_url
    AND retired_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-90 days')
)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: realtor_addresses.address');
END;

CREATE TRIGGER realtors_address_held_update BEFORE UPDATE OF desired_url ON realtors
WHEN EXISTS (
  SELECT 1 FROM realtor_addresses
  WHERE address = NEW.desired_url
    AND realtor_id <> NEW.id
    AND retired_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-90 days')
)
BEGIN
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: realtor_addresses.address');
END;

-- Taking an address ends its history (the owner going back, or a newcomer after the 90 days: it then
-- stops redirecting); leaving one starts it. A change of case only is the same address.
CREATE TRIGGER realtors_address_history AFTER UPDATE OF desired_url ON realtors
WHEN lower(OLD.desired_url) <> lower(NEW.desired_url)
BEGIN
  DELETE FROM realtor_addresses WHERE address = NEW.desired_url;
  INSERT OR REPLACE INTO realtor_addresses (address, realtor_id) VALUES (OLD.desired_url, NEW.id);
END;

CREATE TRIGGER realtors_address_taken AFTER INSERT ON realtors
BEGIN
  DELETE FROM realtor_addresses WHERE address = NEW.desired_url;
END;
