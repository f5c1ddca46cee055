// The kinds of request a visitor sends a realtor (docs/decisions/096-home-requests.md): the contact form's
// message, a question about a home, a tour request, a home valuation request. Browser-safe, without zod:
// the request islands import these to draw their choices; src/lib/contacts/schema.ts validates with them.

export const CONTACT_KINDS = ['contact', 'question', 'tour', 'valuation'] as const
export type ContactKind = (typeof CONTACT_KINDS)[number]

/** In person at the home, or a video call walking through it. */
export const TOUR_MODES = ['in_person', 'video'] as const
export type TourMode = (typeof TOUR_MODES)[number]

/** The parts of a day a visitor may prefer: morning 9–12, afternoon 12–5, evening 5–8 (the realtor's clock). */
export const TOUR_WINDOWS = ['morning', 'afternoon', 'evening'] as const
export type TourWindow = (typeof TOUR_WINDOWS)[number]

/** How many day + time choices a tour request carries at most, and how far ahead a day may be. */
export const MAX_TOUR_SLOTS = 3
export const TOUR_DAYS_AHEAD = 60

/** When the owner thinks of selling. */
export const SELL_TIMELINES = ['asap', '1_3_months', '3_6_months', '6_plus_months', 'just_curious'] as const
export type SellTimeline = (typeof SELL_TIMELINES)[number]

/** A home as the request saw it, taken from `listings` when the request arrived (the server's, never the form's). */
export interface HomeSnapshot {
  listingKey: string
  address: string
  city: string
  state: string
  zipcode: string
  price: number
  /** The home page's path on the provider: /{desiredUrl}/homes/{ListingKey}. */
  url: string
}

export interface TourSlot {
  /** A day (YYYY-MM-DD) on the realtor's clock. */
  date: string
  window: TourWindow
}

export interface TourChoice {
  mode: TourMode
  slots: TourSlot[]
}

export interface ValuationDetails {
  address: string
  beds: number
  baths: number
  timeline: SellTimeline
}

/** What a request carries besides the contact's own fields (realtor_contacts.details). */
export interface RequestDetails {
  home?: HomeSnapshot
  tour?: TourChoice
  valuation?: ValuationDetails
}

export const isContactKind = (value: unknown): value is ContactKind =>
  (CONTACT_KINDS as readonly unknown[]).includes(value)

/** Kinds about one home of the MLS: they name its ListingKey. */
export const isHomeKind = (kind: ContactKind) => kind === 'question' || kind === 'tour'

/**
 * A tour day's place in the window a visitor may choose: 'past' before `today`, 'far' more than
 * TOUR_DAYS_AHEAD days after it, else null. Both are YYYY-MM-DD days of the realtor's clock.
 */
export function tourDayProblem(date: string, today: string): 'past' | 'far' | null {
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000
  if (days < 0) return 'past'
  return days > TOUR_DAYS_AHEAD ? 'far' : null
}

/** A stored `details` column read back: the object it holds, or null for none (or one that is not JSON). */
export function parseDetails(value: unknown): RequestDetails | null {
  if (typeof value !== 'string' || !value) return null
  try {
    const parsed: unknown = JSON.parse(value)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as RequestDetails) : null
  } catch {
    return null
  }
}
