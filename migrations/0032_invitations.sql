-- Invitations (src/lib/accounts/invitations.ts, docs/decisions/102-invitations.md): an account the admin made
-- without a password, and the one live link mailed to it that sets the realtor's own. Only the token's SHA-256
-- is kept; a resend replaces it, a revoke or the acceptance clears it. The row stays after either, so the
-- console can say "accepted" or "revoked".
CREATE TABLE invitations (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  token_hash TEXT UNIQUE,
  -- The mail's and the link's language, chosen by the admin.
  locale TEXT NOT NULL CHECK (locale IN ('ko', 'en')),
  -- Unix times in milliseconds: the last mail, the link's end, and the end of the invitation either way.
  sent_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  revoked_at INTEGER
);

-- A landing lead made into an account by an invitation ("create homepage from this lead").
ALTER TABLE leads ADD COLUMN converted_account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL;
ALTER TABLE leads ADD COLUMN converted_at TEXT;

-- The leads an account was made from, by the account: deleting an account sets theirs to NULL (and SQLite
-- checks its child rows on writes of `accounts`) by this index rather than by a scan of every lead.
CREATE INDEX leads_converted_account ON leads (converted_account_id);
