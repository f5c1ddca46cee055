// Relaying stored leads to the operator's Slack through the outbox (src/lib/outbox): the request makes the
// first attempt, the cron the retries, and the claim lets only one of them send a lead.
import type { OutboxConfig } from '../outbox/config'
import { deliveredEverywhere, deliverMessage, type Messages, retryDue } from '../outbox/deliver'
import { type StoredLead, slackPayload } from './slack'
import { leadsById } from './store'

export const leadMessages: Messages<StoredLead> = {
  topic: 'lead',
  load: leadsById,
  body: (lead) => slackPayload(lead),
}

export type Delivery = 'delivered' | 'pending'

/** The request's attempt: 'delivered' once Slack took the lead, else 'pending' (it waits for the cron). */
export async function relayLead(config: OutboxConfig, lead: StoredLead): Promise<Delivery> {
  return deliveredEverywhere(await deliverMessage(config, leadMessages, lead)) ? 'delivered' : 'pending'
}

/** The cron's pass over leads alone (retryOutbox runs it with every other topic's). */
export async function retryPendingLeads(config: OutboxConfig): Promise<{ delivered: number; pending: number }> {
  const { delivered, pending } = await retryDue(config, leadMessages)
  return { delivered, pending }
}
