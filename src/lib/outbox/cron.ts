// The cron's outbox pass (scheduled() in src/worker.ts): every topic's waiting deliveries get another attempt.

import { alertMessages } from '../alerts/messages'
import { buyerEventMessages } from '../buyers/notify'
import { contactMessages } from '../contacts/webhook'
import { leadMessages } from '../leads/relay'
import type { OutboxConfig } from './config'
import { retryDue } from './deliver'

/** Topics side by side; within one, a delivery at a time (retryDue). */
export async function retryOutbox(config: OutboxConfig): Promise<void> {
  await Promise.all([
    retryDue(config, leadMessages),
    retryDue(config, contactMessages),
    retryDue(config, buyerEventMessages),
    retryDue(config, alertMessages),
  ])
}
