-- Where a realtor's new contacts go (docs/decisions/050-notifications.md): an email address and/or a
-- Slack-compatible webhook URL; an empty one is a channel that is off. One row per realtor, written by the
-- settings page; a realtor without a row gets no notification of their own (the operator's stays).
CREATE TABLE realtor_notifications (
  -- No foreign key: in upstream mode the realtor lives in another service (as realtor_contacts).
  realtor_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL DEFAULT '',
  webhook_url TEXT NOT NULL DEFAULT '',
  -- The language the realtor's notifications are written in: the builder's language when they saved.
  locale TEXT NOT NULL DEFAULT 'ko' CHECK (locale IN ('ko', 'en')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
