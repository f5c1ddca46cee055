// Forwards a stored contact to CONTACT_WEBHOOK_URL with a deadline; the outcome is returned, never thrown.
import { type FetchLike, fetchUpstream } from '../upstream'
import { markDelivery, type StoredContact, undeliveredContacts } from './store'

/** Posts the contact as JSON; null on a 2xx answer, else a short reason for the contact's record. */
export async function forwardContact(
  fetchImpl: FetchLike,
  webhookUrl: string,
  contact: StoredContact,
  timeoutMs: number,
): Promise<string | null> {
  const request = new Request(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'realtor_contact', contact }),
  })
  try {
    const response = await fetchUpstream(fetchImpl, request, timeoutMs)
    await response.body?.cancel()
    return response.ok ? null : `webhook answered ${response.status}`
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'webhook failed'
  }
}

export const RETRY_BATCH = 20
export const MAX_DELIVERY_ATTEMPTS = 10

/** The cron trigger's pass: forwards undelivered contacts again; returns how many got through. */
export async function retryUndeliveredContacts(
  db: D1Database,
  fetchImpl: FetchLike,
  webhookUrl: string,
  timeoutMs: number,
): Promise<number> {
  let delivered = 0
  for (const contact of await undeliveredContacts(db, RETRY_BATCH, MAX_DELIVERY_ATTEMPTS)) {
    const error = await forwardContact(fetchImpl, webhookUrl, contact, timeoutMs)
    await markDelivery(db, contact.id, error)
    if (error === null) delivered++
  }
  return delivered
}
