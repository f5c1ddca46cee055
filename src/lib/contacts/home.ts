// What a request about a home attaches (docs/decisions/096-home-requests.md): the home as `listings` holds it
// when the request arrives, read by its ListingKey, and the tour days checked on the realtor's clock. The
// form names the home by its key only; its address, price and page are ours, never what a visitor sent.

import { type HomeSnapshot, type RequestDetails, tourDayProblem } from './requests'
import type { Contact } from './schema'

/** The snapshot of the listing of this key, with its home page's path on the realtor's site; null if none. */
export async function homeSnapshot(
  db: D1Database,
  listingKey: string,
  desiredUrl: string,
): Promise<HomeSnapshot | null> {
  const row = await db
    .prepare('SELECT listing_key, address, city, state, zipcode, price FROM listings WHERE listing_key = ?')
    .bind(listingKey)
    .first<{ listing_key: string; address: string; city: string; state: string; zipcode: string; price: number }>()
  if (!row) return null
  return {
    listingKey: row.listing_key,
    address: row.address,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    price: row.price,
    url: `/${desiredUrl}/homes/${encodeURIComponent(row.listing_key)}`,
  }
}

/** The tour days out of range on `today` (the realtor's day), as field paths with their message key. */
export function tourDayIssues(
  contact: Contact,
  today: string,
): { path: string; key: 'tour_day_past' | 'tour_day_far' }[] {
  return (contact.tour?.slots ?? []).flatMap((slot, index) => {
    const problem = tourDayProblem(slot.date, today)
    return problem ? [{ path: `tour.slots.${index}.date`, key: `tour_day_${problem}` as const }] : []
  })
}

/** The details a request of this kind stores: its home, its tour choices, its valuation; null for a message. */
export function detailsOfRequest(contact: Contact, home: HomeSnapshot | null): RequestDetails | null {
  if (contact.kind === 'contact') return null
  return {
    ...(home ? { home } : {}),
    ...(contact.tour ? { tour: contact.tour } : {}),
    ...(contact.valuation ? { valuation: contact.valuation } : {}),
  }
}
