-- A realtor profile's version (issue 29, finding 2; docs/decisions/082-profile-versions.md): a write of the
-- profile applies only to the version it was merged on (UPDATE … WHERE version = ?), so two saves at once
-- can never both read the same profile and the later one silently put back what the earlier one changed.
ALTER TABLE realtors ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Every write of the profile or the address moves the version, whoever makes it (the store, a custom
-- domain's activation, the lifecycle's photo clearing, a later migration): none can be forgotten.
CREATE TRIGGER realtors_version AFTER UPDATE OF profile, desired_url ON realtors
  WHEN NEW.version = OLD.version
BEGIN
  UPDATE realtors SET version = OLD.version + 1 WHERE id = NEW.id;
END;
