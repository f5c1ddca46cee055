-- Searching a realtor's Inbox and the operator's Leads through an index (issue 29, docs/decisions/
-- 078-contact-and-lead-search.md). The inboxes searched with LIKE '%q%', and D1 refuses a LIKE pattern over
-- 50 bytes (49 ASCII characters, 17 Korean ones): every search of that length answered 500. Now a term of 3+
-- characters is a phrase of an FTS5 trigram index, as the console's search is (migration 0016); a shorter one
-- is still compared row by row, with a pattern of a few bytes (src/lib/search.ts holds the rule).
--
-- One FTS5 table per inbox, rowid = the entry's id, so the index reads newest first from a cursor in the
-- order the inbox pages in. Kept in step by the triggers below (and back-filled here); no code writes them.
-- Like account_search they cannot be exported by `wrangler d1 export`: Time Travel is the backup.

-- The text of a contact as it is searched, the one definition of it (the index copies it; a term shorter
-- than a trigram reads it from here):
-- - realtor: the realtor's id as four characters of the Supplementary Private Use Area (16 bits each, most
--   significant first), so a search names its realtor inside the index and reads only that realtor's
--   contacts. Fixed width: the phrase matches exactly one realtor; its last trigram is that realtor's alone
--   (src/lib/inbox/search.ts writes the same token for a query);
-- - compact: the name as written, family + given and given + family, each without spaces (U+0020, tab,
--   U+00A0, U+3000), separated by U+001F: "김민수" finds "김 민수", "kim minji" finds "Minji Kim".
CREATE VIEW contact_search_text AS
  SELECT c.*,
    char(983040 + ((c.realtor_id >> 48) & 65535), 983040 + ((c.realtor_id >> 32) & 65535),
      983040 + ((c.realtor_id >> 16) & 65535), 983040 + (c.realtor_id & 65535)) AS realtor,
    replace(replace(replace(replace(
      c.name || char(31) || c.last_name || c.first_name || char(31) || c.first_name || c.last_name,
      ' ', ''), char(9), ''), char(160), ''), char(12288), '') AS compact
  FROM realtor_contacts c;

-- A lead's text: its name without spaces besides the columns (leads have no realtor).
CREATE VIEW lead_search_text AS
  SELECT l.*,
    replace(replace(replace(replace(l.name, ' ', ''), char(9), ''), char(160), ''), char(12288), '') AS compact
  FROM leads l;

CREATE VIRTUAL TABLE contact_search USING fts5 (
  realtor, name, last_name, first_name, email, phone, compact, tokenize = 'trigram'
);
CREATE VIRTUAL TABLE lead_search USING fts5 (name, area, phone, compact, tokenize = 'trigram');

INSERT INTO contact_search (rowid, realtor, name, last_name, first_name, email, phone, compact)
  SELECT id, realtor, name, last_name, first_name, email, phone, compact FROM contact_search_text;
INSERT INTO lead_search (rowid, name, area, phone, compact)
  SELECT id, name, area, phone, compact FROM lead_search_text;
-- The back-fill as one b-tree segment rather than many small ones a search would merge on every query.
INSERT INTO contact_search (contact_search) VALUES ('optimize');
INSERT INTO lead_search (lead_search) VALUES ('optimize');

-- Each trigger removes the row a write touches and writes it again from the view (asked for one id, answered
-- by primary key). A status, note or delivery change touches no searched column and fires none of them.
CREATE TRIGGER realtor_contacts_search_insert AFTER INSERT ON realtor_contacts
BEGIN
  INSERT INTO contact_search (rowid, realtor, name, last_name, first_name, email, phone, compact)
    SELECT id, realtor, name, last_name, first_name, email, phone, compact FROM contact_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER realtor_contacts_search_update
AFTER UPDATE OF id, realtor_id, name, last_name, first_name, email, phone ON realtor_contacts
BEGIN
  DELETE FROM contact_search WHERE rowid = OLD.id;
  INSERT INTO contact_search (rowid, realtor, name, last_name, first_name, email, phone, compact)
    SELECT id, realtor, name, last_name, first_name, email, phone, compact FROM contact_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER realtor_contacts_search_delete AFTER DELETE ON realtor_contacts
BEGIN
  DELETE FROM contact_search WHERE rowid = OLD.id;
END;

CREATE TRIGGER leads_search_insert AFTER INSERT ON leads
BEGIN
  INSERT INTO lead_search (rowid, name, area, phone, compact)
    SELECT id, name, area, phone, compact FROM lead_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER leads_search_update AFTER UPDATE OF id, name, area, phone ON leads
BEGIN
  DELETE FROM lead_search WHERE rowid = OLD.id;
  INSERT INTO lead_search (rowid, name, area, phone, compact)
    SELECT id, name, area, phone, compact FROM lead_search_text WHERE id = NEW.id;
END;

CREATE TRIGGER leads_search_delete AFTER DELETE ON leads
BEGIN
  DELETE FROM lead_search WHERE rowid = OLD.id;
END;
