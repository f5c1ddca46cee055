// The outbox's settings from the worker's environment: one reading for the request and the cron alike.
import { REALTOR_DESTINATIONS, type RealtorDestination } from '../notifications/settings'
import { productionRules } from '../notifications/ssrf'
import { type VapidEnv, type VapidKeys, vapidKeys } from '../push/vapid'
import { type FetchLike, upstreamTimeout } from '../upstream'
import { type EmailSend, emailSender } from './email'

/** The operator's destinations: one address each, from the environment. */
export type OperatorDestination = 'operator-slack' | 'operator-webhook'
export type { RealtorDestination }

/** A buyer's own address (an alert of their saved search, docs/decisions/108-listing-alerts.md): looked up when sent. */
export type BuyerDestination = 'buyer-email'

/** One of a realtor's push devices (push_subscriptions.id): a destination per device (docs/decisions/065-web-push.md). */
export type PushDestination = `realtor-push:${number}`

/** Where a message goes, by role (a realtor's own: docs/decisions/050-notifications.md); the address is looked up when it is sent, so a changed one applies. */
export type Destination = OperatorDestination | RealtorDestination | PushDestination | BuyerDestination

/** What a destination is: its name, or for a family of them (`realtor-push:{id}`) the family's. */
export type DestinationKind = OperatorDestination | RealtorDestination | 'realtor-push' | BuyerDestination

/**
 * The kind of a destination: the part before a colon. The one rule, here and in the claimable query's
 * SQL (src/lib/outbox/deliveries.ts), and what the inbox names a delivery by.
 */
export const destinationKind = (destination: string): string => destination.split(':')[0] ?? destination

export const pushDestination = (subscriptionId: number): PushDestination => `realtor-push:${subscriptionId}`

/** The device of a push destination; null for any other destination. */
export function pushSubscriptionIdOf(destination: string): number | null {
  const match = /^realtor-push:(\d{1,15})$/.exec(destination)
  return match ? Number(match[1]) : null
}

export const isOperatorDestination = (destination: Destination): destination is OperatorDestination =>
  destination === 'operator-slack' || destination === 'operator-webhook'

/** The environment fields the outbox reads (the worker's Bindings have them; src/lib does not import env.ts). */
export interface OutboxEnv extends VapidEnv {
  DB: D1Database
  SLACK_WEBHOOK_URL?: string
  CONTACT_WEBHOOK_URL?: string
  UPSTREAM_TIMEOUT_MS?: string
  SEND_EMAIL?: SendEmail
  NOTIFY_FROM_EMAIL?: string
  PUBLIC_ORIGIN?: string
  ENVIRONMENT?: string
  SESSION_SECRET?: string
}

export interface OutboxConfig {
  db: D1Database
  fetch: FetchLike
  /** Deadline of one attempt, in milliseconds. */
  timeoutMs: number
  /** Each operator destination's webhook; one without a URL keeps its deliveries pending until it gets one. */
  webhooks: Partial<Record<OperatorDestination, string>>
  /** Sends a raw email (the send_email binding); none: email deliveries wait and retry. */
  sendEmail?: EmailSend
  /** The sender address of realtors' notification emails. */
  fromEmail?: string
  /** The provider's origin, for links to the inbox. */
  publicOrigin?: string
  /** Production rules for realtors' webhook URLs (https, no private hosts): anywhere but local runs. */
  production?: boolean
  /** The keys pushes are signed with (docs/decisions/065-web-push.md); none: push deliveries wait and retry. */
  vapid?: VapidKeys | null
  /** The time, in milliseconds (tests move it forward). */
  now?: () => number
  /** The worker's secret, signing the links of buyers' alert mails (unsubscribe, open pixel); none: they wait. */
  signingSecret?: string | null
}

export function outboxConfig(env: OutboxEnv, fetch: FetchLike): OutboxConfig {
  return {
    db: env.DB,
    fetch,
    timeoutMs: upstreamTimeout(env.UPSTREAM_TIMEOUT_MS),
    webhooks: { 'operator-slack': env.SLACK_WEBHOOK_URL, 'operator-webhook': env.CONTACT_WEBHOOK_URL },
    sendEmail: emailSender(env.SEND_EMAIL),
    fromEmail: env.NOTIFY_FROM_EMAIL,
    publicOrigin: env.PUBLIC_ORIGIN,
    production: productionRules(env.ENVIRONMENT),
    vapid: vapidKeys(env),
    signingSecret: env.SESSION_SECRET || null,
  }
}

/**
 * The kinds of destination that can be sent to now: the operator's with an address, and the realtors'
 * (whose address is each realtor's, looked up per delivery; a realtor's row exists only for a channel
 * they set), push devices included, and buyers' own addresses (alerts).
 */
export function configuredDestinations(config: OutboxConfig): DestinationKind[] {
  const operator = (Object.keys(config.webhooks) as OperatorDestination[]).filter(
    (destination) => config.webhooks[destination],
  )
  return [...operator, ...REALTOR_DESTINATIONS, 'realtor-push', 'buyer-email']
}
