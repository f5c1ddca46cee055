// Forwarding stored contacts to CONTACT_WEBHOOK_URL and the realtor's own channels through the outbox
// (src/lib/outbox): the first attempt runs after the request answered (ctx.waitUntil), the cron makes the
// retries, and the claim lets only one of them send a contact (docs/decisions/069-contacts-answer-after-one-batch.md).

import { notifyRealtor, type RealtorNotice, realtorNotice } from '../notifications/send'
import { type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages } from '../outbox/deliver'
import { sendPush } from '../push/send'
import { markNotified } from '../realtors/own-settings'
import { contactsById, type StoredContact } from './store'

export const contactMessages: Messages<StoredContact, RealtorNotice> = {
  topic: 'contact',
  load: contactsById,
  body: (contact) => ({ type: 'realtor_contact', contact }),
  // The realtor's settings, homepage and clock: read once per contact, whatever number of channels are on.
  shared: (config, contact) => realtorNotice(config.db, contact.realtorId),
  // The realtor's own email and webhook (docs/decisions/050-notifications.md), and each push device (065);
  // the first one that gets through ticks the onboarding checklist's "notifications reach you" (063).
  async sendOwn(config, contact, delivery, headers, shared) {
    const outcome =
      pushSubscriptionIdOf(delivery.destination) === null
        ? await notifyRealtor(config, contact, delivery, headers, await shared())
        : await sendPush(config, contact, delivery)
    // Sent is sent: a failed note must not make the outbox send the contact again.
    if (outcome !== 'gone') {
      await markNotified(config.db, contact.realtorId).catch((error) => console.warn('[notify] not noted:', error))
    }
    return outcome
  },
}

/** The first attempt at a stored contact: true once every destination took it, else the rest waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  return deliveredEverywhere(await deliverMessage(config, contactMessages, contact))
}
