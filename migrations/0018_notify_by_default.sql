-- Speed to lead (issue 26, docs/decisions/063-notifications-on-by-default.md). A realtor without a row in
-- realtor_notifications is no longer silent: their homepage contact email (else their account email)
-- gets every contact, a rule of src/lib/notifications/settings.ts that covers every realtor, the demo
-- ones and those created before this change included, without a copy of it here. A row is the realtor's
-- own choice; an empty email in it is a channel they turned off.
--
-- An address the realtor types that is not their sign-in email waits for its owner to confirm it: it is
-- kept here with the SHA-256 of the link's token, and mail keeps going to the address in `email` until then.
ALTER TABLE realtor_notifications ADD COLUMN pending_email TEXT;
ALTER TABLE realtor_notifications ADD COLUMN pending_token TEXT;
ALTER TABLE realtor_notifications ADD COLUMN pending_sent_at TEXT;
CREATE UNIQUE INDEX realtor_notifications_pending_token ON realtor_notifications (pending_token)
  WHERE pending_token IS NOT NULL;

-- A realtor's own settings that are not notification channels: the time zone their inbox, dashboard and
-- notifications read times in (NULL: from their activity regions), and when one of their own channels
-- first delivered (the onboarding checklist's "notifications reach you"). No foreign key, as
-- realtor_notifications: in upstream mode the realtor lives in another service.
CREATE TABLE realtor_settings (
  realtor_id INTEGER PRIMARY KEY,
  time_zone TEXT,
  notified_at TEXT
);

-- A name as the person writes it: names not in Hangul sent from the English form, stored family name first
-- ("Nguyen Amy"), read given name first again ("Amy Nguyen"). Only names the form joined itself; a Hangul
-- name keeps its family name first from either form (src/lib/contacts/fields.ts joinName).
UPDATE realtor_contacts SET name = trim(first_name || ' ' || last_name)
WHERE locale = 'en' AND name = trim(last_name || ' ' || first_name)
  AND NOT (last_name || first_name) GLOB '*[가-힣ㄱ-ㅎㅏ-ㅣ]*';
