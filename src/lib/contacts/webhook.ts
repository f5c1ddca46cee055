// Forwarding stored contacts to CONTACT_WEBHOOK_URL and the realtor's own channels through the outbox
// (src/lib/outbox): the first attempt runs after the request answered (ctx.waitUntil), the cron makes the
// retries, and the claim lets only one of them send a contact (docs/decisions/069-contacts-answer-after-one-batch.md).

import { notifyRealtor, type RealtorNotice, realtorNotice } from '../notifications/send'
import { isOperatorDestination, type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
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
  // The realtor's own email and webhook (docs/decisions/050-notifications.md), and each push device (065).
  sendOwn: (config, contact, delivery, headers, shared) =>
    pushSubscriptionIdOf(delivery.destination) === null
      ? shared().then((notice) => notifyRealtor(config, contact, delivery, headers, notice))
      : sendPush(config, contact, delivery),
  // The first of the realtor's own channels that gets through ticks the onboarding checklist's
  // "notifications reach you" (063): noted after the delivery is marked, so the note never holds the mark up.
  async delivered(config, contact, delivery) {
    if (!isOperatorDestination(delivery.destination)) await markNotified(config.db, contact.realtorId)
  },
}

/** The first attempt at a stored contact: true once every destination took it, else the rest waits for the cron. */
export async function forwardContact(config: OutboxConfig, contact: StoredContact): Promise<boolean> {
  return deliveredEverywhere(await deliverMessage(config, contactMessages, contact))
}
