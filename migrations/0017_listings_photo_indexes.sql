-- The listings API's pages of homes with a photo (isImageNull=N, its default: issue 20, docs/decisions/062-listings-photo-indexes.md).
-- Each index of migration 0015 (and 0004's listings_search) again, holding only the homes with a photo: a
-- count or a page of photo homes then reads index entries alone — `image_url IS NOT NULL` is what the
-- index holds, not a column to fetch from each home's row — so the capped total costs 1,000 index entries
-- instead of 1,000 rows scattered through a million, and OFFSET skips entries without reading their rows.
CREATE INDEX listings_city_photo ON listings (state, city, deal_type, listed_at) WHERE image_url IS NOT NULL;
CREATE INDEX listings_type_photo ON listings (state, city, deal_type, property_type, listed_at)
  WHERE image_url IS NOT NULL;
CREATE INDEX listings_status_photo ON listings (state, city, deal_type, property_status, listed_at)
  WHERE image_url IS NOT NULL;
CREATE INDEX listings_search_photo ON listings (state, city, deal_type, property_type, property_status, listed_at)
  WHERE image_url IS NOT NULL;
CREATE INDEX listings_county_photo ON listings (state, county, city, deal_type, listed_at) WHERE image_url IS NOT NULL;
