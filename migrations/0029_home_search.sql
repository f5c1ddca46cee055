-- Home search on a realtor's site (issue 30, docs/decisions/097-home-search.md).
--
-- The search indexes: one per shape of place (a city, a ZIP, a neighbourhood, or the whole market) and
-- order (newest first, or by price), each led by the equality filters every search has (the market, the
-- place, the deal and its status) and covering the optional filters (price, beds, baths, property type),
-- so a count or a page reads index entries alone and only the page's rows are fetched
-- (src/lib/mls/search.ts picks one with INDEXED BY; test/queries/ checks the plans at 1,000,000 listings).
CREATE INDEX listings_find_city_newest ON listings
  (market, city, deal_type, property_status, listed_at, price, beds, baths, property_type);
CREATE INDEX listings_find_city_price ON listings
  (market, city, deal_type, property_status, price, beds, baths, property_type);
CREATE INDEX listings_find_zip_newest ON listings
  (market, zipcode, deal_type, property_status, listed_at, price, beds, baths, property_type);
CREATE INDEX listings_find_zip_price ON listings
  (market, zipcode, deal_type, property_status, price, beds, baths, property_type);
CREATE INDEX listings_find_area_newest ON listings
  (market, subdivision, deal_type, property_status, listed_at, price, beds, baths, property_type)
  WHERE subdivision IS NOT NULL;
CREATE INDEX listings_find_area_price ON listings
  (market, subdivision, deal_type, property_status, price, beds, baths, property_type)
  WHERE subdivision IS NOT NULL;
CREATE INDEX listings_find_market_newest ON listings
  (market, deal_type, property_status, listed_at, price, beds, baths, property_type);
CREATE INDEX listings_find_market_price ON listings
  (market, deal_type, property_status, price, beds, baths, property_type);

-- The places a search can name, per feed: every city, ZIP and neighbourhood a listing has had. Kept by
-- triggers, so replication, the seed and any other writer fill it alike. A buyer's typed place resolves
-- here (case-insensitively, by `place_key`) to its kind and spelling, or to another market's place.
CREATE TABLE listing_places (
  market TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('city', 'zip', 'area')),
  name TEXT NOT NULL,
  place_key TEXT NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (place_key, market, kind)
) WITHOUT ROWID;

-- Listings that left the market (left the feed, lost IDX permission): their page answers 410 with
-- similar homes for a while instead of 404 (src/lib/mls/home.ts). A listing that comes back leaves it.
CREATE TABLE listings_gone (
  listing_key TEXT PRIMARY KEY,
  market TEXT NOT NULL,
  city TEXT NOT NULL,
  deal_type TEXT NOT NULL,
  property_type TEXT NOT NULL,
  price INTEGER NOT NULL,
  beds INTEGER NOT NULL,
  address TEXT NOT NULL,
  removed_at TEXT NOT NULL
) WITHOUT ROWID;

-- The triggers say what to do on a conflict in their own WHERE clauses, never with OR IGNORE / OR REPLACE:
-- SQLite hands a trigger's statements the conflict policy of the statement that fired it, and replication's
-- upsert (ON CONFLICT … DO UPDATE) would turn an ignored duplicate place into a failed page.
CREATE TRIGGER listings_places_insert AFTER INSERT ON listings WHEN NEW.listing_key IS NOT NULL
BEGIN
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'city', NEW.city, lower(NEW.city), NEW.state
    WHERE NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = lower(NEW.city) AND market = NEW.market AND kind = 'city');
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'zip', NEW.zipcode, NEW.zipcode, NEW.state
    WHERE NEW.zipcode <> '' AND NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = NEW.zipcode AND market = NEW.market AND kind = 'zip');
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'area', NEW.subdivision, lower(NEW.subdivision), NEW.state
    WHERE NEW.subdivision IS NOT NULL AND NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = lower(NEW.subdivision) AND market = NEW.market AND kind = 'area');
  DELETE FROM listings_gone WHERE listing_key = NEW.listing_key;
END;

CREATE TRIGGER listings_places_update AFTER UPDATE OF city, zipcode, subdivision ON listings
  WHEN NEW.listing_key IS NOT NULL
BEGIN
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'city', NEW.city, lower(NEW.city), NEW.state
    WHERE NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = lower(NEW.city) AND market = NEW.market AND kind = 'city');
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'zip', NEW.zipcode, NEW.zipcode, NEW.state
    WHERE NEW.zipcode <> '' AND NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = NEW.zipcode AND market = NEW.market AND kind = 'zip');
  INSERT INTO listing_places (market, kind, name, place_key, state)
    SELECT NEW.market, 'area', NEW.subdivision, lower(NEW.subdivision), NEW.state
    WHERE NEW.subdivision IS NOT NULL AND NOT EXISTS (SELECT 1 FROM listing_places
      WHERE place_key = lower(NEW.subdivision) AND market = NEW.market AND kind = 'area');
END;

CREATE TRIGGER listings_gone_delete AFTER DELETE ON listings WHEN OLD.listing_key IS NOT NULL
BEGIN
  DELETE FROM listings_gone WHERE listing_key = OLD.listing_key;
  INSERT INTO listings_gone
    (listing_key, market, city, deal_type, property_type, price, beds, address, removed_at)
    VALUES (OLD.listing_key, OLD.market, OLD.city, OLD.deal_type, OLD.property_type, OLD.price, OLD.beds,
      OLD.address, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- A site's sitemap lists its MLS's home pages by id range (src/lib/mls/seo.ts): the keys in id order.
CREATE INDEX listings_sitemap ON listings (market, id, listing_key) WHERE listing_key IS NOT NULL;
-- The cities a search page suggests for its MLS.
CREATE INDEX listing_places_market ON listing_places (market, kind, name);
