// Sending a new contact to one of a realtor's push devices (docs/decisions/065-web-push.md): the outbox's
// sendOwn for `realtor-push:{id}` deliveries. The payload is encrypted for that browser alone (RFC 8291),
// signed with our VAPID keys (RFC 8292) and posted to its push service (RFC 8030) within the outbox's
// deadline. A device the push service no longer knows (404, 410) is removed and its delivery dropped.
import { describeRequest } from '../contacts/describe'
import { intlFor } from '../i18n'
import type { Locale } from '../locale'
import { buyerInboxLink, buyerSubject, type NotifiedBuyerEvent } from '../notifications/buyer-message'
import { inboxLink, type NotifiedContact } from '../notifications/message'
import { webhookUrlProblem } from '../notifications/ssrf'
import { type OutboxConfig, pushSubscriptionIdOf } from '../outbox/config'
import type { Delivery } from '../outbox/deliveries'
import { fetchUpstream } from '../upstream'
import { findDeviceTarget, removeDevice } from './devices'
import { encryptPush } from './encrypt'
import { vapidAuthorization } from './vapid'

/** What the service worker (public/push-sw.js) shows: the notification and the page a tap opens. */
export interface PushPayload {
  title: string
  body: string
  url: string
  /** One notification per contact: a resend replaces it instead of stacking a second. */
  tag: string
}

/** How much of the visitor's message the notification shows. */
const BODY_LENGTH = 120
/** A contact older than a day is read in the inbox, not pushed: push services drop it after this. */
const PUSH_TTL_S = 24 * 60 * 60

function excerpt(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim()
  const chars = [...flat]
  return chars.length <= BODY_LENGTH
    ? flat
    : `${chars
        .slice(0, BODY_LENGTH - 1)
        .join('')
        .trimEnd()}…`
}

export function pushPayload(contact: NotifiedContact, link: string, locale: Locale): PushPayload {
  const intl = intlFor(locale)
  // A request's headline is the title ("Tour request: 123 Main St, Johns Creek — Sat 11/28 morning, in person").
  const { headline } = describeRequest(contact.kind ?? 'contact', contact.details ?? null, locale)
  return {
    title: headline ?? intl.formatMessage({ id: 'builder.push.message.title' }, { name: contact.name }),
    body: headline
      ? excerpt(contact.message ? `${contact.name}: ${contact.message}` : contact.name)
      : excerpt(contact.message),
    url: link,
    tag: `contact-${contact.id}`,
  }
}

/** A buyer's sign-up or saved search as a push (issue 32, decision 109): one notification per event. */
export function buyerPushPayload(event: NotifiedBuyerEvent, link: string, locale: Locale): PushPayload {
  const intl = intlFor(locale)
  return {
    title: buyerSubject(event, locale),
    body: excerpt(intl.formatMessage({ id: 'notify.buyer.push.body' })),
    url: link,
    tag: `buyer-event-${event.id}`,
  }
}

/** One push to one device; throws a short reason of our own when the push service did not take it. */
export async function sendPush(
  config: OutboxConfig,
  contact: NotifiedContact & { realtorId: number },
  delivery: Delivery,
): Promise<'gone' | undefined> {
  return pushToDevice(config, contact.realtorId, delivery, (device) =>
    pushPayload(
      contact,
      inboxLink(config.publicOrigin ?? '', device.desiredUrl, contact.id, device.locale),
      device.locale,
    ),
  )
}

/** A buyer event's push to one of the realtor's devices, sent as a contact's is. */
export async function sendBuyerEventPush(
  config: OutboxConfig,
  event: NotifiedBuyerEvent,
  delivery: Delivery,
): Promise<'gone' | undefined> {
  return pushToDevice(config, event.realtorId, delivery, (device) =>
    buyerPushPayload(
      event,
      buyerInboxLink(config.publicOrigin ?? '', device.desiredUrl, event.buyerId, device.locale),
      device.locale,
    ),
  )
}

/** The device of a push delivery gets the payload made for its language and homepage. */
async function pushToDevice(
  config: OutboxConfig,
  realtorId: number,
  delivery: Delivery,
  payloadOf: (device: { desiredUrl: string; locale: Locale }) => PushPayload,
): Promise<'gone' | undefined> {
  const id = pushSubscriptionIdOf(delivery.destination)
  const device = id === null ? null : await findDeviceTarget(config.db, id)
  // Removed since the message arrived (or moved to another realtor): nothing to send it to.
  if (!device || device.realtorId !== realtorId) return 'gone'
  if (!config.vapid) throw new Error('push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)')
  // Checked again at send time, like a webhook: an endpoint saved under other rules is not called.
  const problem = webhookUrlProblem(device.endpoint, config.production ?? true)
  if (problem) throw new Error(`the push endpoint is refused (${problem})`)
  if (!device.desiredUrl) throw new Error('the realtor is not in this database')
  const plaintext = new TextEncoder().encode(
    JSON.stringify(payloadOf({ desiredUrl: device.desiredUrl, locale: device.locale })),
  )
  const body = await encryptPush(plaintext, device)
  const request = new Request(device.endpoint, {
    method: 'POST',
    headers: {
      Authorization: await vapidAuthorization(config.vapid, device.endpoint),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      TTL: String(PUSH_TTL_S),
      Urgency: 'high',
    },
    body,
  })
  const response = await fetchUpstream(config.fetch, request, config.timeoutMs, 'discard')
  if (response.status === 404 || response.status === 410) {
    await removeDevice(config.db, device.realtorId, device.id)
    return 'gone'
  }
  // 429 and 5xx are the push service's trouble, other 4xx our keys' or request's: all are retried with
  // backoff, and listed for the operator once failed after a day.
  if (!response.ok) throw new Error(`the push service answered ${response.status}`)
  return undefined
}
