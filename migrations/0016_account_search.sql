-- The admin console's search through an index (issue 20, docs/decisions/060-console-search-index.md): one row
-- per row of the console (src/lib/accounts/list.ts) with the text it is searched by, in an FTS5 table with the
-- trigram tokenizer, so a term of 3+ characters finds its rows through the index instead of reading every
-- account and extracting each profile's Korean name.
--
-- The rowid is the console's order: an account's id (with its homepage's address and Korean name, if it has
-- one), then 1,000,000,000,000 + the id of a homepage nobody owns. Keyset pages are rowid ranges.
-- Kept in step by the triggers below on every write to accounts and realtors (and back-filled here); no code
-- writes this table. A virtual table cannot be exported by `wrangler d1 export`: Time Travel is the backup.
CREATE VIRTUAL TABLE account_search USING fts5 (name, email, desired_url, korean_name, tokenize = 'trigram');

-- The text of an account's row: the account and its homepage, if any. The Korean name is the first etcInfo
-- item of contentType korea_name, as the console shows it (src/lib/accounts/list.ts HOMEPAGE_COLUMNS); items
-- that are not objects are skipped, so an odd profile never fails the write that fires a trigger.
CREATE VIEW account_search_accounts AS
  SELECT a.id AS id, a.name AS name, a.email AS email, coalesce(r.desired_url, '') AS desired_url,
    coalesce((SELECT json_extract(e.value, '$.content') FROM json_each(r.profile, '$.etcInfo') e
      WHERE e.type = 'object' AND json_extract(e.value, '$.contentType') = 'korea_name' LIMIT 1), '') AS korean_name
  FROM accounts a LEFT JOIN realtors r ON r.user_id = a.id;

-- The text of a homepage nobody owns, by the realtor's id.
CREATE VIEW account_search_homepages AS
  SELECT r.id AS id, r.desired_url AS desired_url,
    coalesce((SELECT json_extract(e.value, '$.content') FROM json_each(r.profile, '$.etcInfo') e
      WHERE e.type = 'object' AND json_extract(e.value, '$.contentType') = 'korea_name' LIMIT 1), '') AS korean_name
  FROM realtors r WHERE r.user_id IS NULL;

INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
  SELECT id, name, email, desired_url, korean_name FROM account_search_accounts;
INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
  SELECT 1000000000000 + id, '', '', desired_url, korean_name FROM account_search_homepages;
-- The back-fill as one b-tree segment rather than many small ones a search would merge on every query.
INSERT INTO account_search (account_search) VALUES ('optimize');

-- Each trigger removes the rows a write touches and writes them again from the views, i.e. from the tables as
-- they now are: an account deleted under its homepage (ON DELETE SET NULL fires the realtors trigger) or a
-- homepage moved between accounts ends with exactly the rows the console lists. Each view is asked for one
-- id, which SQLite answers by primary key.
CREATE TRIGGER accounts_search_insert AFTER INSERT ON accounts
BEGIN
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts WHERE id = NEW.id;
END;

CREATE TRIGGER accounts_search_update AFTER UPDATE OF id, name, email ON accounts
BEGIN
  DELETE FROM account_search WHERE rowid = OLD.id;
  DELETE FROM account_search WHERE rowid = NEW.id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts WHERE id = NEW.id;
END;

CREATE TRIGGER accounts_search_delete AFTER DELETE ON accounts
BEGIN
  DELETE FROM account_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER realtors_search_insert AFTER INSERT ON realtors
BEGIN
  DELETE FROM account_search WHERE rowid = NEW.user_id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts WHERE id = NEW.user_id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT 1000000000000 + id, '', '', desired_url, korean_name FROM account_search_homepages WHERE id = NEW.id;
END;

CREATE TRIGGER realtors_search_update AFTER UPDATE OF id, user_id, desired_url, profile ON realtors
BEGIN
  DELETE FROM account_search WHERE rowid = OLD.user_id;
  DELETE FROM account_search WHERE rowid = NEW.user_id;
  DELETE FROM account_search WHERE rowid = 1000000000000 + OLD.id;
  DELETE FROM account_search WHERE rowid = 1000000000000 + NEW.id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts WHERE id = OLD.user_id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts
    WHERE id = NEW.user_id AND NEW.user_id IS NOT OLD.user_id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT 1000000000000 + id, '', '', desired_url, korean_name FROM account_search_homepages WHERE id = NEW.id;
END;

CREATE TRIGGER realtors_search_delete AFTER DELETE ON realtors
BEGIN
  DELETE FROM account_search WHERE rowid = 1000000000000 + OLD.id;
  DELETE FROM account_search WHERE rowid = OLD.user_id;
  INSERT INTO account_search (rowid, name, email, desired_url, korean_name)
    SELECT id, name, email, desired_url, korean_name FROM account_search_accounts WHERE id = OLD.user_id;
END;
