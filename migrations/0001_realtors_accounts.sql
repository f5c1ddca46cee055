-- Accounts and realtor profiles of the embedded data service (docs/decisions/010-realtor-storage.md).

-- A person who signs in: provider staff (admin, every realtor) or a realtor (their own profile only).
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- Display name; the realtor response's read-only `name` (docs/decisions/003-realtor-name.md).
  name TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL CHECK (role IN ('admin', 'realtor')),
  -- pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url> (src/lib/accounts/password.ts)
  password_hash TEXT NOT NULL,
  -- When the account accepted the service agreement (/agreement); NULL until then.
  agreed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One realtor profile (docs/product.md §3). The lookup keys are columns with unique indexes; the rest of the
-- profile is one JSON document validated by src/lib/realtors/schema.ts on every write.
CREATE TABLE realtors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER UNIQUE REFERENCES accounts (id) ON DELETE SET NULL,
  desired_url TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- Host of hompageUrl without `www.`, lower case: how a custom domain finds its realtor. NULL when none.
  homepage_host TEXT UNIQUE,
  profile TEXT NOT NULL CHECK (json_valid(profile)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
