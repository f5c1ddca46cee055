-- Sessions that can end (src/lib/session.ts, src/lib/accounts/store.ts): every token carries the
-- account's token_version as it was at sign-in, and a token whose version is no longer the account's
-- is refused. Signing out raises it; so does any change of the password, whoever makes it.
ALTER TABLE accounts ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER accounts_password_ends_sessions AFTER UPDATE OF password_hash ON accounts
WHEN NEW.password_hash IS NOT OLD.password_hash
BEGIN
  UPDATE accounts SET token_version = token_version + 1 WHERE id = NEW.id;
END;
