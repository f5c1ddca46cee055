-- Sample homes of the embedded listings API (/cozying-api, docs/product.md §7, §9; docs/decisions/032-listings.md).
-- `deal_type` is the search type (sale, rent, sold, rented); `agent_license` ties a deal to the realtor
-- whose licenseNumber and market GET /cozying-api/v1/agent asks for.
CREATE TABLE listings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  deal_type TEXT NOT NULL CHECK (deal_type IN ('sale', 'rent', 'sold', 'rented')),
  property_type TEXT NOT NULL,
  property_status TEXT NOT NULL,
  market TEXT NOT NULL CHECK (market IN ('crmls', 'fmls')),
  agent_license TEXT,
  state TEXT NOT NULL,
  county TEXT NOT NULL,
  city TEXT NOT NULL,
  address TEXT NOT NULL,
  zipcode TEXT NOT NULL,
  price INTEGER NOT NULL,
  beds INTEGER NOT NULL,
  baths REAL NOT NULL,
  sqft INTEGER NOT NULL,
  image_url TEXT,
  listed_at TEXT NOT NULL
);

CREATE INDEX listings_search ON listings (state, city, deal_type, property_type, property_status, listed_at);
CREATE INDEX listings_agent ON listings (agent_license, market, deal_type, listed_at);
