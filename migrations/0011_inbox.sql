-- The realtor's Inbox and the operator's Leads view (docs/decisions/049-inbox.md): each contact and lead
-- gets a status (unread until opened; archived keeps it out of the default list), a free-text note, and
-- when it was read or archived. The page a contact was sent from is kept with it.
ALTER TABLE realtor_contacts ADD COLUMN status TEXT NOT NULL DEFAULT 'unread' CHECK (status IN ('unread', 'read', 'archived'));
ALTER TABLE realtor_contacts ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE realtor_contacts ADD COLUMN read_at TEXT;
ALTER TABLE realtor_contacts ADD COLUMN archived_at TEXT;
ALTER TABLE realtor_contacts ADD COLUMN page TEXT;

ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'unread' CHECK (status IN ('unread', 'read', 'archived'));
ALTER TABLE leads ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN read_at TEXT;
ALTER TABLE leads ADD COLUMN archived_at TEXT;

-- Keyset pages newest first, by realtor (every list) and by realtor and status (the filters and the
-- unread count). The old (realtor_id, created_at) index is left for the cron's and others' reads.
CREATE INDEX realtor_contacts_inbox ON realtor_contacts (realtor_id, id);
CREATE INDEX realtor_contacts_inbox_status ON realtor_contacts (realtor_id, status, id);
CREATE INDEX leads_inbox_status ON leads (status, id);
