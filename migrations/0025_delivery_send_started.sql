-- When the claim's holder began its upstream call (docs/decisions/089-claim-lease-and-crash-window.md):
-- set, together with a renewed claimed_at, just before the post, the email or the push leaves; cleared
-- when a failed attempt gives the delivery back. A claim retaken while it is set was held by a sender
-- that stopped after it began sending: the destination may have the message already.
ALTER TABLE deliveries ADD COLUMN send_started_at TEXT;
