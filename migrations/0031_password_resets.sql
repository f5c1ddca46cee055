-- "Forgot password" links (src/lib/accounts/password-resets.ts, docs/decisions/100-password-reset.md): one
-- live link per account, mailed to its sign-in email, used once within 30 minutes to set a new password.
-- Only the token's SHA-256 is kept, with the token version it was issued under, so a password change or
-- "sign out everywhere" made since also ends it. A newer link replaces the older (account_id is unique).
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  token_version INTEGER NOT NULL,
  -- Unix time in milliseconds after which the link is refused.
  expires_at INTEGER NOT NULL
);
CREATE INDEX password_resets_expiry ON password_resets (expires_at);
