// When a failed delivery is tried again (docs/decisions/027-delivery-retries.md): after a delay that
// doubles from one minute (never shorter than twice the deadline, so a post a webhook took but answered
// late is not sent again while it may still land) up to four hours; a message not delivered a day
// after it was stored is marked failed and shown to the operator. And how long a claim holds before its
// sender is taken to have died (docs/decisions/089-claim-lease-and-crash-window.md).
import type { Clock } from './deliveries'

export const FIRST_RETRY_MS = 60_000
export const LONGEST_RETRY_MS = 4 * 60 * 60_000
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000
/**
 * What a sender needs after its upstream call's deadline: the one D1 write that marks the delivery sent
 * (or gives it back). Local D1 answers in a millisecond, production's in tens of them.
 */
export const SETTLE_MARGIN_MS = 2_000

/**
 * How long a claim holds, from its claim and again from the moment its sender begins the upstream call
 * (startSending renews it): the call's own deadline, headers and body, and the margin to settle. Past it
 * nothing of that sender can still be in flight, so it is taken to have died and its claim is retaken
 * (docs/decisions/089-claim-lease-and-crash-window.md).
 */
export const claimLeaseMs = (timeoutMs: number): number => timeoutMs + SETTLE_MARGIN_MS

/** The clock the claim SQL is judged by: now, and when the claims of senders that died expire. */
export function clockAt(nowMs: number, timeoutMs: number): Clock {
  return {
    now: new Date(nowMs).toISOString(),
    claimsExpireBefore: new Date(nowMs - claimLeaseMs(timeoutMs)).toISOString(),
  }
}

/** When attempt `attempt` (1, 2, …) failed at `nowMs`: the next attempt's time, or null to give up. */
export function nextAttemptAt(attempt: number, nowMs: number, timeoutMs: number, createdAt: string): string | null {
  const stored = Date.parse(createdAt.endsWith('Z') ? createdAt : `${createdAt}Z`)
  if (nowMs - stored >= GIVE_UP_AFTER_MS) return null
  const first = Math.max(FIRST_RETRY_MS, 2 * timeoutMs)
  const delay = Math.min(first * 2 ** Math.min(attempt - 1, 20), LONGEST_RETRY_MS)
  return new Date(nowMs + delay).toISOString()
}
