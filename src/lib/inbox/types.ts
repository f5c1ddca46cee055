// What the Inbox and the Leads view show (docs/decisions/049-inbox.md): one entry per contact or lead,
// with the state the realtor (or operator) gives it. Browser-safe: the inbox island imports these types.

import type { ContactKind, RequestDetails } from '../contacts/requests'

export const ENTRY_STATUSES = ['unread', 'read', 'archived'] as const
export type EntryStatus = (typeof ENTRY_STATUSES)[number]
/** The list filters: `inbox` (the default) is every entry not archived. */
export const STATUS_FILTERS = ['inbox', 'unread', 'read', 'archived', 'all'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]
export const MAX_NOTE = 2000

interface EntryState {
  id: number
  status: EntryStatus
  note: string
  readAt: string | null
  archivedAt: string | null
  locale: string
  createdAt: string
}

/** A visitor's message from a realtor's homepage (realtor_contacts). */
export interface ContactEntry extends EntryState {
  realtorId: number
  name: string
  lastName: string
  firstName: string
  email: string
  phone: string
  phoneCountryCode: string
  message: string
  /** The privacy consent was given (it is required, so always true for stored ones). */
  consent: boolean
  /** The path of the page the form was sent from, when the browser said. */
  page: string | null
  /** A message, a question about a home, a tour or a valuation request (docs/decisions/096-home-requests.md). */
  kind: ContactKind
  /** The home, tour choices or valuation the request carries; null for a message. */
  details: RequestDetails | null
}

/** A lead of the landing page (leads). */
export interface LeadEntry extends EntryState {
  name: string
  area: string
  phone: string
  hasSite: 'yes' | 'no'
  /** When a homepage was made from it by an invitation (docs/decisions/102-invitations.md); null before. */
  convertedAt: string | null
}

/** Where one channel's delivery stands: `pending` before its first attempt, `retrying` after a failed one. */
export type ChannelState = 'pending' | 'retrying' | 'delivered' | 'failed'

export interface ChannelStatus {
  destination: string
  state: ChannelState
  attempts: number
  deliveredAt: string | null
  nextAttemptAt: string | null
}

export interface EntryPage<T> {
  items: T[]
  /** The cursor of the next (older) page, null on the last. */
  next: string | null
  unread: number
}
