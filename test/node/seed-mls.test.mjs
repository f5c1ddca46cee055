// The embedded MLS (scripts/seed-mls.mjs, docs/decisions/095-embedded-mls.md): the committed seed is what the
// generator writes; its listings are RESO Properties a site may show, in every §9 city and Korean-American hub
// of both markets; every demo realtor has deals of each kind in their own areas; Jane Kim's buyer story
// (Johns Creek, 3+ beds, $600k–$1.2M) has more than a page of homes; and every photo a row names is one the
// seed stores.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { MLS_PHOTO_WIDTHS, MLS_PHOTOS, mlsPhotoKey, mlsPhotoPngs } from '../../scripts/mls-photos.mjs'
import { AS_OF, demoRealtors, generateMls, SEED_FILE, seedSql } from '../../scripts/seed-mls.mjs'
import { splitSql } from '../../scripts/sql.mjs'
import { COUNTIES } from '../../src/lib/listings/markets.ts'
import { isDisplayable, listingRowOf } from '../../src/lib/mls/record.ts'

const listings = generateMls()
const properties = listings.map((listing) => listing.property)
const DAY = 86_400_000
const sale = (p) => p.PropertyType === 'Residential'
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1]

test('the committed seed is what the generator writes, and the generator writes the same every time', () => {
  const sql = seedSql(listings)
  assert.equal(seedSql(generateMls()), sql)
  assert.ok(readFileSync(SEED_FILE, 'utf8') === sql, 'seed/0004_listings.sql is stale: run node scripts/seed-mls.mjs')
  const statements = splitSql(sql)
  // The inserts, 40 rows each, then the statement that clears the alert queue the rows filled (decision 108).
  assert.equal(statements.length, Math.ceil(listings.length / 40) + 1)
  assert.match(statements.at(-1), /^(--[^\n]*\n)*DELETE FROM listing_changes /)
  for (const statement of statements) assert.ok(Buffer.byteLength(statement) < 100_000, 'within D1’s statement limit')
  assert.ok(Buffer.byteLength(sql) < 6 * 1024 * 1024)
})

test('a few thousand listings a site may show, each with a row, a unique key and address, and 4 to 8 photos', () => {
  assert.ok(listings.length >= 3000 && listings.length <= 4000, `${listings.length} listings`)
  assert.equal(new Set(properties.map((p) => p.ListingKey)).size, listings.length)
  const addresses = properties.map(
    (p) => `${p.StreetNumber} ${p.StreetName} ${p.StreetSuffix} ${p.UnitNumber}, ${p.City}`,
  )
  assert.equal(new Set(addresses).size, listings.length)
  const asOf = Date.parse(AS_OF)
  for (const { feed, property: p, pictures } of listings) {
    assert.ok(isDisplayable(p) && p.InternetEntireListingDisplayYN === true, p.ListingKey)
    assert.equal(p.OriginatingSystemName, feed.toUpperCase())
    assert.match(p.ListingKey, feed === 'crmls' ? /^(OC|SR|SB|PW)26\d{6}$/ : /^7\d{6}$/)
    const onMarket = Date.parse(p.OnMarketDate)
    const modified = Date.parse(p.ModificationTimestamp)
    assert.ok(onMarket >= asOf - 120 * DAY && onMarket < asOf, `${p.ListingKey} on the market ${p.OnMarketDate}`)
    assert.ok(modified >= onMarket && modified < asOf, `${p.ListingKey} modified ${p.ModificationTimestamp}`)
    if (p.StandardStatus === 'Closed') {
      assert.ok(p.ClosePrice > 0 && Date.parse(p.CloseDate) > onMarket && Date.parse(p.CloseDate) < asOf, p.ListingKey)
    } else assert.equal(p.ClosePrice, null)
    assert.ok(p.Media.length >= 4 && p.Media.length <= 8 && p.Media.length === pictures.length)
    assert.deepEqual(
      p.Media.map((m) => m.Order),
      p.Media.map((_, i) => i + 1),
    )
    assert.equal(pictures[0].kind, 'front', 'a listing opens on the outside of the home')
    assert.ok(p.BedroomsTotal >= 1 && p.BedroomsTotal <= 6 && p.LivingArea > 300 && p.YearBuilt >= 1900)
    assert.ok(p.PublicRemarks.length > 60 && /\.$/.test(p.PublicRemarks))
    assert.ok(p.Latitude && p.Longitude && p.ListAgentStateLicense && p.ListAgentMlsId && p.ListOfficeName)
  }
  const statuses = new Set(properties.map((p) => `${p.PropertyType}/${p.StandardStatus}`))
  for (const kind of ['Residential/Active', 'Residential/Pending', 'Residential/Active Under Contract'])
    assert.ok(statuses.has(kind))
  for (const kind of ['Residential/Closed', 'Residential Lease/Active', 'Residential Lease/Closed'])
    assert.ok(statuses.has(kind))
  const subTypes = new Set(properties.map((p) => p.PropertySubType))
  assert.deepEqual([...subTypes].sort(), ['Condominium', 'Single Family Residence', 'Townhouse'])
})

test('both markets: every §9 city and every Korean-American hub has homes, Georgia’s cheaper', () => {
  const cities = (state) => new Set(properties.filter((p) => p.StateOrProvince === state).map((p) => p.City))
  for (const { state, county, cities: names } of COUNTIES)
    for (const city of names) {
      const homes = properties.filter((p) => p.City === city && p.StateOrProvince === state)
      assert.ok(homes.length >= 40, `${city}: ${homes.length}`)
      assert.ok(homes.every((p) => p.CountyOrParish === county))
    }
  for (const city of ['Fullerton', 'Buena Park', 'Torrance', 'Garden Grove', 'Cerritos', 'La Palma'])
    assert.ok(cities('CA').has(city), city)
  for (const city of ['Duluth', 'Lawrenceville', 'Norcross', 'Buford', 'Sugar Hill'])
    assert.ok(cities('GA').has(city), city)
  const koreatown = properties.filter((p) => p.SubdivisionName === 'Koreatown')
  assert.ok(koreatown.length >= 50 && koreatown.every((p) => p.City === 'Los Angeles'))
  assert.deepEqual([...new Set(koreatown.map((p) => p.PostalCode))].sort(), ['90005', '90006', '90010', '90020'])
  const georgia = properties.filter((p) => p.StateOrProvince === 'GA')
  assert.deepEqual([...new Set(georgia.map((p) => p.CountyOrParish))].sort(), ['Forsyth', 'Fulton', 'Gwinnett'])
  assert.ok(listings.every(({ feed, property: p }) => (p.StateOrProvince === 'CA') === (feed === 'crmls')))
  const salePrice = (state) =>
    median(properties.filter((p) => p.StateOrProvince === state && sale(p)).map((p) => p.ListPrice))
  assert.ok(salePrice('GA') < salePrice('CA') / 1.5)
  const rent = properties.filter((p) => !sale(p)).map((p) => p.ListPrice)
  assert.ok(Math.max(...rent) < 40_000 && Math.min(...properties.filter(sale).map((p) => p.ListPrice)) > 100_000)
})

test('every demo realtor lists homes of each deal type in their own areas, under their license', () => {
  const realtors = demoRealtors()
  assert.equal(realtors.length, 10)
  for (const realtor of realtors) {
    const own = listings.filter(({ property }) => property.ListAgentStateLicense === realtor.license)
    const areas = new Set(realtor.regions.map((region) => `${region.city}, ${region.state}`))
    for (const { feed, property: p, pictures } of own) {
      assert.ok(areas.has(`${p.City}, ${p.StateOrProvince}`), `${realtor.desiredUrl}: ${p.City}`)
      assert.equal(feed, realtor.regions[0].state === 'CA' ? 'crmls' : 'fmls')
      const row = listingRowOf(feed, p, [])
      assert.equal(row.agent_license, realtor.license)
      assert.ok(pictures.length)
    }
    const deals = new Set(own.map(({ feed, property }) => listingRowOf(feed, property, []).deal_type))
    assert.deepEqual([...deals].sort(), ['rent', 'rented', 'sale', 'sold'], realtor.desiredUrl)
  }
})

test('Jane Kim’s buyer finds more than a page of Johns Creek homes with 3+ beds at $600k–$1.2M', () => {
  const matches = properties.filter(
    (p) =>
      p.City === 'Johns Creek' &&
      sale(p) &&
      p.StandardStatus === 'Active' &&
      p.BedroomsTotal >= 3 &&
      p.ListPrice >= 600_000 &&
      p.ListPrice <= 1_200_000,
  )
  assert.ok(matches.length > 48, `${matches.length} homes`)
  assert.ok(matches.filter((p) => p.ListAgentStateLicense === 'GA #358812').length >= 5)
})

test('every photo a listing names is one the seed stores, at each width, as the PNG it says', () => {
  const stored = new Set(MLS_PHOTOS.flatMap((photo) => MLS_PHOTO_WIDTHS.map((width) => mlsPhotoKey(photo.name, width))))
  const named = new Set()
  const sql = readFileSync(SEED_FILE, 'utf8')
  for (const [, key] of sql.matchAll(/"key":"([^"]+)"/g)) named.add(key)
  for (const [, key] of sql.matchAll(/'\/photos\/(mls\/[^']+)'/g)) named.add(key)
  assert.ok(named.size > 40)
  for (const key of named) assert.ok(stored.has(key), key)
  for (const kind of new Set(MLS_PHOTOS.map((photo) => photo.kind))) {
    const photo = MLS_PHOTOS.find((each) => each.kind === kind)
    for (const [width, bytes] of mlsPhotoPngs(photo)) {
      assert.equal(bytes.toString('latin1', 1, 4), 'PNG')
      assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [width, Math.round((width * 2) / 3)])
    }
  }
})
