// What search engines and link previews read of a home (issue 30): schema.org RealEstateListing with the
// residence and its Offer, and how a site's sitemap lists every home page of its MLS in files of bounded size.
import { SITEMAP_MAX_URLS } from '../home/seo'
import type { ListingDetail } from './home'
import { shownPrice } from './rules'

/** schema.org's residence type of a property type slug. */
const RESIDENCE: Record<string, string> = {
  single_family: 'SingleFamilyResidence',
  condo: 'Apartment',
  townhouse: 'House',
}

const AVAILABILITY: Record<string, string> = {
  active: 'https://schema.org/InStock',
  pending: 'https://schema.org/LimitedAvailability',
  closed: 'https://schema.org/SoldOut',
}

/** A home page's JSON-LD: only fields with values; a sold price only where the MLS allows it. */
export function listingJsonLd(home: ListingDetail, url: string, images: string[], description: string) {
  const price = shownPrice(home)
  const lease = home.dealType === 'rent' || home.dealType === 'rented'
  const residence = compact({
    '@type': RESIDENCE[home.propertyType] ?? 'Residence',
    address: {
      '@type': 'PostalAddress',
      streetAddress: home.address,
      addressLocality: home.city,
      addressRegion: home.state,
      postalCode: home.zipcode || undefined,
      addressCountry: 'US',
    },
    numberOfBedrooms: home.beds || undefined,
    numberOfBathroomsTotal: home.baths || undefined,
    floorSize: home.sqft ? { '@type': 'QuantitativeValue', value: home.sqft, unitCode: 'FTK' } : undefined,
    yearBuilt: home.yearBuilt ?? undefined,
    geo:
      home.latitude !== null && home.longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: home.latitude, longitude: home.longitude }
        : undefined,
  })
  return compact({
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: `${home.address}, ${home.city}, ${home.state} ${home.zipcode}`.trim(),
    description,
    url,
    image: images.length ? images : undefined,
    datePosted: home.listedAt.slice(0, 10),
    mainEntity: residence,
    offers: compact({
      '@type': 'Offer',
      price: price ?? undefined,
      priceCurrency: price === null ? undefined : 'USD',
      businessFunction: `http://purl.org/goodrelations/v1#${lease ? 'LeaseOut' : 'Sell'}`,
      availability: AVAILABILITY[home.propertyStatus],
      url,
    }),
  })
}

function compact(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ''))
}

/**
 * Listing ids one file of a site's home sitemap covers: each home is two URLs (Korean and English), so a
 * file stays within the protocol's 50,000 URLs whatever share of the ids is the site's MLS. A file is read
 * by its id range through an index (migrations/0029), so every file costs the same however many there are.
 */
export const SITEMAP_FILE_LISTINGS = Math.floor(SITEMAP_MAX_URLS / 2) - 1000

/** The listing keys of `feeds` with ids in (afterId, throughId], in id order. */
export async function listingKeysIn(
  db: D1Database,
  feeds: readonly string[],
  range: { afterId: number; throughId: number },
): Promise<string[]> {
  const statements = feeds.map((feed) =>
    db
      .prepare(
        'SELECT listing_key AS k FROM listings INDEXED BY listings_sitemap WHERE market = ? AND listing_key IS NOT NULL AND id > ? AND id <= ? ORDER BY id',
      )
      .bind(feed, range.afterId, range.throughId),
  )
  const results = await db.batch(statements)
  return results.flatMap((result) => (result.results as { k: string }[]).map((row) => row.k))
}

/** The greatest listing id (the extent of the sitemap's id ranges). */
export async function lastListingId(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT MAX(id) AS id FROM listings').first<{ id: number | null }>()
  return row?.id ?? 0
}
