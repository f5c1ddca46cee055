-- The outbox (docs/decisions/024-outbox.md): one row per message and destination, claimed before it is
-- sent, so each destination gets each message once however many senders run. Leads and contacts keep
-- their content; their delivery state moves here, and the old columns go so nothing reads a stale copy.
CREATE TABLE deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- What the message is and which row holds it: 'lead' (leads.id) or 'contact' (realtor_contacts.id).
  topic TEXT NOT NULL,
  message_id INTEGER NOT NULL,
  -- Where it goes, by role ('operator-slack', 'operator-webhook'): the address is looked up when sending.
  destination TEXT NOT NULL,
  -- pending: waits for a sender; sending: claimed by one; delivered: taken; failed: given up, kept.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  -- Raised by each claim; the claim's own number, so only its holder can settle it.
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  claimed_at TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (topic, message_id, destination)
);
CREATE INDEX deliveries_open ON deliveries (topic, id) WHERE status IN ('pending', 'sending');

-- Existing state, as it was: leads went to the operator's Slack, contacts to CONTACT_WEBHOOK_URL, and a
-- contact tried 10 times without getting through had been given up. (wrangler's statement splitter
-- needs a space after a CASE's END: hence `END AS status`.)
INSERT INTO deliveries (topic, message_id, destination, status, attempts, last_error, claimed_at, delivered_at, created_at)
SELECT 'lead', id, 'operator-slack', status, attempts, last_error, claimed_at, delivered_at, created_at FROM leads;

INSERT INTO deliveries (topic, message_id, destination, status, attempts, last_error, delivered_at, created_at)
SELECT 'contact', id, 'operator-webhook',
  CASE WHEN delivered_at IS NOT NULL THEN 'delivered' WHEN delivery_attempts >= 10 THEN 'failed' ELSE 'pending' END AS status,
  delivery_attempts, last_error, delivered_at, created_at
FROM realtor_contacts;

DROP INDEX leads_undelivered;
ALTER TABLE leads DROP COLUMN status;
ALTER TABLE leads DROP COLUMN attempts;
ALTER TABLE leads DROP COLUMN last_error;
ALTER TABLE leads DROP COLUMN claimed_at;
ALTER TABLE leads DROP COLUMN delivered_at;

DROP INDEX realtor_contacts_undelivered;
ALTER TABLE realtor_contacts DROP COLUMN delivered_at;
ALTER TABLE realtor_contacts DROP COLUMN delivery_attempts;
ALTER TABLE realtor_contacts DROP COLUMN last_error;

-- A message deleted (by the operator, or a privacy request) takes its deliveries with it: none is left
-- for a sender to find without a message to send.
CREATE TRIGGER leads_deliveries_gone AFTER DELETE ON leads BEGIN
  DELETE FROM deliveries WHERE topic = 'lead' AND message_id = OLD.id;
END;
CREATE TRIGGER realtor_contacts_deliveries_gone AFTER DELETE ON realtor_contacts BEGIN
  DELETE FROM deliveries WHERE topic = 'contact' AND message_id = OLD.id;
END;
