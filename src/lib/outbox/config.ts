// The outbox's settings from the worker's environment: one reading for the request and the cron alike.
import { type FetchLike, upstreamTimeout } from '../upstream'

/** Where a message goes, by role; the address is looked up when it is sent, so a rotated secret applies. */
export type Destination = 'operator-slack' | 'operator-webhook'

/** The environment fields the outbox reads (the worker's Bindings have them; src/lib does not import env.ts). */
export interface OutboxEnv {
  DB: D1Database
  SLACK_WEBHOOK_URL?: string
  CONTACT_WEBHOOK_URL?: string
  UPSTREAM_TIMEOUT_MS?: string
}

export interface OutboxConfig {
  db: D1Database
  fetch: FetchLike
  /** Deadline of one attempt, in milliseconds. */
  timeoutMs: number
  /** Each destination's webhook; one without a URL keeps its deliveries pending until it gets one. */
  webhooks: Partial<Record<Destination, string>>
  /** The time, in milliseconds (tests move it forward). */
  now?: () => number
}

export function outboxConfig(env: OutboxEnv, fetch: FetchLike): OutboxConfig {
  return {
    db: env.DB,
    fetch,
    timeoutMs: upstreamTimeout(env.UPSTREAM_TIMEOUT_MS),
    webhooks: { 'operator-slack': env.SLACK_WEBHOOK_URL, 'operator-webhook': env.CONTACT_WEBHOOK_URL },
  }
}

/** The destinations that can be sent to now. */
export function configuredDestinations(config: OutboxConfig): Destination[] {
  return (Object.keys(config.webhooks) as Destination[]).filter((destination) => config.webhooks[destination])
}
