// A realtor's own channels in the one outbox (docs/decisions/024-outbox.md, 050-notifications.md): a
// delivery row per enabled channel stored with the contact, each sent exactly once however many senders
// race, retried by the cron, and the issue's "webhook failing half the time, 100 contacts, exactly 100
// deliveries after the cron passes".
import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Contact } from '../../src/lib/contacts/schema'
import { insertContact, type StoredContact } from '../../src/lib/contacts/store'
import { forwardContact } from '../../src/lib/contacts/webhook'
import { formatPhone } from '../../src/lib/format'
import { saveNotificationSettings } from '../../src/lib/notifications/settings'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { CONTACT } from '../fixtures/forms'
import { fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue } from '../helpers'

const HOOK = 'http://127.0.0.1:9/realtor-hook'
const REALTOR = 1
const VISITOR: Contact = {
  ...CONTACT,
  name: '김 민수',
  phone: '01012345678',
  phoneCountryCode: 'KR',
  isTerm: 'Y',
} as Contact

interface Sent {
  to: string
  raw: string
}

/** The outbox's config with a fake email binding and webhook; `answer` decides each webhook post's fate. */
function harness(answer: (request: Request) => Response | Promise<Response> = () => new Response('ok')) {
  const emails: Sent[] = []
  const hook = fakeUpstream(answer)
  const config: OutboxConfig = {
    ...outboxConfig({ ...env, UPSTREAM_TIMEOUT_MS: '2000' }, hook.fetch),
    sendEmail: async (_from, to, raw) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      emails.push({ to, raw })
    },
  }
  return { config, emails, hook }
}

async function rowsOf(contactId: number) {
  const { results } = await env.DB.prepare(
    `SELECT destination, status, attempts FROM deliveries WHERE topic = 'contact' AND message_id = ? ORDER BY destination`,
  )
    .bind(contactId)
    .all<{ destination: string; status: string; attempts: number }>()
  return results
}

/** The plain-text part of an email, as a mail client reads it. */
const bodyText = async (raw: string) => (await PostalMime.parse(raw)).text ?? ''

const store = (index = 0): Promise<StoredContact> =>
  insertContact(env.DB, { ...VISITOR, name: `방문자 ${index}` }, 'ko')

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM realtor_contacts').run()
  await env.DB.prepare('DELETE FROM realtor_notifications').run()
})

describe('deliveries per channel', () => {
  it('stores one row per enabled channel with the contact, besides the operator one', async () => {
    // Never saved: email is on by default (decision 063).
    const byDefault = await store()
    expect((await rowsOf(byDefault.id)).map((row) => row.destination)).toEqual(['operator-webhook', 'realtor-email'])
    await saveNotificationSettings(env.DB, REALTOR, { email: '', webhookUrl: '', locale: 'ko' })
    const none = await store()
    expect((await rowsOf(none.id)).map((row) => row.destination)).toEqual(['operator-webhook'])
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: '', locale: 'ko' })
    const emailOnly = await store()
    expect((await rowsOf(emailOnly.id)).map((row) => row.destination)).toEqual(['operator-webhook', 'realtor-email'])
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'ko' })
    const both = await store()
    expect((await rowsOf(both.id)).map((row) => row.destination)).toEqual([
      'operator-webhook',
      'realtor-email',
      'realtor-webhook',
    ])
  })

  it("sends the realtor's email and webhook in their language, with the inbox link", async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'en' })
    const { config, emails, hook } = harness()
    const contact = await store()
    await forwardContact(config, contact)
    const rows = await rowsOf(contact.id)
    expect(rows.filter((row) => row.destination.startsWith('realtor-')).map((row) => row.status)).toEqual([
      'delivered',
      'delivered',
    ])
    const { desired_url } = (await env.DB.prepare('SELECT desired_url FROM realtors WHERE id = ?')
      .bind(REALTOR)
      .first<{ desired_url: string }>())!
    const link = `${env.PUBLIC_ORIGIN}/en/${desired_url}/admin/inbox/${contact.id}`
    expect(emails).toHaveLength(1)
    expect(emails[0]!.to).toBe('jane@example.com')
    const text = await bodyText(emails[0]!.raw)
    for (const part of [
      'Name: 방문자 0',
      `Phone: ${formatPhone(VISITOR.phone)}`,
      'Email: minsu@example.com',
      `> ${CONTACT.message}`,
      link,
    ])
      expect(text).toContain(part)
    expect(hook.requests).toHaveLength(1)
    const post = hook.requests[0]!
    expect(post.headers.get('idempotency-key')).toMatch(/^delivery-\d+$/)
    const body = (await post.json()) as { text: string; blocks: unknown[] }
    expect(body.text).toContain(link)
    expect(body.blocks.length).toBeGreaterThan(0)
  })

  it('refuses to send to a private webhook in production, even one saved before', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: '', webhookUrl: 'http://10.0.0.1/x', locale: 'ko' })
    const { config, hook } = harness()
    const contact = await store()
    await forwardContact({ ...config, production: true }, contact)
    expect(hook.requests).toHaveLength(0)
    const row = await env.DB.prepare(
      `SELECT status, last_error FROM deliveries WHERE message_id = ? AND destination = 'realtor-webhook'`,
    )
      .bind(contact.id)
      .first<{ status: string; last_error: string }>()
    expect(row).toEqual({ status: 'pending', last_error: 'the webhook URL is refused (https)' })
  })
})

describe('exactly once and retries', () => {
  it('sends each channel of each contact once while the requests and two cron passes race', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'ko' })
    const contacts = await Promise.all(Array.from({ length: 6 }, (_, index) => store(index)))
    const { config, emails, hook } = harness(async () => {
      await new Promise((resolve) => setTimeout(resolve, 40))
      return new Response('ok')
    })
    await Promise.all([
      retryOutbox(config),
      retryOutbox(config),
      ...contacts.map((contact) => forwardContact(config, contact)),
    ])
    expect(emails).toHaveLength(6)
    const texts = await Promise.all(emails.map((email) => bodyText(email.raw)))
    expect(new Set(texts.map((text) => text.match(/inbox\/(\d+)/)?.[1])).size).toBe(6)
    expect(hook.requests).toHaveLength(6)
    expect(new Set(hook.requests.map((request) => request.headers.get('idempotency-key'))).size).toBe(6)
  })

  it('retries a failed webhook with the cron, with the same idempotency key', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: '', webhookUrl: HOOK, locale: 'ko' })
    let fail = true
    const { config, hook } = harness(() => new Response('down', { status: fail ? 503 : 200 }))
    const contact = await store()
    expect(await forwardContact(config, contact)).toBe(false)
    const [, waiting] = await rowsOf(contact.id)
    expect(waiting).toMatchObject({ destination: 'realtor-webhook', status: 'pending', attempts: 1 })
    // Not due yet: the cron leaves it alone until its backoff passes.
    await retryOutbox(config)
    expect(hook.requests).toHaveLength(1)
    fail = false
    await retriesFallDue()
    await retryOutbox(config)
    expect((await rowsOf(contact.id))[1]).toMatchObject({ status: 'delivered', attempts: 2 })
    const keys = hook.requests.map((request) => request.headers.get('idempotency-key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('with the webhook failing half the time, 100 contacts make exactly 100 deliveries after the cron', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: '', webhookUrl: HOOK, locale: 'ko' })
    let count = 0
    const taken: string[] = []
    const { config } = harness(async (request) => {
      count++
      if (count % 2 === 0) return new Response('flaky', { status: 500 })
      const { text } = (await request.json()) as { text: string }
      taken.push(/inbox\/(\d+)/.exec(text)![1]!)
      return new Response('ok')
    })
    const contacts: StoredContact[] = []
    for (let index = 0; index < 100; index++) {
      const contact = await store(index)
      contacts.push(contact)
      await forwardContact(config, contact)
    }
    for (let pass = 0; pass < 40; pass++) {
      const open = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM deliveries WHERE destination = 'realtor-webhook' AND status != 'delivered'`,
      ).first<{ n: number }>()
      if (open!.n === 0) break
      await retriesFallDue()
      await retryOutbox(config)
    }
    expect(taken).toHaveLength(100)
    expect(new Set(taken)).toEqual(new Set(contacts.map((contact) => String(contact.id))))
    const delivered = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM deliveries WHERE destination = 'realtor-webhook' AND status = 'delivered'`,
    ).first<{ n: number }>()
    expect(delivered!.n).toBe(100)
  })
})
