-- Contact requests from a realtor's homepage (docs/product.md §3 "Contact form to a realtor", §7
-- POST /v1/realtor-contacts). Stored before anything else happens, so a failing webhook never loses one
-- (docs/decisions/031-contact-delivery.md).
CREATE TABLE realtor_contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- No foreign key: in upstream mode the realtor lives in another service.
  realtor_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  first_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  phone_country_code TEXT NOT NULL,
  message TEXT NOT NULL,
  is_term TEXT NOT NULL CHECK (is_term IN ('Y', 'N')),
  locale TEXT NOT NULL DEFAULT 'ko',
  -- Webhook delivery: NULL until CONTACT_WEBHOOK_URL accepted it; the last failure is kept for retries.
  delivered_at TEXT,
  delivery_attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX realtor_contacts_realtor ON realtor_contacts (realtor_id, created_at);
CREATE INDEX realtor_contacts_undelivered ON realtor_contacts (delivered_at) WHERE delivered_at IS NULL;
