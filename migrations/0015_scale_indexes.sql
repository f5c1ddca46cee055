-- Indexes for 10,000 realtors and 1,000,000 homes (issue 20, docs/decisions/057-query-plans.md): every query
-- a request runs finds its rows through an index, so its cost follows the rows it returns, not the table's
-- size. test/queries/plans.test.ts checks each one with EXPLAIN QUERY PLAN.

-- The listings API's pages, newest first: one index for each shape of its filters, each holding exactly the
-- equality filters of that shape and then the order, so SQLite reads a page's homes in order and stops, and
-- a count reads only matching homes (src/lib/listings/source.ts picks one with INDEXED BY). State, city and
-- search type are in every query; the older listings_search serves a property type and status both named.
CREATE INDEX listings_city_newest ON listings (state, city, deal_type, listed_at);
CREATE INDEX listings_type_newest ON listings (state, city, deal_type, property_type, listed_at);
CREATE INDEX listings_status_newest ON listings (state, city, deal_type, property_status, listed_at);
CREATE INDEX listings_county_newest ON listings (state, county, city, deal_type, listed_at);

-- A realtor's deals by search type in order (market is optional in GET /cozying-api/v1/agent): the old index put
-- market second, so a query without it sorted the agent's homes.
DROP INDEX listings_agent;
CREATE INDEX listings_agent ON listings (agent_license, deal_type, listed_at);

-- The admin account the first sign-in looks for (accounts has no index on role).
CREATE INDEX accounts_admin ON accounts (id) WHERE role = 'admin';

-- The console's failed deliveries, newest first: a handful among every delivery ever made.
CREATE INDEX deliveries_failed ON deliveries (id) WHERE status = 'failed';

-- Which profiles mention an uploaded photo (src/lib/photos/release.ts): kept by the database on every write
-- of a profile, so releasing a photo asks an index instead of reading every profile. One row per realtor and
-- uploaded-photo key (realtors/{id}/{file}) that any string of the profile ends with, as instr() found before.
CREATE TABLE photo_refs (
  photo_key TEXT NOT NULL,
  realtor_id INTEGER NOT NULL REFERENCES realtors (id) ON DELETE CASCADE,
  PRIMARY KEY (photo_key, realtor_id)
) WITHOUT ROWID;
CREATE INDEX photo_refs_realtor ON photo_refs (realtor_id);

INSERT OR IGNORE INTO photo_refs (photo_key, realtor_id)
  SELECT substr(t.value, instr(t.value, '/photos/realtors/') + 8), r.id
  FROM realtors r, json_tree(r.profile) t
  WHERE t.type = 'text' AND instr(t.value, '/photos/realtors/') > 0;

CREATE TRIGGER realtors_photo_refs_insert AFTER INSERT ON realtors
BEGIN
  INSERT OR IGNORE INTO photo_refs (photo_key, realtor_id)
    SELECT substr(t.value, instr(t.value, '/photos/realtors/') + 8), NEW.id
    FROM json_tree(NEW.profile) t
    WHERE t.type = 'text' AND instr(t.value, '/photos/realtors/') > 0;
END;

CREATE TRIGGER realtors_photo_refs_update AFTER UPDATE OF profile ON realtors
BEGIN
  DELETE FROM photo_refs WHERE realtor_id = NEW.id;
  INSERT OR IGNORE INTO photo_refs (photo_key, realtor_id)
    SELECT substr(t.value, instr(t.value, '/photos/realtors/') + 8), NEW.id
    FROM json_tree(NEW.profile) t
    WHERE t.type = 'text' AND instr(t.value, '/photos/realtors/') > 0;
END;

-- Writes to accounts check the sign-in codes that reference them (foreign key): by index, not by reading
-- every code.
CREATE INDEX sign_in_codes_account ON sign_in_codes (account_id);
