// Relaying stored leads to the Slack webhook: one claimed attempt per lead, with a deadline, never
// reading or repeating Slack's response body. Used by the request (first attempt) and the cron (retries).
import { type FetchLike, fetchUpstream, upstreamTimeout } from '../upstream'
import { type StoredLead, slackPayload } from './slack'
import { claimLead, markDelivered, releaseLead, undeliveredLeads } from './store'

export interface RelayConfig {
  db: D1Database
  webhookUrl: string | undefined
  timeoutMs: number
  fetch: FetchLike
}

/** The relay of an environment: its database, Slack webhook and upstream deadline. */
export function relayConfig(
  env: { DB: D1Database; SLACK_WEBHOOK_URL?: string; UPSTREAM_TIMEOUT_MS?: string },
  fetch: FetchLike,
): RelayConfig {
  return { db: env.DB, webhookUrl: env.SLACK_WEBHOOK_URL, timeoutMs: upstreamTimeout(env.UPSTREAM_TIMEOUT_MS), fetch }
}

export type Delivery = 'delivered' | 'pending'

/** Sends one lead if this caller wins its claim; on any failure the lead goes back to pending. */
export async function relayLead(config: RelayConfig, lead: StoredLead): Promise<Delivery> {
  if (!config.webhookUrl) return 'pending'
  if (!(await claimLead(config.db, lead.id))) return 'pending'
  try {
    const request = new Request(config.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(slackPayload(lead)),
    })
    const response = await fetchUpstream(config.fetch, request, config.timeoutMs)
    await response.body?.cancel()
    if (!response.ok) throw new Error(`Slack answered ${response.status}`)
    await markDelivered(config.db, lead.id)
    return 'delivered'
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    console.warn(`[leads] lead ${lead.id} stays pending: ${reason}`)
    await releaseLead(config.db, lead.id, reason)
    return 'pending'
  }
}

/** The cron's work: every undelivered lead gets one more attempt, one at a time. */
export async function retryPendingLeads(config: RelayConfig): Promise<{ delivered: number; pending: number }> {
  const tally = { delivered: 0, pending: 0 }
  if (!config.webhookUrl) return tally
  for (const lead of await undeliveredLeads(config.db)) tally[await relayLead(config, lead)]++
  return tally
}
