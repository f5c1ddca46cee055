-- Sessions that can end (src/lib/session.ts, src/lib/accounts/store.ts): every token carries the
-- account's token_version as it was at sign-in, and a token whose version is no longer the account's
-- is refused. Signing out raises it; so does any change of the password, whoever makes it.
ALTER TABLE accounts ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER accounts_password_ends_sessions AFTER UPDATE OF password_hash ON accounts
WHEN NEW.password_hash IS NOT OLD.password_hash
BEGIN
  UPDATE accounts SET token_version = token_version + 1 WHERE id = NEW.id;
END;

-- One-time sign-in codes of /login/redirect (src/lib/accounts/sign-in-codes.ts): minted by a signed-in
-- account, redeemed once and within two minutes for a session cookie. Only the code's SHA-256 is kept,
-- with the token version it was minted under, so signing out also ends the codes not yet used.
CREATE TABLE sign_in_codes (
  code_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  token_version INTEGER NOT NULL,
  -- Unix time in milliseconds after which the code is refused.
  expires_at INTEGER NOT NULL
);
CREATE INDEX sign_in_codes_expiry ON sign_in_codes (expires_at);
