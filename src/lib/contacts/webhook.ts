// Forwarding stored contacts to CONTACT_WEBHOOK_URL and the realtor's own channels through the outbox (src/lib/outbox): the request makes
// the first attempt, the cron the retries, and the claim lets only one of them send a contact.

import { notifyRealtor } from '../notifications/send'
import { type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages } from '../outbox/deliver'
import { sendPush } from '../push/send'
import { markNotified } from '../realtors/own-settings'
import { contactsById, type StoredContact } from './store'

export const contactMessages: Messages<StoredContact> = {
  topic: 'contact',
  load: contactsById,
  body: (contact) => ({ type: 'realtor_contact', contact }),
  // The realtor's own email and webhook (docs/decisions/050-notifications.md), and each push device (065);
  // the first one that gets through ticks the onboarding checklist's "notifications reach you" (063).
  async sendOwn(config, contact, delivery, headers) {
    const outcome =
      pushSubscriptionIdOf(delivery.destination) === null
        ? await notifyRealtor(config, contact, delivery, headers)
        : await sendPush(config, contact, delivery)
    // Sent is sent: a failed note must not make the outbox send the contact again.
    if (outcome !== 'gone') {
      await markNotified(config.db, contact.realtorId).catch((error) => console.warn('[notify] not noted:', error))
    }
    return outcome
  },
}

/** The request's attempt: true once the webhook took the contact, else it waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  return deliveredEverywhere(await deliverMessage(config, contactMessages, contact))
}
