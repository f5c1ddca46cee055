// Forwarding stored contacts to CONTACT_WEBHOOK_URL through the outbox (src/lib/outbox): the request makes
// the first attempt, the cron the retries, and the claim lets only one of them send a contact.
import type { OutboxConfig } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages } from '../outbox/deliver'
import { contactsById, type StoredContact } from './store'

export const contactMessages: Messages<StoredContact> = {
  topic: 'contact',
  load: contactsById,
  body: (contact) => ({ type: 'realtor_contact', contact }),
}

/** The request's attempt: true once the webhook took the contact, else it waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  return deliveredEverywhere(await deliverMessage(config, contactMessages, contact))
}
