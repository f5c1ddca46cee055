-- Phones as E.164 (issue 26, docs/decisions/064-phone-numbers.md). Contacts were stored as the digits of
-- the old digit-count rule (4045557788 with US, 01012345678 with KR) and landing leads as digits and hyphens
-- (949-555-0100); the product now stores +14045557788 and +821012345678. A row is converted only where its
-- digits say unambiguously what number they are; any other is left as it was, and the pages still show it
-- (src/lib/phone.ts reads legacy digits for the contact's region). Rows already starting with + are E.164
-- and match none of the patterns below, so running this again changes nothing. Every GLOB pattern stays
-- short: D1 refuses one longer than 50 bytes ("pattern too complex"), so lengths are checked by length().

-- Contacts of a +1 region (the old rule's North American Numbering Plan list), 10 digits with an area code
-- and an exchange from 2-9: +1 and the digits.
UPDATE realtor_contacts SET phone = '+1' || replace(phone, '-', '')
WHERE phone_country_code IN (
    'US', 'CA', 'AS', 'GU', 'MP', 'PR', 'VI', 'AG', 'AI', 'BB', 'BM', 'BS', 'DM', 'DO', 'GD', 'JM', 'KN', 'KY',
    'LC', 'MS', 'SX', 'TC', 'TT', 'VC', 'VG'
  )
  AND length(replace(phone, '-', '')) = 10
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND replace(phone, '-', '') GLOB '[2-9][0-9][0-9][2-9]*';

-- Korean numbers as written in Korea (the domestic 0, 9 to 11 digits): +82 without the 0.
UPDATE realtor_contacts SET phone = '+82' || substr(replace(phone, '-', ''), 2)
WHERE phone_country_code = 'KR'
  AND replace(phone, '-', '') GLOB '0[1-9]*'
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND length(replace(phone, '-', '')) BETWEEN 9 AND 11;

-- Japanese numbers as written in Japan (the domestic 0, 10 or 11 digits): +81 without the 0.
UPDATE realtor_contacts SET phone = '+81' || substr(replace(phone, '-', ''), 2)
WHERE phone_country_code = 'JP'
  AND replace(phone, '-', '') GLOB '0[1-9]*'
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND length(replace(phone, '-', '')) BETWEEN 10 AND 11;

-- Chinese numbers of 11 digits (the old rule's count): a mobile (1…) is +86 and the digits; a landline
-- written with its domestic 0 (010…) is +86 without the 0.
UPDATE realtor_contacts SET phone = '+86' || replace(phone, '-', '')
WHERE phone_country_code = 'CN'
  AND length(replace(phone, '-', '')) = 11
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND replace(phone, '-', '') GLOB '1[3-9]*';
UPDATE realtor_contacts SET phone = '+86' || substr(replace(phone, '-', ''), 2)
WHERE phone_country_code = 'CN'
  AND length(replace(phone, '-', '')) = 11
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND replace(phone, '-', '') GLOB '0[1-9]*';

-- Landing leads have no country: a US-shaped number (10 digits from 2-9, or the same after a 1) is +1; a
-- number with the domestic 0 is Korean (no +1 number starts with 0), +82 without the 0.
UPDATE leads SET phone = '+1' || replace(phone, '-', '')
WHERE length(replace(phone, '-', '')) = 10
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND replace(phone, '-', '') GLOB '[2-9][0-9][0-9][2-9]*';
UPDATE leads SET phone = '+' || replace(phone, '-', '')
WHERE length(replace(phone, '-', '')) = 11
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND replace(phone, '-', '') GLOB '1[2-9][0-9][0-9][2-9]*';
UPDATE leads SET phone = '+82' || substr(replace(phone, '-', ''), 2)
WHERE replace(phone, '-', '') GLOB '0[1-9]*'
  AND replace(phone, '-', '') NOT GLOB '*[^0-9]*'
  AND length(replace(phone, '-', '')) BETWEEN 9 AND 11;
