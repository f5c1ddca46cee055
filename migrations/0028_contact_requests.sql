-- Requests that become leads (issue 30, docs/decisions/096-home-requests.md): a question about a home, a tour
-- request and a home valuation request are contacts of their own kind, in the same table, the same inbox and
-- the same outbox as the contact form's message, never a parallel path.
--   kind     contact (the contact form) | question (about a home) | tour (a tour request) | valuation
--   details  JSON of what the request carries, NULL for a plain contact:
--            question: {"home": {listingKey, address, city, state, zipcode, price, url}}
--            tour:     {"home": {…}, "tour": {"mode": "in_person"|"video", "slots": [{"date", "window"}]}}
--            valuation: {"valuation": {"address", "beds", "baths", "timeline"}}
--            The home is a snapshot taken from `listings` when the request arrived: it stays readable after
--            the listing leaves the feed.
ALTER TABLE realtor_contacts ADD COLUMN kind TEXT NOT NULL DEFAULT 'contact'
  CHECK (kind IN ('contact', 'question', 'tour', 'valuation'));
ALTER TABLE realtor_contacts ADD COLUMN details TEXT;

-- The inbox's filter by kind pages newest first like its status filter (realtor_contacts_inbox_status).
CREATE INDEX realtor_contacts_inbox_kind ON realtor_contacts (realtor_id, kind, id);
