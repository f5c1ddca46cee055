// Sending a notification to a realtor's own channel (docs/decisions/050-notifications.md): the outbox's
// deliveries of a contact and the settings page's test both come here, so a passing test means the real
// notifications get through the same way.

import { parseHttpUrl } from '../html'
import { localizedPath } from '../locale'
import type { OutboxConfig } from '../outbox/config'
import type { Delivery } from '../outbox/deliveries'
import { postJson } from '../outbox/webhook'
import { type RealtorClock, realtorClock } from '../realtors/own-settings'
import { buyerInboxLink, buyerNotificationOf, type NotifiedBuyerEvent } from './buyer-message'
import { inboxLink, mimeMessage, type Notification, type NotifiedContact, notificationOf, slackBody } from './message'
import {
  type EffectiveSettings,
  findNotificationSettings,
  type NotificationSettingsInput,
  type RealtorDestination,
} from './settings'
import { webhookUrlProblem } from './ssrf'

/**
 * One notification to one channel; throws a short reason of our own when it was not taken. `key` names
 * the message for the receiver: the delivery's Idempotency-Key, and the email's Message-ID.
 */
export async function sendNotification(
  config: OutboxConfig,
  destination: RealtorDestination,
  settings: NotificationSettingsInput,
  notification: Notification,
  key: string,
): Promise<void> {
  if (destination === 'realtor-email') {
    if (!settings.email) throw new Error('no email address is set')
    if (!config.sendEmail || !config.fromEmail)
      throw new Error('email is not configured (SEND_EMAIL, NOTIFY_FROM_EMAIL)')
    const domain = config.fromEmail.slice(config.fromEmail.lastIndexOf('@') + 1)
    const header = { from: config.fromEmail, to: settings.email, messageId: `${key}@${domain}`, date: new Date() }
    await config.sendEmail(config.fromEmail, settings.email, mimeMessage(header, notification))
    return
  }
  if (!settings.webhookUrl) throw new Error('no webhook URL is set')
  // Checked again at send time: a URL saved under other rules (or another environment) is not called.
  const problem = webhookUrlProblem(settings.webhookUrl, config.production ?? true)
  if (problem) throw new Error(`the webhook URL is refused (${problem})`)
  await postJson(config, settings.webhookUrl, slackBody(notification), { 'Idempotency-Key': key })
}

/** The homepage's address on the provider, and the origin of its own domain when it has one. */
async function homepageOf(db: D1Database, realtorId: number) {
  return db
    .prepare(`SELECT desired_url, json_extract(profile, '$.hompageUrl') AS own FROM realtors WHERE id = ?`)
    .bind(realtorId)
    .first<{ desired_url: string; own: string | null }>()
}

/**
 * The origin the page a contact came from is on: the provider's for a path under the homepage's address
 * (`/{desiredUrl}…`, `/en/{desiredUrl}…`), else the homepage's own domain; none when neither fits.
 */
function pageOriginOf(page: string | null | undefined, desiredUrl: string, own: string | null, publicOrigin: string) {
  if (!page) return undefined
  const onProvider = new RegExp(`^(/en)?/${desiredUrl.replace(/[^\w-]/g, '')}(/|$)`, 'i')
  if (onProvider.test(page)) return publicOrigin || undefined
  return ownOrigin(own)
}

/** The realtor's own domain as an origin, however it is stored (with or without its scheme). */
function ownOrigin(own: string | null): string | undefined {
  if (!own) return undefined
  return parseHttpUrl(/^https?:\/\//i.test(own) ? own : `https://${own}`)?.origin
}

/** What a realtor's notifications of one contact read: the settings in force, the homepage, the clock. */
export interface RealtorNotice {
  settings: EffectiveSettings | null
  homepage: { desired_url: string; own: string | null } | null
  clock: RealtorClock
}

/** A realtor's notice, read once per contact for all their channels (the outbox's `shared`, decision 069). */
export async function realtorNotice(db: D1Database, realtorId: number): Promise<RealtorNotice> {
  const [settings, homepage, clock] = await Promise.all([
    findNotificationSettings(db, realtorId),
    homepageOf(db, realtorId),
    realtorClock(db, realtorId),
  ])
  return { settings, homepage, clock }
}

/** The outbox's send for a contact's realtor-email and realtor-webhook deliveries: settings as read for this contact. */
export async function notifyRealtor(
  config: OutboxConfig,
  contact: NotifiedContact & { realtorId: number },
  delivery: Delivery,
  headers: Record<string, string>,
  notice: RealtorNotice,
): Promise<void> {
  await sendNotice(config, delivery, headers, notice, (origin, homepage, locale, timeZone) =>
    notificationOf(contact, inboxLink(origin, homepage.desired_url, contact.id, locale), locale, {
      timeZone,
      pageOrigin: pageOriginOf(contact.page, homepage.desired_url, homepage.own, origin),
    }),
  )
}

/**
 * The search page of the realtor's site, where a saved search's query string belongs: their own domain when
 * they have one, else the provider's `/{desiredUrl}`; none without either origin.
 */
function homesUrlOf(homepage: { desired_url: string; own: string | null }, publicOrigin: string, locale: 'ko' | 'en') {
  const own = ownOrigin(homepage.own)
  const origin = own ?? parseHttpUrl(publicOrigin)?.origin
  if (!origin) return undefined
  return `${origin}${localizedPath(locale, `${own ? '' : `/${homepage.desired_url}`}/homes`)}`
}

/**
 * The outbox's send for a buyer event's realtor-email and realtor-webhook deliveries (issue 32, decision 109):
 * the same channels, settings and sender as a contact's, the buyer's page in the inbox as the link.
 */
export async function notifyRealtorOfBuyer(
  config: OutboxConfig,
  event: NotifiedBuyerEvent,
  delivery: Delivery,
  headers: Record<string, string>,
  notice: RealtorNotice,
): Promise<void> {
  await sendNotice(config, delivery, headers, notice, (origin, homepage, locale, timeZone) =>
    buyerNotificationOf(event, buyerInboxLink(origin, homepage.desired_url, event.buyerId, locale), locale, {
      timeZone,
      homesUrl: homesUrlOf(homepage, origin, locale),
    }),
  )
}

/**
 * One notice to a realtor-email or realtor-webhook delivery, whatever it tells of: the settings in force
 * (missing ones are a failed attempt the outbox retries), the notice composed in the realtor's language and
 * clock, one idempotency key per delivery.
 */
async function sendNotice(
  config: OutboxConfig,
  delivery: Delivery,
  headers: Record<string, string>,
  { settings, homepage, clock }: RealtorNotice,
  compose: (
    origin: string,
    homepage: NonNullable<RealtorNotice['homepage']>,
    locale: EffectiveSettings['locale'],
    timeZone: RealtorClock['timeZone'],
  ) => Notification,
): Promise<void> {
  if (!settings) throw new Error('the realtor has no notification settings')
  if (!homepage) throw new Error('the realtor is not in this database')
  const notification = compose(config.publicOrigin ?? '', homepage, settings.locale, clock.timeZone)
  const key = headers['Idempotency-Key'] ?? `delivery-${delivery.id}`
  await sendNotification(config, delivery.destination as RealtorDestination, settings, notification, key)
}
