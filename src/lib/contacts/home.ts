// What a request about a home attaches (docs/decisions/096-home-requests.md): the home as `listings` holds it
// when the request arrives, read by its ListingKey as the realtor's home page reads it (their MLS only), and
// the tour days checked on the realtor's clock. The form names the home by its key only; its address, price
// and page are ours, never what a visitor sent.

import { readListing } from '../mls/home'
import { siteFeeds } from '../mls/site'
import type { Realtor } from '../realtors/types'
import { type HomeSnapshot, type RequestDetails, tourDayProblem } from './requests'
import type { Contact } from './schema'

/**
 * The snapshot of the listing of this key, with its home page's path on the realtor's site; null if their
 * site shows no such home: none has the key, or it is another MLS's (a Georgia site never shows a CRMLS home).
 */
export async function homeSnapshot(
  db: D1Database,
  realtor: Pick<Realtor, 'activityRegion' | 'desiredUrl'>,
  listingKey: string,
): Promise<HomeSnapshot | null> {
  const home = await readListing(db, siteFeeds(realtor).feeds, listingKey)
  if (!home) return null
  return {
    listingKey: home.listingKey,
    address: home.address,
    city: home.city,
    state: home.state,
    zipcode: home.zipcode,
    price: home.price,
    url: `/${realtor.desiredUrl}/homes/${encodeURIComponent(home.listingKey)}`,
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
