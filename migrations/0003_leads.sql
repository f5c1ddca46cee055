-- Lead requests of the landing page (POST /api/send-to-slack): stored before they are relayed to Slack, so
-- none is lost; a cron trigger retries the pending ones. And the landing page's first-party analytics,
-- kept as daily counters so anonymous traffic cannot grow the table without bound.
CREATE TABLE leads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  area TEXT NOT NULL,
  phone TEXT NOT NULL,
  has_site TEXT NOT NULL CHECK (has_site IN ('yes', 'no')),
  locale TEXT NOT NULL,
  -- pending: not yet in Slack; sending: claimed by one worker; delivered: Slack accepted it.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  claimed_at TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX leads_undelivered ON leads (status, id) WHERE status != 'delivered';

CREATE TABLE analytics_daily (
  day TEXT NOT NULL,
  name TEXT NOT NULL,
  device_type TEXT NOT NULL,
  locale TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, name, device_type, locale)
);
