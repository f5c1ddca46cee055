// When a failed delivery is tried again (docs/decisions/027-delivery-retries.md): after a delay that
// doubles from one minute (never shorter than twice the deadline, so a post a webhook took but answered
// late is not sent again while it may still land) up to four hours; a message not delivered a day
// after it was stored is marked failed and shown to the operator.
import type { Clock } from './deliveries'

export const FIRST_RETRY_MS = 60_000
export const LONGEST_RETRY_MS = 4 * 60 * 60_000
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000
/** A claim outlives any attempt: past this its sender is taken to have died. */
export const CLAIM_EXPIRY_MS = 5 * 60_000

/** The clock the claim SQL is judged by: now, and when claims made by dead senders expire. */
export function clockAt(nowMs: number, timeoutMs: number): Clock {
  const expiry = Math.max(CLAIM_EXPIRY_MS, 2 * timeoutMs)
  return { now: new Date(nowMs).toISOString(), claimsExpireBefore: new Date(nowMs - expiry).toISOString() }
}

/** When attempt `attempt` (1, 2, …) failed at `nowMs`: the next attempt's time, or null to give up. */
export function nextAttemptAt(attempt: number, nowMs: number, timeoutMs: number, createdAt: string): string | null {
  const stored = Date.parse(createdAt.endsWith('Z') ? createdAt : `${createdAt}Z`)
  if (nowMs - stored >= GIVE_UP_AFTER_MS) return null
  const first = Math.max(FIRST_RETRY_MS, 2 * timeoutMs)
  const delay = Math.min(first * 2 ** Math.min(attempt - 1, 20), LONGEST_RETRY_MS)
  return new Date(nowMs + delay).toISOString()
}
