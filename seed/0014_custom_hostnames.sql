-- The demo homepages that have their own domain keep it: an active, simulated custom hostname each
-- (docs/decisions/053-custom-domains.md), so their domain serves and their canonical URLs stay there.
INSERT OR IGNORE INTO custom_hostnames (realtor_id, hostname, simulated, status, ssl_status, records, checked_at, activated_at)
  SELECT id, homepage_host, 1, 'active', 'active',
    json_array(json_object('type', 'CNAME', 'name', homepage_host, 'value', 'customers.realtor.example.com', 'purpose', 'traffic')),
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM realtors WHERE homepage_host IS NOT NULL;
