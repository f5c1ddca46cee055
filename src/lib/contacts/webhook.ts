// Forwarding stored contacts to CONTACT_WEBHOOK_URL and the realtor's own channels through the outbox (src/lib/outbox): the request makes
// the first attempt, the cron the retries, and the claim lets only one of them send a contact.

import { notifyRealtor } from '../notifications/send'
import { type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages } from '../outbox/deliver'
import { sendPush } from '../push/send'
import { contactsById, type StoredContact } from './store'

export const contactMessages: Messages<StoredContact> = {
  topic: 'contact',
  load: contactsById,
  body: (contact) => ({ type: 'realtor_contact', contact }),
  // The realtor's own email and webhook (docs/decisions/050-notifications.md), and each push device (065).
  sendOwn: (config, contact, delivery, headers) =>
    pushSubscriptionIdOf(delivery.destination) === null
      ? notifyRealtor(config, contact, delivery, headers)
      : sendPush(config, contact, delivery),
}

/** The request's attempt: true once the webhook took the contact, else it waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  return deliveredEverywhere(await deliverMessage(config, contactMessages, contact))
}
