-- Retries with backoff (docs/decisions/027-delivery-retries.md): a failed attempt sets when the next one
-- may start, so a webhook that took a post but answered late is not sent it again right away, and a long
-- outage is retried for a day, more and more slowly, instead of ten times in 45 minutes.
ALTER TABLE deliveries ADD COLUMN next_attempt_at TEXT;
-- The cron looks for due deliveries by topic and time.
DROP INDEX deliveries_open;
CREATE INDEX deliveries_due ON deliveries (topic, next_attempt_at, id) WHERE status IN ('pending', 'sending');
-- A contact given up after 10 attempts before this change gets its day of retries from now on.
UPDATE deliveries SET status = 'pending' WHERE status = 'failed' AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day');
