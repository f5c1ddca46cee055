// A buyer's sign-up and saved search reach the realtor like a contact (issue 32,
// docs/decisions/109-buyers-in-the-inbox.md): stored with a delivery per channel that is on
// (buyerEventStatements), the first attempt by forwardBuyerEvent, retries by the cron's outbox pass; email
// (MIME, both languages), webhook JSON and push, each with the link to the buyer's page in the inbox.
import { env } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeEach, describe, expect, it } from 'vitest'
import { buyerEventStatements } from '../../src/lib/buyers/events'
import { forwardBuyerEvent } from '../../src/lib/buyers/notify'
import { saveNotificationSettings } from '../../src/lib/notifications/settings'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { fakeUpstream } from '../fixtures/upstream'
import { retriesFallDue } from '../helpers'
import { subscribedDevice } from '../push/helpers'

const HOOK = 'http://127.0.0.1:9/realtor-hook'
const REALTOR = 2 // Jane Kim (test/fixtures/fixture-realtors.ts)
const SEARCH = 'Johns Creek, 3+ beds, under $1.2M'

function harness(answer: (request: Request) => Response | Promise<Response> = () => new Response('ok')) {
  const emails: { to: string; raw: string }[] = []
  const hook = fakeUpstream(answer)
  const config: OutboxConfig = {
    ...outboxConfig({ ...env, UPSTREAM_TIMEOUT_MS: '2000' }, hook.fetch),
    sendEmail: async (_from, to, raw) => {
      emails.push({ to, raw })
    },
  }
  return { config, emails, hook }
}

let buyerCount = 0

async function buyer(name: string | null = '김민지') {
  buyerCount++
  const email = `buyer${buyerCount}@example.com`
  return (await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, name, phone, locale, consent_at, consent_text)
     VALUES (?1, ?2, ?2, ?3, '+16785550123', 'ko', '2026-11-01T10:00:00.000Z', 'I agree.') RETURNING id`,
  )
    .bind(REALTOR, email, name)
    .first<{ id: number }>())!.id
}

/** Stores an event as the sign-up and save routes do, and answers its id. */
async function event(buyerId: number, kind: 'signup' | 'search') {
  let searchId: number | null = null
  if (kind === 'search')
    searchId = (await env.DB.prepare(
      `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
         property_status, max_price, beds, frequency)
       VALUES (?, ?, ?, 'city=Johns+Creek&beds=3&maxPrice=1200000', 'fmls', 'city', 'johns creek', 'sale', 'active',
         1200000, 3, 'instant') RETURNING id`,
    )
      .bind(buyerId, REALTOR, SEARCH)
      .first<{ id: number }>())!.id
  await env.DB.batch(buyerEventStatements(env.DB, { realtorId: REALTOR, buyerId, kind, searchId }))
  return (await env.DB.prepare('SELECT MAX(id) AS id FROM buyer_events').first<{ id: number }>())!.id
}

async function rowsOf(eventId: number) {
  const { results } = await env.DB.prepare(
    `SELECT destination, status, attempts FROM deliveries WHERE topic = 'buyer' AND message_id = ? ORDER BY destination`,
  )
    .bind(eventId)
    .all<{ destination: string; status: string; attempts: number }>()
  return results
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM buyers').run()
  await env.DB.prepare('DELETE FROM realtor_notifications').run()
  await env.DB.prepare('DELETE FROM push_subscriptions').run()
})

describe('a sign-up', () => {
  it('emails and posts to the realtor in their language, with the buyer’s page in the inbox', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'en' })
    const { config, emails, hook } = harness()
    const buyerId = await buyer()
    const id = await event(buyerId, 'signup')
    // No operator destination: a buyer is the realtor's lead only.
    expect((await rowsOf(id)).map((row) => row.destination)).toEqual(['realtor-email', 'realtor-webhook'])
    expect(await forwardBuyerEvent(config, id)).toBe(true)
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['delivered', 'delivered'])
    const link = `${env.PUBLIC_ORIGIN}/en/janekim/admin/inbox/buyers/${buyerId}`
    expect(emails).toHaveLength(1)
    expect(emails[0]!.to).toBe('jane@example.com')
    const mail = await PostalMime.parse(emails[0]!.raw)
    expect(mail.subject).toBe('New sign-up on your homepage: 김민지')
    expect(mail.replyTo?.[0]?.address).toBe(`buyer${buyerCount}@example.com`)
    for (const part of ['Name: 김민지', `Email: buyer${buyerCount}@example.com`, 'Phone: (678) 555-0123', link])
      expect(mail.text).toContain(part)
    expect(mail.html).toContain(`href="${link}"`)
    expect(hook.requests).toHaveLength(1)
    const post = hook.requests[0]!
    expect(post.headers.get('idempotency-key')).toMatch(/^delivery-\d+$/)
    const body = (await post.json()) as { text: string; blocks: unknown[] }
    expect(body.text).toContain('New sign-up on your homepage: 김민지')
    expect(body.text).toContain(link)
  })

  it('names a buyer without a name by their address', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: '', locale: 'en' })
    const { config, emails } = harness()
    const id = await event(await buyer(null), 'signup')
    await forwardBuyerEvent(config, id)
    expect((await PostalMime.parse(emails[0]!.raw)).subject).toBe(
      `New sign-up on your homepage: buyer${buyerCount}@example.com`,
    )
  })
})

describe('a saved search', () => {
  it('says who saved which search, in Korean, with the search on the realtor’s own site', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'ko' })
    const { config, emails, hook } = harness()
    const buyerId = await buyer()
    const id = await event(buyerId, 'search')
    expect(await forwardBuyerEvent(config, id)).toBe(true)
    const mail = await PostalMime.parse(emails[0]!.raw)
    expect(mail.subject).toBe(`김민지 님이 검색을 저장했습니다: ${SEARCH}`)
    expect(mail.text).toContain(`검색: ${SEARCH}`)
    expect(mail.text).toContain('알림: 즉시 알림')
    // Jane's own domain (her homepage address), Korean: no /en.
    expect(mail.text).toContain('https://janekim.example/homes?city=Johns+Creek&beds=3&maxPrice=1200000')
    expect(mail.text).toContain(`${env.PUBLIC_ORIGIN}/janekim/admin/inbox/buyers/${buyerId}`)
    const body = (await hook.requests[0]!.json()) as { text: string }
    expect(body.text).toContain(`김민지 님이 검색을 저장했습니다: ${SEARCH}`)
  })
})

describe('retries and deletions', () => {
  it('retries a failed webhook in the cron’s pass with the same key, and sends the email once', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'en' })
    let fail = true
    const { config, emails, hook } = harness(() => new Response('down', { status: fail ? 503 : 200 }))
    const id = await event(await buyer(), 'signup')
    expect(await forwardBuyerEvent(config, id)).toBe(false)
    expect(await rowsOf(id)).toEqual([
      { destination: 'realtor-email', status: 'delivered', attempts: 1 },
      { destination: 'realtor-webhook', status: 'pending', attempts: 1 },
    ])
    fail = false
    await retriesFallDue()
    await retryOutbox(config)
    expect(await rowsOf(id)).toEqual([
      { destination: 'realtor-email', status: 'delivered', attempts: 1 },
      { destination: 'realtor-webhook', status: 'delivered', attempts: 2 },
    ])
    expect(emails).toHaveLength(1)
    expect(hook.requests).toHaveLength(2)
    expect(new Set(hook.requests.map((request) => request.headers.get('idempotency-key'))).size).toBe(1)
    // Nothing is left: another pass sends nothing.
    await retriesFallDue()
    await retryOutbox(config)
    expect(hook.requests).toHaveLength(2)
  })

  it('sends nothing for a buyer deleted before the attempt: the event and its deliveries go with them', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: 'jane@example.com', webhookUrl: HOOK, locale: 'en' })
    const { config, emails, hook } = harness()
    const buyerId = await buyer()
    const id = await event(buyerId, 'signup')
    await env.DB.prepare('DELETE FROM buyers WHERE id = ?').bind(buyerId).run()
    expect(await rowsOf(id)).toEqual([])
    expect(await forwardBuyerEvent(config, id)).toBe(false)
    await retryOutbox(config)
    expect(emails).toEqual([])
    expect(hook.requests).toEqual([])
  })

  it('pushes to the realtor’s device with the buyer’s page', async () => {
    await saveNotificationSettings(env.DB, REALTOR, { email: '', webhookUrl: '', locale: 'en' })
    const phone = await subscribedDevice(REALTOR, 'en')
    const buyerId = await buyer()
    const id = await event(buyerId, 'search')
    const config = outboxConfig({ ...env, UPSTREAM_TIMEOUT_MS: '2000' }, (input, init) => fetch(input, init))
    expect(await forwardBuyerEvent(config, id)).toBe(true)
    const { received } = await phone.inbox()
    expect(received).toHaveLength(1)
    expect(received[0]!.payload).toEqual({
      title: `김민지 saved a search: ${SEARCH}`,
      body: 'Open to see what they save and search for.',
      url: `${env.PUBLIC_ORIGIN}/en/janekim/admin/inbox/buyers/${buyerId}`,
      tag: `buyer-event-${id}`,
    })
  })
})
