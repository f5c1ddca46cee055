// A sender killed mid-send (issue 29, finding 14; docs/decisions/089-claim-lease-and-crash-window.md). A
// process is "killed" by cutting it off from D1 (test/fixtures/killable-db.ts): what it wrote stays, nothing
// after reaches the database, as after a SIGKILL. Its claims are retaken once their lease has run out —
// the upstream deadline (UPSTREAM_TIMEOUT_MS) and the margin to mark, not five minutes — and not before;
// what it had marked is never sent again, and what was in flight is sent once more, with the same key.
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { leadMessages, relayLead } from '../../src/lib/leads/relay'
import type { StoredLead } from '../../src/lib/leads/slack'
import { insertLead, leadsById } from '../../src/lib/leads/store'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { deliver, type Messages, retryDue } from '../../src/lib/outbox/deliver'
import { claim, type Delivery } from '../../src/lib/outbox/deliveries'
import { clockAt, SETTLE_MARGIN_MS } from '../../src/lib/outbox/retry'
import { postJson } from '../../src/lib/outbox/webhook'
import { killableDb } from '../fixtures/killable-db'
import { fakeUpstream } from '../fixtures/upstream'

/** A lead as the landing page stores it. */
const LEAD = { area: 'Irvine, CA', phone: '949-555-0100', hasSite: 'no' } as const
const SLACK = 'https://hooks.slack.example/services/T000/B000/XXXX'
const HOOK = 'https://crm.example/realtor-hook'
const TIMEOUT_MS = 1500

/** The lease a claim holds for: the upstream deadline and the margin to mark the delivery. */
const leaseOf = (timeoutMs: number) => timeoutMs + SETTLE_MARGIN_MS

/** A sender (a request's waitUntil or a cron pass) whose clock reads `atMs`, on `db`, posting through `fetch`. */
function senderAt(atMs: number, fetch: OutboxConfig['fetch'], db: D1Database = env.DB, timeoutMs = TIMEOUT_MS) {
  const vars = { SLACK_WEBHOOK_URL: SLACK, UPSTREAM_TIMEOUT_MS: String(timeoutMs) }
  return { ...outboxConfig({ ...env, ...vars, DB: db }, fetch), now: () => atMs }
}

/** Slack: takes every post; `onPost` runs once it has (the post is in the channel whatever happens next). */
const slack = (onPost: (count: number) => void = () => {}) => {
  let count = 0
  return fakeUpstream(() => {
    onPost(++count)
    return new Response('ok')
  })
}

/** How many times Slack got each delivery, by its Idempotency-Key. */
const postsByKey = (requests: Request[]) => {
  const counts: Record<string, number> = {}
  for (const request of requests) {
    const key = request.headers.get('idempotency-key') ?? 'none'
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

const deliveriesOf = async (leads: StoredLead[]) => {
  const { results } = await env.DB.prepare(
    `SELECT id, status, attempts FROM deliveries WHERE topic = 'lead' AND message_id IN (SELECT value FROM json_each(?))
     ORDER BY id`,
  )
    .bind(JSON.stringify(leads.map((lead) => lead.id)))
    .all<{ id: number; status: string; attempts: number }>()
  return results
}

const storeLeads = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => insertLead(env.DB, { ...LEAD, name: `Burst ${index}` }, 'ko')),
  )

let t0: number
const warnings: string[] = []

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run()
  t0 = Date.now()
  warnings.length = 0
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '))
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a cron pass killed after 2 of 4 posts', () => {
  it('sends again only the post in flight, after the lease and not before; the marked ones never', async () => {
    const leads = await storeLeads(4)
    const process = killableDb(env.DB)
    // Slack takes the third post, and the process dies before it can mark it.
    const dying = slack((count) => count === 3 && process.kill())
    await expect(retryDue(senderAt(t0, dying.fetch, process.db), leadMessages)).rejects.toThrow(/killed/)
    const [first, second, third, fourth] = await deliveriesOf(leads)
    // Each delivery was marked as soon as Slack answered it, not at the end of the pass.
    expect([first, second, third, fourth].map((row) => row?.status)).toEqual([
      'delivered',
      'delivered',
      'sending',
      'pending',
    ])
    const key = (row: typeof first) => `delivery-${row?.id}`

    // Just inside the lease: the dead sender's claim still holds; only the one it never reached goes.
    const next = slack()
    await retryDue(senderAt(t0 + leaseOf(TIMEOUT_MS) - 1, next.fetch), leadMessages)
    expect(postsByKey(next.requests)).toEqual({ [key(fourth)]: 1 })
    expect(warnings.filter((line) => line.includes('may arrive twice'))).toEqual([])

    // Just past it: the post in flight is sent once more, with its key; the marked ones are not.
    await retryDue(senderAt(t0 + leaseOf(TIMEOUT_MS) + 1, next.fetch), leadMessages)
    expect(postsByKey([...dying.requests, ...next.requests])).toEqual({
      [key(first)]: 1,
      [key(second)]: 1,
      [key(third)]: 2,
      [key(fourth)]: 1,
    })
    expect(await deliveriesOf(leads)).toEqual([
      { id: first?.id, status: 'delivered', attempts: 1 },
      { id: second?.id, status: 'delivered', attempts: 1 },
      { id: third?.id, status: 'delivered', attempts: 2 },
      { id: fourth?.id, status: 'delivered', attempts: 1 },
    ])
    // The retake knew the post might already be in the channel, and said so.
    expect(warnings.filter((line) => line.includes('may arrive twice'))).toHaveLength(1)

    await retryDue(senderAt(t0 + 60 * 60_000, next.fetch), leadMessages)
    expect(next.requests).toHaveLength(2)
  })
})

describe("a request's first attempt killed after Slack took the lead", () => {
  it.each([1500, 6000])('is retaken at its lease, UPSTREAM_TIMEOUT_MS %i ms and the margin', async (timeoutMs) => {
    const [lead] = await storeLeads(1)
    const process = killableDb(env.DB)
    const dying = slack(() => process.kill())
    await expect(relayLead(senderAt(t0, dying.fetch, process.db, timeoutMs), lead!)).rejects.toThrow(/killed/)

    const cron = slack()
    await retryDue(senderAt(t0 + leaseOf(timeoutMs) - 1, cron.fetch, env.DB, timeoutMs), leadMessages)
    expect(cron.requests).toHaveLength(0)
    await retryDue(senderAt(t0 + leaseOf(timeoutMs) + 1, cron.fetch, env.DB, timeoutMs), leadMessages)
    expect(cron.requests).toHaveLength(1)
    expect(cron.requests[0]?.headers.get('idempotency-key')).toBe(dying.requests[0]?.headers.get('idempotency-key'))
  })
})

describe('a sender killed after its claim, before anything left', () => {
  it('is retaken after the lease and the lead goes once, not taken for a possible duplicate', async () => {
    const [lead] = await storeLeads(1)
    const [delivery] = await deliveriesOf([lead!])
    // It claimed the delivery and died while it prepared the post.
    expect(await claim(env.DB, delivery!.id, clockAt(t0, TIMEOUT_MS))).not.toBeNull()

    const cron = slack()
    await retryDue(senderAt(t0 + leaseOf(TIMEOUT_MS) + 1, cron.fetch), leadMessages)
    expect(cron.requests).toHaveLength(1)
    expect(await deliveriesOf([lead!])).toEqual([{ id: delivery!.id, status: 'delivered', attempts: 2 }])
    expect(warnings.filter((line) => line.includes('may arrive twice'))).toEqual([])
  })
})

/** A topic whose own destination's sender waits for `ready` (its preparation: reads, encryption) before posting. */
function slowToPrepare(ready: Promise<void>): Messages<StoredLead> {
  return {
    topic: 'lead',
    load: leadsById,
    body: () => ({}),
    async sendOwn(config, lead, _delivery, headers) {
      await ready
      await postJson(config, HOOK, { lead: lead.id }, headers)
    },
  }
}

/** A delivery of the lead to a realtor-kind destination, whose sender is the topic's own. */
async function ownDelivery(lead: StoredLead): Promise<Delivery> {
  const row = await env.DB.prepare(
    "INSERT INTO deliveries (topic, message_id, destination) VALUES ('lead', ?, 'realtor-webhook') RETURNING id, created_at",
  )
    .bind(lead.id)
    .first<{ id: number; created_at: string }>()
  return { id: row!.id, topic: 'lead', messageId: lead.id, destination: 'realtor-webhook', createdAt: row!.created_at }
}

describe('a sender whose lease ran out while it prepared', () => {
  it('sends nothing once another sender took the delivery over: one post, by the one that holds it', async () => {
    const [lead] = await storeLeads(1)
    const delivery = await ownDelivery(lead!)
    const hook = fakeUpstream(() => new Response('ok'))
    let prepared = () => {}
    const stalled = deliver(
      senderAt(t0, hook.fetch),
      slowToPrepare(new Promise((resolve) => (prepared = resolve))),
      delivery,
      lead!,
    )

    const taker = await deliver(
      senderAt(t0 + leaseOf(TIMEOUT_MS) + 1, hook.fetch),
      slowToPrepare(Promise.resolve()),
      delivery,
      lead!,
    )
    expect(taker).toBe('delivered')
    prepared()
    expect(await stalled).toBe('pending')
    expect(hook.requests).toHaveLength(1)
    const row = await env.DB.prepare('SELECT status, attempts FROM deliveries WHERE id = ?').bind(delivery.id).first()
    expect(row).toEqual({ status: 'delivered', attempts: 2 })
  })
})

describe('an email the binding never answers', () => {
  it('is given back after the upstream deadline, so the claim outlives no send', async () => {
    const [lead] = await storeLeads(1)
    const delivery = await ownDelivery(lead!)
    const email: Messages<StoredLead> = {
      topic: 'lead',
      load: leadsById,
      body: () => ({}),
      sendOwn: (config) => config.sendEmail!('notify@realtor.example', 'jane@example.com', 'Subject: hi\r\n\r\nhi'),
    }
    const config = { ...senderAt(Date.now(), slack().fetch, env.DB, 300), sendEmail: () => new Promise<void>(() => {}) }
    const started = Date.now()
    expect(await deliver(config, email, delivery, lead!)).toBe('pending')
    expect(Date.now() - started).toBeLessThan(300 + SETTLE_MARGIN_MS)
    const row = await env.DB.prepare('SELECT status, last_error FROM deliveries WHERE id = ?').bind(delivery.id).first()
    expect(row).toEqual({ status: 'pending', last_error: 'the email binding took over 300 ms' })
  })
})
