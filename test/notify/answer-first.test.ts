// A contact's POST answers after its one D1 batch (docs/decisions/069-contacts-answer-after-one-batch.md):
// the contact and its deliveries are stored in one round trip, the 201 goes out, and the first delivery
// attempt runs after it in ctx.waitUntil. A webhook that takes a second holds up nothing, and the outbox's
// claim still sends each delivery once: the cron leaves an attempt in flight alone, and takes over one that
// never finished only once its claim expired, with the same Idempotency-Key.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { contactMessages, forwardContact } from '../../src/lib/contacts/webhook'
import { DataCache } from '../../src/lib/data-cache'
import { saveNotificationSettings } from '../../src/lib/notifications/settings'
import { outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { retryDue } from '../../src/lib/outbox/deliver'
import { claimLeaseMs } from '../../src/lib/outbox/retry'
import { createApp } from '../../src/worker'
import { countingDb } from '../fixtures/counting-db'
import { CONTACT } from '../fixtures/forms'
import { fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue, settled } from '../helpers'

/** The slow webhook: it takes the contact, after a second. */
const SLOW_MS = 1000
const WEBHOOK = 'https://crm.example/contact'
const vars = { CONTACT_WEBHOOK_URL: WEBHOOK }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A webhook that answers 200 after SLOW_MS; every request is recorded. */
const slowWebhook = () =>
  fakeUpstream(async () => {
    await sleep(SLOW_MS)
    return new Response('ok')
  })

/** A visitor's contact form, from an address of its own (the contact budget is per address). */
const contactRequest = (ip: string) =>
  new Request('http://127.0.0.1:8787/v1/realtor-contacts', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://janekim.example', 'cf-connecting-ip': ip },
    body: JSON.stringify(CONTACT),
  })

/**
 * Posts a contact from `ip` and returns the answer as soon as it comes, with the execution context its
 * waitUntil work runs in (not waited for: the test decides when).
 */
async function postContact(app: ReturnType<typeof createApp>, ip: string, bindings: Partial<typeof env> = {}) {
  const ctx = createExecutionContext()
  const response = await app.fetch(contactRequest(ip), { ...env, ...vars, ...bindings }, ctx)
  return { response, ctx }
}

/** The contact's delivery to the operator's webhook. */
const operatorDelivery = (contactId: number) =>
  env.DB.prepare(
    "SELECT id, status, attempts FROM deliveries WHERE topic = 'contact' AND message_id = ? AND destination = 'operator-webhook'",
  )
    .bind(contactId)
    .first<{ id: number; status: string; attempts: number }>()

/** Waits (bounded) until `done` holds. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 3000; waited += 10) {
    if (await done()) return
    await sleep(10)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('a contact POST against a webhook that takes 1 s', () => {
  it('answers 201 after one D1 batch, long before the webhook answers; the delivery is recorded once after', async () => {
    const webhook = slowWebhook()
    // The realtor was read lately (their homepage, the realtor API): the isolate's data cache has them.
    const app = createApp({ upstreamFetch: webhook.fetch, dataCache: new DataCache() })
    expect((await settled(app, `http://127.0.0.1:8787/v1/realtor/${CONTACT.realtorId}`)).status).toBe(200)
    const { db, answered } = countingDb(env.DB)
    const started = Date.now()
    const { response, ctx } = await postContact(app, '203.0.113.61', { DB: db })
    const answeredAfterMs = Date.now() - started
    // What the answer waited for: the one batch (the contact and its deliveries), nothing more.
    const waitedFor = [...answered]
    expect(response.status).toBe(201)
    expect(waitedFor).toEqual(['batch of 2'])
    expect(answeredAfterMs).toBeLessThan(SLOW_MS / 2)
    const { id } = (await response.json()) as { id: number }

    await waitOnExecutionContext(ctx)
    expect(webhook.requests).toHaveLength(1)
    expect(await operatorDelivery(id)).toMatchObject({ status: 'delivered', attempts: 1 })
    // The cron after it finds nothing of this contact's to send again.
    await retriesFallDue()
    await retryOutbox(outboxConfig({ ...env, ...vars }, webhook.fetch))
    expect(webhook.requests).toHaveLength(1)
  })

  it('waits for the realtor and the batch, two round trips, when the realtor was not read lately', async () => {
    const { db, answered } = countingDb(env.DB)
    const app = createApp({ upstreamFetch: slowWebhook().fetch, dataCache: new DataCache() })
    const { response, ctx } = await postContact(app, '203.0.113.65', { DB: db })
    expect(response.status).toBe(201)
    expect([...answered]).toEqual(['first', 'batch of 2'])
    await waitOnExecutionContext(ctx)
  })

  it('leaves a first attempt still in flight alone when the cron runs meanwhile: one post', async () => {
    const webhook = slowWebhook()
    const { response, ctx } = await postContact(createApp({ upstreamFetch: webhook.fetch }), '203.0.113.62')
    const { id } = (await response.json()) as { id: number }
    await until(() => webhook.requests.length === 1, 'the first attempt to post')
    expect(await operatorDelivery(id)).toMatchObject({ status: 'sending', attempts: 1 })

    await retriesFallDue()
    await retryOutbox(outboxConfig({ ...env, ...vars }, webhook.fetch))
    expect(webhook.requests).toHaveLength(1)
    await waitOnExecutionContext(ctx)
    expect(webhook.requests).toHaveLength(1)
    expect(await operatorDelivery(id)).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('takes over an attempt that never finished (its isolate died) once its claim expired, with the same key', async () => {
    let hung = false
    // The first post never gets an answer: the sender is gone as far as the outbox can tell.
    const webhook = fakeUpstream(() => {
      if (hung) return new Response('ok')
      hung = true
      return new Promise<Response>(() => {})
    })
    const timeouts = { ...vars, UPSTREAM_TIMEOUT_MS: '1500' }
    const { response, ctx } = await postContact(createApp({ upstreamFetch: webhook.fetch }), '203.0.113.63', timeouts)
    const { id } = (await response.json()) as { id: number }
    await until(() => webhook.requests.length === 1, 'the first attempt to post')
    const delivery = await operatorDelivery(id)
    const key = `delivery-${delivery?.id}`
    const posts = () => webhook.requests.filter((request) => request.headers.get('idempotency-key') === key)
    const cronAt = (laterMs: number) =>
      retryDue(
        { ...outboxConfig({ ...env, ...timeouts }, webhook.fetch), now: () => Date.now() + laterMs },
        contactMessages,
      )

    // Claimed, not expired: the cron does not send it a second time.
    await cronAt(0)
    expect(posts()).toHaveLength(1)
    // Past the claim's lease (the deadline and the margin to mark) the sender is taken to have died: the cron
    // claims it (attempt 2) and sends it.
    await cronAt(claimLeaseMs(Number(timeouts.UPSTREAM_TIMEOUT_MS)) + 1_000)
    expect(posts()).toHaveLength(2)
    expect(await operatorDelivery(id)).toMatchObject({ status: 'delivered', attempts: 2 })
    // The first attempt's own deadline passes: its claim was taken over, so it settles nothing.
    await waitOnExecutionContext(ctx)
    expect(await operatorDelivery(id)).toMatchObject({ status: 'delivered', attempts: 2 })
    expect(posts()).toHaveLength(2)
  })
})

describe("a contact's first attempt", () => {
  it("reads the realtor's notification settings once, for every channel that is on", async () => {
    await saveNotificationSettings(env.DB, CONTACT.realtorId, {
      email: 'jane@example.com',
      webhookUrl: 'http://127.0.0.1:9/realtor-hook',
      locale: 'ko',
    })
    const hooks = fakeUpstream(() => new Response('ok'))
    const { response, ctx } = await postContact(createApp({ upstreamFetch: hooks.fetch }), '203.0.113.64')
    const { id } = (await response.json()) as { id: number }
    await waitOnExecutionContext(ctx)
    const { results } = await env.DB.prepare(
      "SELECT destination, status FROM deliveries WHERE topic = 'contact' AND message_id = ? ORDER BY destination",
    )
      .bind(id)
      .all()
    expect(results).toEqual([
      { destination: 'operator-webhook', status: 'delivered' },
      { destination: 'realtor-email', status: 'delivered' },
      { destination: 'realtor-webhook', status: 'delivered' },
    ])

    // Again, counted: an attempt at the same three channels reads the settings once.
    const { db, statements } = countingDb(env.DB)
    await env.DB.prepare("UPDATE deliveries SET status = 'pending' WHERE topic = 'contact' AND message_id = ?")
      .bind(id)
      .run()
    const contact = (await contactMessages.load(env.DB, [id]))[0]!
    await forwardContact({ ...outboxConfig({ ...env, ...vars, DB: db }, hooks.fetch) }, contact)
    expect(statements.filter((sql) => sql.includes('FROM realtor_notifications'))).toHaveLength(1)
  })
})
