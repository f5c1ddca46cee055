// Forwarding stored contacts to CONTACT_WEBHOOK_URL through the outbox (src/lib/outbox): the request makes
// the first attempt, the cron the retries, and the claim lets only one of them send a contact.
import type { OutboxConfig } from '../outbox/config'
import { deliverMessage, type Messages, retryDue } from '../outbox/deliver'
import type { FetchLike } from '../upstream'
import { contactsById, type StoredContact } from './store'

export const contactMessages: Messages<StoredContact> = {
  topic: 'contact',
  load: contactsById,
  body: (contact) => ({ type: 'realtor_contact', contact }),
}

/** The request's attempt: true once the webhook took the contact, else it waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  const outcomes = await deliverMessage(config, contactMessages, contact)
  return outcomes.length > 0 && outcomes.every((outcome) => outcome === 'delivered')
}

/** The cron's pass over contacts alone, to one webhook (retryOutbox runs it with every other topic's). */
export async function retryUndeliveredContacts(
  db: D1Database,
  fetch: FetchLike,
  webhookUrl: string,
  timeoutMs: number,
): Promise<number> {
  const config = { db, fetch, timeoutMs, webhooks: { 'operator-webhook': webhookUrl } }
  return (await retryDue(config, contactMessages)).delivered
}
