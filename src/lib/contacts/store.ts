// Contacts in D1: written first, together with their deliveries (the operator's webhook, the realtor's own
// channels and devices), which the outbox then sends (src/lib/outbox, docs/decisions/024-outbox.md).

import { channelsOn } from '../notifications/settings'
import type { Destination } from '../outbox/config'
import { enqueue } from '../outbox/deliveries'
import { pushDestinationsOf } from '../push/devices'
import { joinName } from './fields'
import { type ContactKind, isContactKind, parseDetails, type RequestDetails } from './requests'
import type { Contact } from './schema'

/** A contact as stored: the form's fields, and what its kind carries as `details` (null for a message). */
export interface StoredContact extends Omit<Contact, 'listingKey' | 'tour' | 'valuation'> {
  kind: ContactKind
  details: RequestDetails | null
  id: number
  locale: string
  /** The path of the page the form was sent from (null if unknown). */
  page: string | null
  createdAt: string
}

/** Where every contact goes; the realtor's own channels are added (docs/decisions/050-notifications.md). */
const DESTINATIONS: readonly Destination[] = ['operator-webhook']

/**
 * Stores a contact and its deliveries in one batch (one round trip). `page`: the path of the homepage page
 * the form was sent from, shown in the inbox (null if unknown).
 */
/** A contact to store: the form's fields; its kind is a plain message's unless it says otherwise. */
export type NewContact = Omit<Contact, 'kind'> & { kind?: ContactKind }

export async function insertContact(
  db: D1Database,
  input: NewContact,
  locale: string,
  page: string | null = null,
  details: RequestDetails | null = null,
): Promise<StoredContact> {
  const { listingKey: _key, tour: _tour, valuation: _valuation, kind = 'contact', ...fields } = input
  const contact = { ...fields, kind }
  const name = contact.name || joinName(contact.lastName, contact.firstName, locale)
  const [inserted] = await db.batch<{ id: number; created_at: string }>([
    db
      .prepare(
        `INSERT INTO realtor_contacts
          (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale, page,
           kind, details)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`,
      )
      .bind(
        contact.realtorId,
        name,
        contact.lastName,
        contact.firstName,
        contact.email,
        contact.phone,
        contact.phoneCountryCode,
        contact.message,
        contact.isTerm,
        locale,
        page,
        contact.kind,
        details && JSON.stringify(details),
      ),
    // The channels on when the contact arrives get a delivery each (decision 050), and each push device
    // (065): chosen by the statement that stores them, so the contact costs one round trip (decision 069).
    enqueue(db, 'contact', DESTINATIONS, {
      select: `${channelsOn('?3')} UNION ALL ${pushDestinationsOf('?3')}`,
      values: [contact.realtorId],
    }),
  ])
  const row = inserted?.results[0]
  if (!row) throw new Error('The contact was not stored')
  return { ...contact, name, details, id: row.id, locale, page, createdAt: row.created_at }
}

/** The contacts of these ids, for the outbox's retries. */
export async function contactsById(db: D1Database, ids: number[]): Promise<StoredContact[]> {
  const { results } = await db
    .prepare(
      `SELECT id, realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale, page, kind, details, created_at
       FROM realtor_contacts WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(ids))
    .all<Record<string, string | number>>()
  return results.map((row) => ({
    id: Number(row.id),
    realtorId: Number(row.realtor_id),
    name: String(row.name),
    lastName: String(row.last_name),
    firstName: String(row.first_name),
    email: String(row.email),
    phone: String(row.phone),
    phoneCountryCode: row.phone_country_code as StoredContact['phoneCountryCode'],
    message: String(row.message),
    isTerm: row.is_term as StoredContact['isTerm'],
    locale: String(row.locale),
    page: row.page === null || row.page === undefined ? null : String(row.page),
    kind: isContactKind(row.kind) ? row.kind : 'contact',
    details: parseDetails(row.details),
    createdAt: String(row.created_at),
  }))
}
