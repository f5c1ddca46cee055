// Exactly once per destination (docs/decisions/024-outbox.md): two overlapping cron passes and the requests'
// own attempts race for the same leads and contacts while the webhooks answer slowly, so every sender is
// still mid-send when the others look for work. Without the claim each message would go out several times.
// And the contact webhook misbehaving in every way test/fault/upstream.ts knows: answered in time, kept,
// retried by the cron until the webhook takes it.
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, inject, it } from 'vitest'
import { contactsById } from '../../src/lib/contacts/store'
import { forwardContact } from '../../src/lib/contacts/webhook'
import { relayLead } from '../../src/lib/leads/relay'
import { leadsById } from '../../src/lib/leads/store'
import { outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { createApp } from '../../src/worker'
import { CONTACT, LEAD } from '../fixtures/forms'
import { fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue, settled } from '../helpers'
import { FAULT_MODES, type FaultMode, SECRET_BODY } from './upstream'

const SLACK = 'https://hooks.slack.example/services/T000/B000/XXXX'
const CONTACT_WEBHOOK = 'https://hooks.example/contact'
const STORED = 6
const SLOW_MS = 40

/** Both webhooks, answering 200 after SLOW_MS; every request is recorded. */
const slowWebhooks = () =>
  fakeUpstream(async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
    return new Response('ok')
  })

function post(path: string, body: unknown, vars: Record<string, string>, webhooks?: ReturnType<typeof slowWebhooks>) {
  return settled(
    createApp(webhooks ? { upstreamFetch: webhooks.fetch } : {}),
    `http://127.0.0.1:8787${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ...env, ...vars },
  )
}

/** Stores a lead and a contact while no webhook is configured: both wait in the outbox. */
async function storeWaiting(index: number): Promise<{ lead: number; contact: number }> {
  const lead = await post('/api/send-to-slack', { ...LEAD, name: `Waiting ${index}` }, {})
  const contact = await post('/v1/realtor-contacts', CONTACT, {})
  return {
    lead: ((await lead.json()) as { id: number }).id,
    contact: ((await contact.json()) as { id: number }).id,
  }
}

/** How many times each message reached each webhook: `slack #12` / `contact #7` → count. */
async function sends(requests: Request[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const request of requests) {
    const key =
      request.url === SLACK
        ? `slack #${/lead #(\d+)/.exec(((await request.json()) as { text: string }).text)?.[1]}`
        : `contact #${((await request.json()) as { contact: { id: number } }).contact.id}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run()
  await env.DB.prepare('DELETE FROM realtor_contacts').run()
})

describe('the outbox under concurrent senders', () => {
  it('delivers each lead and contact exactly once per destination', async () => {
    const waiting = await Promise.all(Array.from({ length: STORED }, (_, index) => storeWaiting(index)))
    const webhooks = slowWebhooks()
    const vars = { SLACK_WEBHOOK_URL: SLACK, CONTACT_WEBHOOK_URL: CONTACT_WEBHOOK, UPSTREAM_TIMEOUT_MS: '2000' }
    const config = outboxConfig({ ...env, ...vars }, webhooks.fetch)
    const leads = await leadsById(
      env.DB,
      waiting.map((ids) => ids.lead),
    )
    const contacts = await contactsById(
      env.DB,
      waiting.map((ids) => ids.contact),
    )

    // All at once: two cron passes, the request's attempt for every waiting message, and new requests
    // whose own first attempts the cron passes may find too.
    const [, , , , ...posted] = await Promise.all([
      retryOutbox(config),
      retryOutbox(config),
      Promise.all(leads.map((lead) => relayLead(config, lead))),
      Promise.all(contacts.map((contact) => forwardContact(config, contact))),
      post('/api/send-to-slack', { ...LEAD, name: 'New' }, vars, webhooks),
      post('/v1/realtor-contacts', CONTACT, vars, webhooks),
    ])
    expect(posted.map((response) => response.status)).toEqual([201, 201])

    const ids = {
      leads: [...waiting.map((ids) => ids.lead), ((await posted[0]!.json()) as { id: number }).id],
      contacts: [...waiting.map((ids) => ids.contact), ((await posted[1]!.json()) as { id: number }).id],
    }
    const expected = new Map([
      ...ids.leads.map((id) => [`slack #${id}`, 1] as const),
      ...ids.contacts.map((id) => [`contact #${id}`, 1] as const),
    ])
    expect(await sends(webhooks.requests)).toEqual(expected)

    const undelivered = await env.DB.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE status != 'delivered'").first(
      'n',
    )
    expect(undelivered).toBe(0)
    await retryOutbox(config)
    expect(webhooks.requests).toHaveLength(expected.size)
  })
})

/** The contact webhook's faults it took the message in: a 200, whatever its body does (never read). */
const TAKEN: readonly FaultMode[] = [
  'invalidJson',
  'truncated',
  'slowBody',
  'trickle',
  'hugeBody',
  'hugeChunked',
  'html',
]

describe.each(FAULT_MODES.filter((mode) => mode !== 'flaky'))('a contact webhook that %s', (mode) => {
  const TIMEOUT_MS = 300
  const vars = { CONTACT_WEBHOOK_URL: inject('faultOrigins')[mode], UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }
  const delivery = (id: number) =>
    env.DB.prepare("SELECT status, attempts, last_error FROM deliveries WHERE topic = 'contact' AND message_id = ?")
      .bind(id)
      .first<{ status: string; attempts: number; last_error: string | null }>()

  it('answers 201 in time and keeps the contact; the cron retries it, in time, until the webhook takes it', async () => {
    const status = TAKEN.includes(mode) ? 'delivered' : 'pending'
    const started = Date.now()
    const response = await post('/v1/realtor-contacts', CONTACT, vars)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 500)
    expect(response.status).toBe(201)
    const body = await response.text()
    expect(body).not.toContain(SECRET_BODY)
    // The answer and the first attempt after it (ctx.waitUntil, decision 069), both within the deadline.
    const { id } = JSON.parse(body) as { id: number }
    expect(await delivery(id)).toMatchObject({ status, attempts: 1 })
    expect((await delivery(id))?.last_error ?? '').not.toContain(SECRET_BODY)

    await retriesFallDue()
    const retryStarted = Date.now()
    await retryOutbox(outboxConfig({ ...env, ...vars }, (input, init) => fetch(input, init)))
    expect(Date.now() - retryStarted).toBeLessThan(TIMEOUT_MS + 500)
    expect(await delivery(id)).toMatchObject({ status, attempts: status === 'pending' ? 2 : 1 })
  })
})
