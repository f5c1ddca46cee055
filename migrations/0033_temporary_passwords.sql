-- Passwords the admin chose (docs/decisions/106-temporary-passwords.md): 1 while the account's password is
-- one the admin set (a reset to a temporary password, or the password typed when the account was made), so
-- the realtor is asked at sign-in to choose their own; 0 once they did (settings, a reset link, an
-- invitation). Every existing account, the demo ones included, keeps the password it has: 0.
ALTER TABLE accounts ADD COLUMN password_temporary INTEGER NOT NULL DEFAULT 0 CHECK (password_temporary IN (0, 1));
