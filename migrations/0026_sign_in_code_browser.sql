-- A sign-in code of /login/redirect is bound to the browser that started the hand-off
-- (docs/decisions/086-hand-off-bound-to-its-browser.md): `challenge` is the SHA-256 of a verifier that only
-- that browser holds, in an HttpOnly cookie, and a code is redeemed only with it. Codes minted before
-- have none and can never be redeemed; they would have expired within two minutes anyway.
ALTER TABLE sign_in_codes ADD COLUMN challenge TEXT;
DELETE FROM sign_in_codes;
