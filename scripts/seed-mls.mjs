// The embedded MLS (docs/decisions/095-embedded-mls.md): a generated CRMLS and FMLS of a few thousand listings
// in the docs/product.md §9 cities and the Korean-American hubs (./mls-places.mjs), the demo realtors' own
// among them, as RESO Property records with Media. Each becomes its `listings` row through the one mapping a
// replicated feed goes through (src/lib/mls/record.ts's listingRowOf), written as seed/0004_listings.sql,
// which `npm start`, the browser tests and the vitest files that load it all apply. Deterministic: a seeded
// generator and a fixed "as of" date, so the committed file is what this script writes (test/node/seed-mls).
// Usage: node scripts/seed-mls.mjs [--check]   (--check: fail when the committed file is not what it writes)
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { isDisplayable, listingRowOf } from '../src/lib/mls/record.ts'
import { MLS_PHOTOS, mlsListingPhoto } from './mls-photos.mjs'
import { DEMO_OFFICES, OFFICES, PLACES, STREETS, SUFFIXES } from './mls-places.mjs'
import { remarksOf } from './mls-remarks.mjs'
import { hash } from './seed-images.mjs'
import { splitSql } from './sql.mjs'

const root = path.resolve(import.meta.dirname, '..')
export const SEED_FILE = path.join(root, 'seed/0004_listings.sql')

/** The day the generated market is as of: every listing came on the market in the 120 days before it. */
export const AS_OF = '2026-11-01T00:00:00.000Z'
const AS_OF_MS = Date.parse(AS_OF)
const DAY = 86_400_000
const HOUR = 3_600_000
const ORIGINATING_SYSTEM = { crmls: 'CRMLS', fmls: 'FMLS' }
/** RESO PropertySubType by the weights of a place's `mix`. */
const SUB_TYPES = ['Single Family Residence', 'Condominium', 'Townhouse']

/** A generator seeded by a text (mulberry32 on its FNV-1a hash): the same text, the same numbers. */
export function randomOf(text) {
  let a = hash(text)
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1))
  return {
    next,
    int,
    between: (lo, hi) => lo + next() * (hi - lo),
    pick: (list) => list[Math.floor(next() * list.length)],
    /** An index of `weights`, each as likely as its weight. */
    weighted(weights) {
      let at = next() * weights.reduce((sum, w) => sum + w, 0)
      for (const [i, w] of weights.entries()) {
        at -= w
        if (at < 0) return i
      }
      return weights.length - 1
    },
  }
}

const dateOf = (ms) => new Date(ms).toISOString().slice(0, 10)
const timestampOf = (ms) => new Date(ms).toISOString()

/** The demo realtors of seed/0001_realtors.sql: their homepage, license number and activity regions. */
export function demoRealtors() {
  const sql = readFileSync(path.join(root, 'seed/0001_realtors.sql'), 'utf8')
  return splitSql(sql).flatMap((statement) => {
    const match =
      /^INSERT OR IGNORE INTO realtors .*?VALUES\s*\(\d+, \d+, '([^']+)', (?:NULL|'[^']*'), '(.*)'\)$/s.exec(statement)
    if (!match) return []
    const profile = JSON.parse(match[2].replaceAll("''", "'"))
    return [{ desiredUrl: match[1], license: profile.licenseNumber, regions: profile.activityRegion }]
  })
}

/** The MLS member id an agent's listings carry (ListAgentMlsId), from their license number. */
const mlsIdOf = (feed, license) => `${feed === 'crmls' ? 'P' : 'F'}${license.replace(/\D/g, '')}`

/** The market's agents: four at each office, with licenses none of the demo realtors holds. */
function agentsOf(feed, taken) {
  const r = randomOf(`agents/${feed}`)
  return OFFICES[feed].flatMap((office) =>
    Array.from({ length: 4 }, () => {
      let license
      do license = feed === 'crmls' ? `DRE #0${r.int(1_700_000, 2_299_999)}` : `GA #${r.int(300_000, 439_999)}`
      while (taken.has(license))
      taken.add(license)
      return { license, office }
    }),
  )
}

/** A price as listed: whole thousands (five above a million), sometimes just under (…,900 or …,999). */
function listPriceOf(r, value) {
  const step = value >= 1_000_000 ? 5000 : 1000
  const round = Math.max(step, Math.round(value / step) * step)
  const ending = r.next()
  return ending < 0.6 ? round : ending < 0.85 ? round - 100 : round - 1
}

const photosByKind = (kind) => MLS_PHOTOS.filter((photo) => photo.kind === kind)
const FRONTS = photosByKind('front')
const INSIDE_ORDER = ['living', 'kitchen', 'bedroom', 'backyard']

/** 4 to 8 pictures (most listings 4 to 6): a front first, then rooms in a house tour's order. */
function picturesOf(r) {
  const count = 4 + r.weighted([3, 3, 2, 1, 1])
  const inside = INSIDE_ORDER.flatMap(photosByKind)
  const chosen = new Set()
  while (chosen.size < count - 1) chosen.add(r.pick(inside))
  const rest = [...chosen].sort((a, b) => INSIDE_ORDER.indexOf(a.kind) - INSIDE_ORDER.indexOf(b.kind))
  return [r.pick(FRONTS), ...rest]
}

/** A listing's dates for its status, in ms: [OnMarketDate, ModificationTimestamp, CloseDate or null], all before AS_OF. */
function timelineOf(r, status) {
  if (status === 'Closed') {
    const on = AS_OF_MS - r.int(30, 120) * DAY
    const close = Math.min(on + r.int(21, 75) * DAY, AS_OF_MS - DAY)
    return [on, close + r.int(9, 20) * HOUR, close]
  }
  if (status === 'Active') {
    const ago = r.int(1, 120)
    const on = AS_OF_MS - ago * DAY
    return [on, on + r.int(0, ago - 1) * DAY + r.int(8, 22) * HOUR + r.int(0, 3599) * 1000, null]
  }
  const ago = r.int(12, 120)
  const on = AS_OF_MS - ago * DAY
  return [on, on + r.int(5, Math.min(45, ago - 1)) * DAY + r.int(8, 22) * HOUR, null]
}

/** A StandardStatus for a sale or a lease, in the proportions a market shows. */
function statusOf(r, lease) {
  const x = r.next()
  if (lease) return x < 0.62 ? 'Active' : x < 0.67 ? 'Pending' : 'Closed'
  return x < 0.64 ? 'Active' : x < 0.71 ? 'Active Under Contract' : x < 0.8 ? 'Pending' : 'Closed'
}

/** The weights of each number of bedrooms (the index), by PropertySubType (SUB_TYPES' index). */
const BEDS = { 0: [0, 0, 4, 28, 36, 22, 10], 1: [0, 25, 50, 25], 2: [0, 0, 30, 50, 20] }

/**
 * One Property in `place` at `hood` (a neighbourhood, its ZIP possibly the realtor's region's), with what is
 * not given chosen by `r`: `given` may fix the deal (`lease`, `status`), the `sub` type (SUB_TYPES' index) and
 * the `beds`; `agent` ({ license, office }) lists it.
 */
function propertyOf(r, place, hood, key, agent, given = {}) {
  const lease = given.lease ?? r.next() < place.lease
  const status = given.status ?? statusOf(r, lease)
  const sub = given.sub ?? r.weighted(place.mix)
  const beds = given.beds ?? r.weighted(BEDS[sub])
  const half = r.next() < (sub === 1 ? 0.1 : 0.55) ? 1 : 0
  const full =
    sub === 0
      ? Math.min(6, Math.max(2, beds - 1 + (r.next() < 0.5 ? 1 : 0)))
      : sub === 1
        ? beds === 1
          ? 1
          : 2
        : beds >= 3 && r.next() < 0.4
          ? 3
          : 2
  const area = Math.round(([550, 420, 520][sub] + beds * [430, 360, 390][sub]) * place.size * r.between(0.88, 1.15))
  const built = sub === 0 ? place.built : [Math.max(place.built[0], sub === 1 ? 1962 : 1975), place.built[1]]
  const value = area * place.perSqft * [1, 0.92, 0.95][sub] * r.between(0.86, 1.16)
  const rent = place.state === 'CA' ? 0.0036 : 0.0048
  const listPrice = lease ? Math.round((value * rent) / 50) * 50 : listPriceOf(r, value)
  const [on, modified, close] = timelineOf(r, status)
  const street = hood.streets ? r.pick(hood.streets) : `${r.pick(STREETS[place.state])} ${r.pick(SUFFIXES)}`
  const pictures = picturesOf(r)
  const property = {
    ListingKey: key,
    StandardStatus: status,
    PropertyType: lease ? 'Residential Lease' : 'Residential',
    PropertySubType: SUB_TYPES[sub],
    ListPrice: listPrice,
    ClosePrice:
      status === 'Closed'
        ? lease
          ? listPrice - (r.next() < 0.3 ? 50 : 0)
          : Math.round((listPrice * r.between(0.95, 1.05)) / 500) * 500
        : null,
    CloseDate: close === null ? null : dateOf(close),
    BedroomsTotal: beds,
    BathroomsTotalInteger: full,
    BathroomsHalf: half,
    LivingArea: area,
    LotSizeSquareFeet: sub === 1 ? null : Math.round((sub === 0 ? r.int(...place.lot) : r.int(1200, 3200)) / 10) * 10,
    YearBuilt: r.int(...built),
    StreetNumber: String(r.int(100, hood.streets ? 3999 : place.state === 'CA' ? 29999 : 9999)),
    StreetName: street.slice(0, street.lastIndexOf(' ')),
    StreetSuffix: street.slice(street.lastIndexOf(' ') + 1),
    UnitNumber: sub === 1 ? String(r.int(1, 9) * 100 + r.int(1, 24)) : null,
    City: place.city,
    CountyOrParish: place.county,
    StateOrProvince: place.state,
    PostalCode: hood.zip,
    SubdivisionName: hood.name,
    Latitude: Number((hood.lat + r.between(-0.008, 0.008) + r.between(-0.004, 0.004)).toFixed(6)),
    Longitude: Number((hood.lon + r.between(-0.008, 0.008) + r.between(-0.004, 0.004)).toFixed(6)),
    PublicRemarks: null,
    ListAgentMlsId: mlsIdOf(place.feed, agent.license),
    ListAgentStateLicense: agent.license,
    ListOfficeName: agent.office,
    OriginatingSystemName: ORIGINATING_SYSTEM[place.feed],
    ModificationTimestamp: timestampOf(modified),
    OnMarketDate: dateOf(on),
    InternetEntireListingDisplayYN: true,
    Media: pictures.map((photo, i) => ({
      MediaKey: `${key}-${i + 1}`,
      MediaURL: `https://media.embedded-mls.example/${photo.name}.png`,
      Order: i + 1,
      MediaCategory: 'Photo',
      ShortDescription: photo.alt,
      ImageWidth: 960,
      ImageHeight: 640,
    })),
  }
  property.PublicRemarks = remarksOf(r, property, place)
  return { feed: place.feed, property, pictures }
}

/** The place of a city, and its neighbourhood of a name (any place's of that name for a region elsewhere). */
function placeOf(state, city) {
  const place = PLACES.find((p) => p.state === state && p.city === city)
  if (!place) throw new Error(`no place for ${city}, ${state} in scripts/mls-places.mjs`)
  return place
}
function hoodOf(place, region) {
  const named = (p) => p.neighbourhoods.find((hood) => hood.name === region.neighborhood)
  const hood = named(place) ?? PLACES.map(named).find(Boolean) ?? place.neighbourhoods[0]
  return { ...hood, zip: region.zipcode || hood.zip }
}

/**
 * The demo realtors' own deals, in their activity regions (each region in turn): three homes for sale and one
 * pending, two for rent, three sold and two rented — and Jane Kim (the issue's buyer story: Johns Creek,
 * 3+ beds, $600k–$1.2M) six more for sale in Johns Creek.
 */
const OWN_DEALS = [
  ...Array(3).fill({ lease: false, status: 'Active' }),
  { lease: false, status: 'Pending' },
  ...Array(2).fill({ lease: true, status: 'Active' }),
  ...Array(3).fill({ lease: false, status: 'Closed' }),
  ...Array(2).fill({ lease: true, status: 'Closed' }),
]

/** Every Property of the embedded MLS, in row order: the demo realtors' deals, then each place's market. */
export function generateMls() {
  const realtors = demoRealtors()
  const taken = new Set(realtors.map((realtor) => realtor.license))
  const agents = { crmls: agentsOf('crmls', taken), fmls: agentsOf('fmls', taken) }
  const keys = new Set()
  const addresses = new Set()
  const listings = []
  /** A key as each feed spells its ListingIds (CRMLS: area prefix, year, number; FMLS: seven digits). */
  const keyOf = (r, place) => {
    let key
    do
      key = place.feed === 'crmls' ? `${place.prefix}26${r.int(100_000, 999_999)}` : String(r.int(7_100_000, 7_699_999))
    while (keys.has(key))
    keys.add(key)
    return key
  }
  /** A new listing, drawn again until its address is new and `accept` takes it. */
  const add = (r, place, hood, agent, given, accept = () => true) => {
    for (;;) {
      const listing = propertyOf(r, place, hood, keyOf(r, place), agent, given)
      const { property: p } = listing
      const address = `${p.StreetNumber} ${p.StreetName} ${p.StreetSuffix} ${p.UnitNumber ?? ''}, ${p.City}`
      if (addresses.has(address) || !accept(p)) continue
      addresses.add(address)
      listings.push(listing)
      return
    }
  }
  for (const realtor of realtors) {
    const r = randomOf(`realtor/${realtor.desiredUrl}`)
    const agent = { license: realtor.license, office: DEMO_OFFICES[realtor.desiredUrl] ?? 'Independent Realty' }
    for (const [i, given] of OWN_DEALS.entries()) {
      const region = realtor.regions[i % realtor.regions.length]
      const place = placeOf(region.state, region.city)
      add(r, place, hoodOf(place, region), agent, given)
    }
    if (realtor.desiredUrl !== 'janekim') continue
    const place = placeOf('GA', 'Johns Creek')
    const region = realtor.regions.find((each) => each.city === 'Johns Creek')
    const buyable = (p) => p.ListPrice >= 600_000 && p.ListPrice <= 1_200_000
    for (let i = 0; i < 6; i++) {
      const given = { lease: false, status: 'Active', sub: 0, beds: r.int(3, 5) }
      add(r, place, hoodOf(place, region), agent, given, buyable)
    }
  }
  for (const place of PLACES) {
    const r = randomOf(`place/${place.state}/${place.city}`)
    for (let i = 0; i < place.listings; i++) {
      const hood = r.pick(place.neighbourhoods)
      add(r, place, hood, r.pick(agents[place.feed]))
    }
  }
  return listings
}

/** A SQL literal of a row value. */
function literal(value) {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') return String(value)
  return `'${String(value).replaceAll("'", "''")}'`
}

/** Rows per INSERT: each statement stays well under D1's 100 KB statement limit. */
const ROWS_PER_STATEMENT = 40

/** The seed file of `listings`: each one's row through listingRowOf, numbered from 1 in order. */
export function seedSql(listings) {
  const rows = listings.map(({ feed, property, pictures }) => {
    if (!isDisplayable(property)) throw new Error(`${property.ListingKey} is not displayable`)
    const row = listingRowOf(feed, property, pictures.map(mlsListingPhoto))
    if (!row) throw new Error(`${property.ListingKey} maps to no row`)
    return row
  })
  const columns = ['id', ...Object.keys(rows[0])].join(', ')
  const statements = []
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(at, at + ROWS_PER_STATEMENT)
      .map((row, i) => `  (${[at + i + 1, ...Object.values(row)].map(literal).join(', ')})`)
    statements.push(`INSERT OR REPLACE INTO listings (${columns}) VALUES\n${values.join(',\n')};\n`)
  }
  const markets = Object.entries(Object.groupBy(rows, (row) => row.market))
    .map(([market, of]) => `${of.length} ${market.toUpperCase()}`)
    .join(' and ')
  return `-- The embedded MLS (docs/decisions/095-embedded-mls.md): ${markets} listings in the §9 cities and the
-- Korean-American hubs as of ${AS_OF.slice(0, 10)}, the demo realtors' deals among them (ListAgentStateLicense is their
-- license number), each row written from a generated RESO Property by src/lib/mls/record.ts's listingRowOf; the
-- photos are scripts/mls-photos.mjs's, which scripts/seed.mjs stores in local R2. Written by
-- scripts/seed-mls.mjs: do not edit, run \`node scripts/seed-mls.mjs\`. By id and listing_key: reseeding replaces.
${statements.join('')}
-- These listings are the market as it stands, not homes new on it: the alert matcher's queue keeps none of the
-- changes their rows wrote (migrations/0034_buyers.sql's triggers), so no saved search is mailed them.
DELETE FROM listing_changes WHERE listing_key IN (SELECT listing_key FROM listings WHERE id BETWEEN 1 AND ${rows.length});
`
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } })
  const started = Date.now()
  const sql = seedSql(generateMls())
  const relative = path.relative(root, SEED_FILE)
  if (values.check) {
    if (readFileSync(SEED_FILE, 'utf8') !== sql) {
      console.error(`✗ ${relative} is not what scripts/seed-mls.mjs writes: run node scripts/seed-mls.mjs`)
      process.exit(1)
    }
    console.log(`✓ ${relative} is current`)
  } else {
    writeFileSync(SEED_FILE, sql)
    const size = (Buffer.byteLength(sql) / 1024 / 1024).toFixed(1)
    console.log(`→ wrote ${relative} (${size} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}
