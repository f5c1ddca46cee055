// A listing as the RESO Data Dictionary names it (the Property resource of a RESO Web API feed) and the
// one mapping from it to a `listings` row (migrations/0027_mls_listings.sql, docs/decisions/092-mls-listings.md).
// Replication (./replicate.ts) and the embedded MLS's seed (scripts/seed-mls.mjs) both write through
// `listingRowOf`, so the search columns the /cozying-api routes and the home search read are derived once.
import type { SearchType } from '../listings/markets'

/** The feeds this product replicates: California's CRMLS and Georgia's FMLS (docs/product.md §4, §9). */
export const MLS_FEEDS = ['crmls', 'fmls'] as const
export type MlsFeed = (typeof MLS_FEEDS)[number]

/** One Media record of a Property ($expand=Media), in the feed's order. */
export interface ResoMedia {
  MediaKey: string
  MediaURL: string
  Order?: number | null
  MediaCategory?: string | null
  ShortDescription?: string | null
  ImageWidth?: number | null
  ImageHeight?: number | null
  /** When the photo last changed: a Media at the same key and timestamp is not fetched again. */
  ModificationTimestamp?: string | null
}

/** The Property fields this product reads; any other field of the feed is ignored. */
export interface ResoProperty {
  ListingKey: string
  StandardStatus: string
  PropertyType: string
  PropertySubType?: string | null
  ListPrice?: number | null
  ClosePrice?: number | null
  CloseDate?: string | null
  BedroomsTotal?: number | null
  BathroomsTotalInteger?: number | null
  BathroomsHalf?: number | null
  LivingArea?: number | null
  LotSizeSquareFeet?: number | null
  YearBuilt?: number | null
  UnparsedAddress?: string | null
  StreetNumber?: string | null
  StreetName?: string | null
  StreetSuffix?: string | null
  UnitNumber?: string | null
  City?: string | null
  CountyOrParish?: string | null
  StateOrProvince?: string | null
  PostalCode?: string | null
  SubdivisionName?: string | null
  Latitude?: number | null
  Longitude?: number | null
  PublicRemarks?: string | null
  ListAgentMlsId?: string | null
  ListAgentStateLicense?: string | null
  ListOfficeName?: string | null
  OriginatingSystemName?: string | null
  ModificationTimestamp: string
  OnMarketDate?: string | null
  InternetEntireListingDisplayYN?: boolean | null
  Media?: ResoMedia[] | null
}

/**
 * A photo of a listing as stored: one R2 object (under `mls/`) per width it was kept at, narrowest first,
 * and the original's size (its aspect ratio). A page's `srcset` lists the sizes; a card takes the
 * narrowest at least CARD_PHOTO_WIDTH wide.
 */
export interface ListingPhoto {
  sizes: { key: string; width: number }[]
  width: number
  height: number
  alt?: string
}

/** The width a listing card's photo is chosen at (two cards across a 390 px phone at 2×, one at 1×). */
export const CARD_PHOTO_WIDTH = 480

/** The stored size of `photo` a card shows: the narrowest at least CARD_PHOTO_WIDTH wide, else the widest. */
export function cardPhotoKey(photo: ListingPhoto): string | undefined {
  return (photo.sizes.find((size) => size.width >= CARD_PHOTO_WIDTH) ?? photo.sizes.at(-1))?.key
}

/** The `listings` columns of one listing, by column name. */
export interface ListingRow {
  listing_key: string
  market: MlsFeed
  deal_type: SearchType
  property_type: string
  property_status: string
  standard_status: string
  state: string
  county: string
  city: string
  address: string
  zipcode: string
  subdivision: string | null
  price: number
  list_price: number | null
  close_price: number | null
  close_date: string | null
  beds: number
  baths: number
  sqft: number
  lot_size_sqft: number | null
  year_built: number | null
  property_sub_type: string | null
  latitude: number | null
  longitude: number | null
  public_remarks: string | null
  media: string
  image_url: string | null
  agent_license: string | null
  list_agent_mls_id: string | null
  list_office_name: string | null
  originating_system_name: string | null
  modification_timestamp: string
  listed_at: string
}

const CLOSED = new Set(['Closed'])
const PENDING = new Set(['Pending', 'Active Under Contract', 'ActiveUnderContract'])
const ACTIVE = new Set(['Active', 'Coming Soon', 'ComingSoon'])

/** PropertySubType as RESO spells it → this product's search slug (anything else: `other`). */
const SUB_TYPES: Record<string, string> = {
  'Single Family Residence': 'single_family',
  Condominium: 'condo',
  Townhouse: 'townhouse',
}

/**
 * Whether a Property may be shown on a realtor's site: marked for IDX display, and in a status a site shows
 * (Active, Coming Soon, Pending or Active Under Contract, Closed). Any other (Withdrawn, Expired, Canceled,
 * Hold, Delete, Incomplete) is removed from the table like a listing that left the feed.
 */
export function isDisplayable(property: Pick<ResoProperty, 'StandardStatus' | 'InternetEntireListingDisplayYN'>) {
  if (property.InternetEntireListingDisplayYN === false) return false
  const status = property.StandardStatus
  return CLOSED.has(status) || PENDING.has(status) || ACTIVE.has(status)
}

/** The deal a Property is: a lease or a sale, closed or not (the embedded API's search type). */
function dealTypeOf(property: ResoProperty): SearchType {
  const lease = /lease/i.test(property.PropertyType)
  const closed = CLOSED.has(property.StandardStatus)
  if (lease) return closed ? 'rented' : 'rent'
  return closed ? 'sold' : 'sale'
}

function propertyStatusOf(status: string): string {
  if (CLOSED.has(status)) return 'closed'
  if (PENDING.has(status)) return 'pending'
  return 'active'
}

function streetLineOf(property: ResoProperty): string {
  const unparsed = property.UnparsedAddress?.trim()
  if (unparsed) return unparsed
  const parts = [property.StreetNumber, property.StreetName, property.StreetSuffix].filter(Boolean).join(' ')
  return property.UnitNumber ? `${parts} #${property.UnitNumber}` : parts
}

const whole = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null

/**
 * The row of a displayable Property of `feed`, with its photos as stored (`photos`, in the feed's order),
 * or null when a required field is missing (no key, price, city or state): such a record is skipped, never
 * half-written.
 */
export function listingRowOf(
  feed: MlsFeed,
  property: ResoProperty,
  photos: readonly ListingPhoto[],
): ListingRow | null {
  const closed = CLOSED.has(property.StandardStatus)
  const listPrice = whole(property.ListPrice)
  const closePrice = whole(property.ClosePrice)
  const price = closed ? (closePrice ?? listPrice) : listPrice
  const city = property.City?.trim()
  const state = property.StateOrProvince?.trim().toUpperCase()
  if (!property.ListingKey || price === null || !city || !state) return null
  const halfBaths = whole(property.BathroomsHalf) ?? 0
  const card = photos[0] && cardPhotoKey(photos[0])
  return {
    listing_key: property.ListingKey,
    market: feed,
    deal_type: dealTypeOf(property),
    property_type: SUB_TYPES[property.PropertySubType ?? ''] ?? 'other',
    property_status: propertyStatusOf(property.StandardStatus),
    standard_status: property.StandardStatus,
    state,
    county: property.CountyOrParish?.trim() ?? '',
    city,
    address: streetLineOf(property),
    zipcode: property.PostalCode?.trim().slice(0, 5) ?? '',
    subdivision: property.SubdivisionName?.trim() || null,
    price,
    list_price: listPrice,
    close_price: closePrice,
    close_date: property.CloseDate ?? null,
    beds: whole(property.BedroomsTotal) ?? 0,
    baths: (whole(property.BathroomsTotalInteger) ?? 0) + (halfBaths > 0 ? 0.5 : 0),
    sqft: whole(property.LivingArea) ?? 0,
    lot_size_sqft: whole(property.LotSizeSquareFeet),
    year_built: whole(property.YearBuilt),
    property_sub_type: property.PropertySubType ?? null,
    latitude: property.Latitude ?? null,
    longitude: property.Longitude ?? null,
    public_remarks: property.PublicRemarks ?? null,
    media: JSON.stringify(photos),
    image_url: card ? photoUrl(card) : null,
    agent_license: property.ListAgentStateLicense?.trim() || null,
    list_agent_mls_id: property.ListAgentMlsId ?? null,
    list_office_name: property.ListOfficeName ?? null,
    originating_system_name: property.OriginatingSystemName ?? null,
    modification_timestamp: property.ModificationTimestamp,
    listed_at: property.OnMarketDate ?? property.ModificationTimestamp,
  }
}

/** Where a stored listing photo is served (the public photo route reads R2 by this path). */
export function photoUrl(key: string): string {
  return `/photos/${key}`
}

const ROW_COLUMNS = [
  'listing_key',
  'market',
  'deal_type',
  'property_type',
  'property_status',
  'standard_status',
  'state',
  'county',
  'city',
  'address',
  'zipcode',
  'subdivision',
  'price',
  'list_price',
  'close_price',
  'close_date',
  'beds',
  'baths',
  'sqft',
  'lot_size_sqft',
  'year_built',
  'property_sub_type',
  'latitude',
  'longitude',
  'public_remarks',
  'media',
  'image_url',
  'agent_license',
  'list_agent_mls_id',
  'list_office_name',
  'originating_system_name',
  'modification_timestamp',
  'listed_at',
] as const satisfies readonly (keyof ListingRow)[]

/**
 * The upsert of one row, by its key: a listing the feed changed keeps its `id` (and so every link to it).
 * A change older than what is stored (a replayed page) changes nothing.
 */
export const UPSERT_LISTING_SQL = `INSERT INTO listings (${ROW_COLUMNS.join(', ')}) VALUES (${ROW_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (listing_key) DO UPDATE SET ${ROW_COLUMNS.filter((c) => c !== 'listing_key')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}
  WHERE excluded.modification_timestamp >= listings.modification_timestamp`

/** The values of a row in UPSERT_LISTING_SQL's order. */
export function upsertValues(row: ListingRow): unknown[] {
  return ROW_COLUMNS.map((column) => row[column])
}

/** What these statements are prepared on: D1 (a worker, a test) or the seed's local platform proxy. */
interface Preparing<S> {
  prepare(sql: string): { bind(...values: unknown[]): S }
}

/** The statement that stores `row` (insert or update by ListingKey). */
export function upsertListing<S>(db: Preparing<S>, row: ListingRow): S {
  return db.prepare(UPSERT_LISTING_SQL).bind(...upsertValues(row))
}

/** The statement that removes a listing that left the feed or lost IDX permission. */
export function removeListing<S>(db: Preparing<S>, listingKey: string): S {
  return db.prepare('DELETE FROM listings WHERE listing_key = ?').bind(listingKey)
}
