// Claim → send → mark: how the request's first attempt and the cron both deliver a stored message.
import { configuredDestinations, type Destination, isOperatorDestination, type OutboxConfig } from './config'
import { claim, claimable, type Delivery, discard, markDelivered, release, type Topic } from './deliveries'
import { clockAt, nextAttemptAt } from './retry'
import { sendingThrough } from './sending'
import { postJson } from './webhook'

/** What a topic tells the outbox about its messages; `S`: what its own destinations share (see `shared`). */
export interface Messages<M extends { id: number }, S = undefined> {
  topic: Topic
  /** The stored messages of these ids (one deleted since is simply not there). */
  load(db: D1Database, ids: number[]): Promise<M[]>
  /** The JSON a destination gets for a message. */
  body(message: M, destination: Destination): unknown
  /**
   * What every own destination of a message reads (a contact's realtor: notification settings, homepage,
   * clock): read once per message and attempt pass, when the first delivery that needs it asks, not once
   * per channel (docs/decisions/069-contacts-answer-after-one-batch.md).
   */
  shared?(config: OutboxConfig, message: M): Promise<S>
  /**
   * Sends to a destination whose address is not the operator's (a realtor's email, webhook or push device),
   * looked up now; throws a short reason when it cannot, and the delivery is retried like a failed post.
   * 'gone': the destination no longer exists (a push device removed or expired), and the delivery is dropped.
   */
  sendOwn?(
    config: OutboxConfig,
    message: M,
    delivery: Delivery,
    headers: Record<string, string>,
    /** The message's shared part (read on the first call, then the same answer). */
    shared: () => Promise<S>,
    // biome-ignore lint/suspicious/noConfusingVoidType: a sender that simply sends returns nothing; 'gone' is the one report
  ): Promise<void | 'gone'>
  /**
   * What follows a delivery its destination took, once it is marked delivered (never before: the mark comes
   * first, so nothing widens the window in which a crash re-sends it). Its failure is logged, not retried.
   */
  delivered?(config: OutboxConfig, message: M, delivery: Delivery): Promise<void>
}

/** pending: another attempt will come (or another sender has it now); failed: given up after a day, kept. */
export type Outcome = 'delivered' | 'pending' | 'failed'

/** Deliveries the cron takes per topic and run: bounded work per invocation. */
export const RETRY_BATCH = 25

/** The most deliveries one message has: one per operator and realtor channel, one per push device (≤ 20). */
const DELIVERIES_PER_MESSAGE = 32

/** A pass's reader of each message's shared part: at most once per message, however many deliveries ask. */
function sharedOnce<M extends { id: number }, S>(config: OutboxConfig, messages: Messages<M, S>) {
  const read = new Map<number, Promise<S>>()
  return (message: M) => () => {
    let shared = read.get(message.id)
    if (!shared) {
      shared = messages.shared ? messages.shared(config, message) : Promise.resolve(undefined as S)
      read.set(message.id, shared)
    }
    return shared
  }
}

/** One attempt at one delivery, if this caller wins its claim. Database errors are thrown, not counted. */
export async function deliver<M extends { id: number }, S>(
  config: OutboxConfig,
  messages: Messages<M, S>,
  delivery: Delivery,
  message: M,
  shared: () => Promise<S> = sharedOnce(config, messages)(message),
): Promise<Outcome> {
  const url = isOperatorDestination(delivery.destination) ? config.webhooks[delivery.destination] : undefined
  if (isOperatorDestination(delivery.destination) && !url) return 'pending'
  const now = config.now ?? Date.now
  const claimed = await claim(config.db, delivery.id, clockAt(now(), config.timeoutMs))
  if (claimed === null) return 'pending'
  const { attempt } = claimed
  const what = `${delivery.topic} ${delivery.messageId} to ${delivery.destination}`
  if (claimed.inDoubtSince !== null) {
    // Its sender died between beginning the send and marking it (decision 089): sent again, at-least-once.
    console.warn(
      `[outbox] ${what}: its sender began sending at ${claimed.inDoubtSince} and stopped before marking it; sending again (attempt ${attempt}), it may arrive twice`,
    )
  }
  // Records the start of sending just before anything leaves, and stops here if the claim was taken over.
  const sending = sendingThrough(config, delivery.id, attempt)
  let failure: string | null = null
  let gone = false
  try {
    // The key is the delivery's own: the same on every attempt, so a webhook that dedupes by it takes each
    // message once even when an earlier attempt's answer came too late.
    const headers = { 'Idempotency-Key': `delivery-${delivery.id}` }
    if (url) await postJson(sending.config, url, messages.body(message, delivery.destination), headers)
    else if (messages.sendOwn)
      gone = (await messages.sendOwn(sending.config, message, delivery, headers, shared)) === 'gone'
    else throw new Error(`no way to send to ${delivery.destination}`)
  } catch (error) {
    // Another sender holds the delivery now and sends it; this one sent nothing and has nothing to settle.
    if (sending.lost) return 'pending'
    failure = error instanceof Error ? error.message : 'unknown error'
  }
  const clock = clockAt(now(), config.timeoutMs)
  if (failure === null) {
    // Settled either way, at once: taken, or nowhere left to take it (counted as delivered: nothing is pending).
    if (gone) await discard(config.db, delivery.id, attempt)
    else {
      await markDelivered(config.db, delivery.id, attempt, clock)
      await messages.delivered?.(config, message, delivery).catch((error: unknown) => {
        console.warn(`[outbox] ${what} was delivered; what follows it did not run:`, error)
      })
    }
    return 'delivered'
  }
  const retryAt = nextAttemptAt(attempt, now(), config.timeoutMs, delivery.createdAt)
  if (retryAt === null) console.error(`[outbox] ${what} failed for a day (${attempt} attempts), given up: ${failure}`)
  else console.warn(`[outbox] ${what} stays pending until ${retryAt}: ${failure}`)
  await release(config.db, delivery.id, attempt, failure, retryAt)
  return retryAt === null ? 'failed' : 'pending'
}

/**
 * The first attempt at a message just stored, every configured destination side by side: run after the
 * request answered (ctx.waitUntil, decision 069); what it does not settle, the cron retries.
 */
export async function deliverMessage<M extends { id: number }, S>(
  config: OutboxConfig,
  messages: Messages<M, S>,
  message: M,
): Promise<Outcome[]> {
  const destinations = configuredDestinations(config)
  if (destinations.length === 0) return []
  const clock = clockAt((config.now ?? Date.now)(), config.timeoutMs)
  const deliveries = await claimable(config.db, messages.topic, destinations, clock, {
    messageId: message.id,
    limit: DELIVERIES_PER_MESSAGE,
  })
  const shared = sharedOnce(config, messages)(message)
  return Promise.all(deliveries.map((delivery) => deliver(config, messages, delivery, message, shared)))
}

/**
 * A first attempt handed to ctx.waitUntil: the request has answered, so an error of its own (the database's)
 * is logged, never thrown; the deliveries are stored, and the cron takes up what it did not settle.
 */
export function afterAnswer(attempt: Promise<unknown>, what: string): Promise<void> {
  return attempt.then(
    () => undefined,
    (error: unknown) => console.error(`[outbox] the first attempt at ${what} stopped; the cron retries it:`, error),
  )
}

/** A message went everywhere it was to go: at least one destination, and each took it. */
export function deliveredEverywhere(outcomes: readonly Outcome[]): boolean {
  return outcomes.length > 0 && outcomes.every((outcome) => outcome === 'delivered')
}

/** The cron's pass over one topic: the oldest claimable deliveries get one more attempt, one at a time. */
export async function retryDue<M extends { id: number }, S>(
  config: OutboxConfig,
  messages: Messages<M, S>,
): Promise<Record<Outcome, number>> {
  const tally = { delivered: 0, pending: 0, failed: 0 }
  const destinations = configuredDestinations(config)
  if (destinations.length === 0) return tally
  const clock = clockAt((config.now ?? Date.now)(), config.timeoutMs)
  const due = await claimable(config.db, messages.topic, destinations, clock, { limit: RETRY_BATCH })
  if (due.length === 0) return tally
  const ids = [...new Set(due.map((delivery) => delivery.messageId))]
  const byId = new Map((await messages.load(config.db, ids)).map((message) => [message.id, message]))
  const sharedOf = sharedOnce(config, messages)
  for (const delivery of due) {
    const message = byId.get(delivery.messageId)
    if (message !== undefined) tally[await deliver(config, messages, delivery, message, sharedOf(message))]++
  }
  return tally
}
