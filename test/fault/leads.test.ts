// Leads are never lost: leads submitted while Slack fails every other call are all accepted
// and stored, each delivered or pending; the cron retry then delivers the pending ones, each exactly
// once, against a real loopback fake (test/fault/upstream.ts, mode `flaky`).
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { retryPendingLeads } from '../../src/lib/leads/relay'
import { outboxConfig } from '../../src/lib/outbox/config'
import { createApp } from '../../src/worker'
import { retriesFallDue, settled } from '../helpers'

const FLAKY = inject('faultOrigins').flaky
const WEBHOOK = `${FLAKY}/services/T000/B000/XXXX`
const LEADS = 24
/** A name no other lead's contains: two letters after a fixed prefix. */
const nameOf = (index: number) =>
  `Kim ${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`
const webhookEnv = { ...env, SLACK_WEBHOOK_URL: WEBHOOK }

async function delivered(): Promise<string[]> {
  return (await fetch(`${FLAKY}/__delivered`)).json()
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run()
  await fetch(`${FLAKY}/__delivered`, { method: 'DELETE' })
})

describe('leads while Slack fails half the time', () => {
  it('are all accepted and kept, and the retry delivers the pending ones exactly once', async () => {
    const app = createApp()
    const answers = await Promise.all(
      Array.from({ length: LEADS }, async (_, index) => {
        const response = await settled(
          app,
          'http://127.0.0.1:8787/api/send-to-slack',
          {
            method: 'POST',
            // One address per visitor: the rate limit (5 a minute) is per address.
            headers: { 'content-type': 'application/json', 'cf-connecting-ip': `198.51.100.${index + 1}` },
            body: JSON.stringify({
              name: nameOf(index),
              area: 'Irvine, CA',
              phone: '949-555-0100',
              hasSite: 'no',
              privacyConsent: 'Y',
              contactConsent: 'Y',
            }),
          },
          webhookEnv,
        )
        return { status: response.status, body: (await response.json()) as { id: number; status: string } }
      }),
    )
    // Each answered before its relay (decision 069): accepted, delivery to follow.
    for (const answer of answers) expect(answer).toMatchObject({ status: 201, body: { status: 'pending' } })
    const stored = await env.DB.prepare(
      "SELECT leads.id, d.status FROM leads JOIN deliveries d ON d.topic = 'lead' AND d.message_id = leads.id ORDER BY leads.id",
    ).all<{
      id: number
      status: string
    }>()
    expect(stored.results).toHaveLength(LEADS)
    for (const answer of answers) expect(stored.results.map((row) => row.id)).toContain(answer.body.id)
    // The first attempts, run after the answers, took some and left the others pending (the fake failed them).
    expect(stored.results.filter((row) => row.status === 'pending').length).toBeGreaterThan(0)
    expect(stored.results.filter((row) => row.status === 'delivered').length).toBeGreaterThan(0)

    // The cron, run until nothing is pending (Slack still fails every other call), bounded.
    const config = outboxConfig(webhookEnv, (input, init) => fetch(input, init))
    for (let run = 0; run < 10; run++) {
      await retriesFallDue()
      if ((await retryPendingLeads(config)).pending === 0) break
    }
    const after = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'lead' AND status != 'delivered'",
    ).first<{
      n: number
    }>()
    expect(after?.n).toBe(0)

    const bodies = await delivered()
    expect(bodies).toHaveLength(LEADS)
    for (let index = 0; index < LEADS; index++) {
      expect(bodies.filter((body) => body.includes(nameOf(index)))).toHaveLength(1)
    }
  })
})
