-- Listings as MLSs publish them (issue 30, docs/decisions/092-mls-listings.md): the RESO Data Dictionary's
-- fields of a Property, one row per listing, in the table the embedded listings API already reads. The
-- columns of migration 0004 stay the search keys (deal_type, property_type, property_status, price, …):
-- src/lib/mls/record.ts derives them from the RESO fields in one place, so the /cozying-api routes keep
-- their contract over the same rows.
--   listing_key        ListingKey (unique within a feed; the home page's address)
--   market             the feed (crmls | fmls): OriginatingSystemName's MLS, and whose display rules apply
--   standard_status    StandardStatus (Active, Active Under Contract, Pending, Closed, …)
--   list_price         ListPrice; close_price / close_date: ClosePrice / CloseDate
--   price              the search price: ClosePrice when closed, else ListPrice
--   beds / baths / sqft BedroomsTotal / BathroomsTotalInteger (+ half baths as .5) / LivingArea
--   property_sub_type  PropertySubType as the MLS spells it; property_type its search slug
--   address            UnparsedAddress (street line); city/county/state/zipcode: City, CountyOrParish,
--                      StateOrProvince, PostalCode; subdivision: SubdivisionName (the neighbourhood filter)
--   media              ordered Media as JSON [{key, width, height, alt?}]: photos copied into R2 once
--   agent_license      ListAgentStateLicense; list_agent_mls_id: ListAgentMlsId
--   listed_at          OnMarketDate (newest first); modification_timestamp: ModificationTimestamp
-- Listings the feed stops marking for IDX display are deleted, never stored: a row is a listing the site may
-- show (InternetEntireListingDisplayYN).
ALTER TABLE listings ADD COLUMN listing_key TEXT;
ALTER TABLE listings ADD COLUMN standard_status TEXT;
ALTER TABLE listings ADD COLUMN list_price INTEGER;
ALTER TABLE listings ADD COLUMN close_price INTEGER;
ALTER TABLE listings ADD COLUMN close_date TEXT;
ALTER TABLE listings ADD COLUMN lot_size_sqft INTEGER;
ALTER TABLE listings ADD COLUMN year_built INTEGER;
ALTER TABLE listings ADD COLUMN property_sub_type TEXT;
ALTER TABLE listings ADD COLUMN subdivision TEXT;
ALTER TABLE listings ADD COLUMN latitude REAL;
ALTER TABLE listings ADD COLUMN longitude REAL;
ALTER TABLE listings ADD COLUMN public_remarks TEXT;
ALTER TABLE listings ADD COLUMN media TEXT NOT NULL DEFAULT '[]';
ALTER TABLE listings ADD COLUMN list_agent_mls_id TEXT;
ALTER TABLE listings ADD COLUMN list_office_name TEXT;
ALTER TABLE listings ADD COLUMN originating_system_name TEXT;
ALTER TABLE listings ADD COLUMN modification_timestamp TEXT;

-- A home page is found by its key; replication upserts by it.
CREATE UNIQUE INDEX listings_key ON listings (listing_key);

-- One checkpoint per feed (src/lib/mls/replicate.ts): where the last complete step ended, so a failed run
-- resumes there. `next_link` is the @odata.nextLink of a run in progress (server-driven paging);
-- `high_water` the greatest ModificationTimestamp stored so far. `last_updated` is the time the site's IDX
-- disclaimer shows ("Listings last updated …").
CREATE TABLE mls_feeds (
  feed TEXT PRIMARY KEY,
  high_water TEXT,
  next_link TEXT,
  run_started_at TEXT,
  last_updated TEXT,
  last_error TEXT,
  retry_after TEXT
) STRICT;
