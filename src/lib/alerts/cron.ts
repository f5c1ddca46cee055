// The alerts' step of the cron (src/worker.ts scheduled, docs/decisions/108-listing-alerts.md), run after the
// pass's replication so a listing replicated in a pass is alerted in that pass: match the waiting changes,
// make the due alerts, and send each through the outbox at once (what fails is retried by retryOutbox).
import type { OutboxConfig } from '../outbox/config'
import { deliverMessage } from '../outbox/deliver'
import { createDueAlerts } from './create'
import { matchAll } from './match'
import { alertMessages } from './messages'

export async function alertPass(config: OutboxConfig): Promise<{ matched: number; alerts: number }> {
  const now = (config.now ?? Date.now)()
  const { matches } = await matchAll(config.db)
  const ids = await createDueAlerts(config.db, { now })
  if (ids.length) {
    const alerts = await alertMessages.load(config.db, ids)
    // One at a time: the binding's sends are subrequests of this invocation, bounded by ALERTS_PER_PASS.
    for (const alert of alerts) await deliverMessage(config, alertMessages, alert)
  }
  return { matched: matches, alerts: ids.length }
}
