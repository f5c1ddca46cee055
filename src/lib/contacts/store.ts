// Contacts in D1: written first, then marked delivered (or not) by the webhook forwarder.
import type { Contact } from './schema'

export interface StoredContact extends Contact {
  id: number
  locale: string
  createdAt: string
}

export async function insertContact(db: D1Database, contact: Contact, locale: string): Promise<StoredContact> {
  const row = await db
    .prepare(
      `INSERT INTO realtor_contacts
        (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, created_at`,
    )
    .bind(
      contact.realtorId,
      contact.name,
      contact.lastName,
      contact.firstName,
      contact.email,
      contact.phone,
      contact.phoneCountryCode,
      contact.message,
      contact.isTerm,
      locale,
    )
    .first<{ id: number; created_at: string }>()
  if (!row) throw new Error('The contact was not stored')
  return { ...contact, id: row.id, locale, createdAt: row.created_at }
}

export async function markDelivery(db: D1Database, id: number, error: string | null): Promise<void> {
  await db
    .prepare(
      `UPDATE realtor_contacts SET delivery_attempts = delivery_attempts + 1,
         delivered_at = CASE WHEN ?2 IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE delivered_at END,
         last_error = ?2
       WHERE id = ?1`,
    )
    .bind(id, error)
    .run()
}

/** Contacts the webhook has not accepted yet, oldest first, that have not been tried too often. */
export async function undeliveredContacts(
  db: D1Database,
  limit: number,
  maxAttempts: number,
): Promise<StoredContact[]> {
  const { results } = await db
    .prepare(
      `SELECT id, realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term, locale, created_at
       FROM realtor_contacts WHERE delivered_at IS NULL AND delivery_attempts < ? ORDER BY id LIMIT ?`,
    )
    .bind(maxAttempts, limit)
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
    createdAt: String(row.created_at),
  }))
}
