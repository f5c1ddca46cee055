-- Web Push devices (docs/decisions/065-web-push.md): each browser a realtor turned push on in holds one
-- subscription (RFC 8030 endpoint + RFC 8291 keys); every new contact gets one outbox delivery per row,
-- destination 'realtor-push:{id}'. AUTOINCREMENT: an id is never reused, so a delivery left for a removed
-- device can never reach a later one.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- No foreign keys: in upstream mode the realtor lives in another service (as realtor_notifications).
  realtor_id INTEGER NOT NULL,
  -- The signed-in account that turned it on (the owner, or an admin on their behalf).
  account_id INTEGER NOT NULL,
  -- The push service's URL for this browser: a capability, unique per browser and service worker scope.
  endpoint TEXT NOT NULL UNIQUE,
  -- The browser's P-256 public key and 16-byte auth secret, base64url without padding.
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  -- What the device list shows ("Chrome · Android"), read from the User-Agent when it subscribed.
  label TEXT NOT NULL DEFAULT '',
  -- The language its notifications are written in: the builder's when it subscribed.
  locale TEXT NOT NULL DEFAULT 'ko' CHECK (locale IN ('ko', 'en')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A realtor's devices: the list, the count against the cap, and the deliveries of a new contact.
CREATE INDEX push_subscriptions_realtor ON push_subscriptions (realtor_id, id);
