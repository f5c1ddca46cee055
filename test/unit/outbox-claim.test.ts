// The outbox's claim (src/lib/outbox/deliveries.ts): one sender per delivery, an abandoned claim taken
// over after its expiry, and only the claim's holder settling it.
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { insertLead } from '../../src/lib/leads/store'
import {
  claim as claimAt,
  enqueue,
  markDelivered as markDeliveredAt,
  release,
  startSending,
} from '../../src/lib/outbox/deliveries'
import { claimLeaseMs, clockAt } from '../../src/lib/outbox/retry'

const LEAD = { name: 'Claim Test', area: 'Irvine, CA', phone: '949-555-0100', hasSite: 'no' } as const

/** The claim and its settling, judged by the real clock, with the default deadline. */
const TIMEOUT_MS = 3000
const clock = () => clockAt(Date.now(), TIMEOUT_MS)
/** The claim's attempt number: its token. */
const claim = async (db: D1Database, id: number) => (await claimAt(db, id, clock()))?.attempt ?? null
const markDelivered = (db: D1Database, id: number, attempt: number) => markDeliveredAt(db, id, attempt, clock())
/** Released pending and due at once, or failed for good. */
const retryNowOrGiveUp = (giveUp: boolean) => (giveUp ? null : clock().now)

interface DeliveryRow {
  id: number
  message_id: number
  destination: string
  status: string
  attempts: number
  last_error: string | null
}

async function deliveryOf(leadId: number): Promise<DeliveryRow> {
  const row = await env.DB.prepare("SELECT * FROM deliveries WHERE topic = 'lead' AND message_id = ?")
    .bind(leadId)
    .first<DeliveryRow>()
  if (!row) throw new Error(`lead ${leadId} has no delivery`)
  return row
}

/** Backdates the delivery's claim to just past its lease, as if its sender had died. */
async function abandonClaim(id: number) {
  await env.DB.prepare(
    `UPDATE deliveries SET claimed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${claimLeaseMs(TIMEOUT_MS) / 1000 + 1} seconds')
     WHERE id = ?`,
  )
    .bind(id)
    .run()
}

let delivery: DeliveryRow

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM leads').run()
  delivery = await deliveryOf((await insertLead(env.DB, LEAD, 'en')).id)
})

describe('claiming a delivery', () => {
  it('a stored lead has one pending delivery to the operator’s Slack', () => {
    expect(delivery).toMatchObject({ destination: 'operator-slack', status: 'pending', attempts: 0 })
  })

  it('is won by one caller: a second claim of the same delivery loses', async () => {
    expect(await claim(env.DB, delivery.id)).toBe(1)
    expect(await claim(env.DB, delivery.id)).toBeNull()
    expect(await deliveryOf(delivery.message_id)).toMatchObject({ status: 'sending', attempts: 1 })
  })

  it('is won by exactly one of many callers at once', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claim(env.DB, delivery.id)))
    expect(claims.filter((attempt) => attempt !== null)).toEqual([1])
  })

  it('takes over an expired claim, and the first holder can then settle nothing', async () => {
    expect(await claim(env.DB, delivery.id)).toBe(1)
    await abandonClaim(delivery.id)
    expect(await claim(env.DB, delivery.id)).toBe(2)
    // The first sender comes back late: its failure and its success are both ignored.
    await release(env.DB, delivery.id, 1, 'late failure', retryNowOrGiveUp(false))
    await markDelivered(env.DB, delivery.id, 1)
    expect(await deliveryOf(delivery.message_id)).toMatchObject({ status: 'sending', attempts: 2, last_error: null })
    await markDelivered(env.DB, delivery.id, 2)
    expect(await deliveryOf(delivery.message_id)).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('never takes a delivered delivery again', async () => {
    const attempt = (await claim(env.DB, delivery.id))!
    await markDelivered(env.DB, delivery.id, attempt)
    await abandonClaim(delivery.id)
    expect(await claim(env.DB, delivery.id)).toBeNull()
  })

  it('is given back pending after a failure, or failed for good when given up', async () => {
    await release(
      env.DB,
      delivery.id,
      (await claim(env.DB, delivery.id))!,
      'the webhook answered 500',
      retryNowOrGiveUp(false),
    )
    expect(await deliveryOf(delivery.message_id)).toMatchObject({
      status: 'pending',
      last_error: 'the webhook answered 500',
    })
    await release(
      env.DB,
      delivery.id,
      (await claim(env.DB, delivery.id))!,
      'the webhook answered 500',
      retryNowOrGiveUp(true),
    )
    expect(await deliveryOf(delivery.message_id)).toMatchObject({ status: 'failed', attempts: 2 })
    expect(await claim(env.DB, delivery.id)).toBeNull()
  })
})

describe('the start of sending', () => {
  it('renews the claim from the moment sending starts, for its holder only', async () => {
    const attempt = (await claim(env.DB, delivery.id))!
    await abandonClaim(delivery.id)
    // Its lease ran out while it prepared, and nobody took it: it is still this sender's, renewed.
    expect(await startSending(env.DB, delivery.id, attempt, clock())).toBe(true)
    expect(await claim(env.DB, delivery.id)).toBeNull()
    await abandonClaim(delivery.id)
    expect(await claim(env.DB, delivery.id)).toBe(attempt + 1)
    // Taken over: the first holder may no longer send.
    expect(await startSending(env.DB, delivery.id, attempt, clock())).toBe(false)
  })

  it('tells the next claim that the delivery may have gone, only when its sender began and never settled', async () => {
    const first = await claimAt(env.DB, delivery.id, clock())
    expect(first).toEqual({ attempt: 1, inDoubtSince: null })
    const started = clock()
    await startSending(env.DB, delivery.id, 1, started)
    await abandonClaim(delivery.id)
    expect(await claimAt(env.DB, delivery.id, clock())).toEqual({ attempt: 2, inDoubtSince: started.now })
    // A failed attempt is settled (its late answer is the retry delay's to cover): the next claim is not in doubt.
    await startSending(env.DB, delivery.id, 2, clock())
    await release(env.DB, delivery.id, 2, 'the webhook answered 500', retryNowOrGiveUp(false))
    expect(await claimAt(env.DB, delivery.id, clock())).toEqual({ attempt: 3, inDoubtSince: null })
  })
})

describe('enqueueing deliveries', () => {
  it('ties each destination to the message inserted in the same batch', async () => {
    const [inserted] = await env.DB.batch<{ id: number }>([
      env.DB.prepare(
        "INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('Two', 'x', '1', 'no', 'en') RETURNING id",
      ),
      enqueue(env.DB, 'lead', ['operator-slack', 'operator-webhook']),
    ])
    const id = inserted!.results[0]!.id
    const { results } = await env.DB.prepare(
      "SELECT message_id, destination, status FROM deliveries WHERE topic = 'lead' AND message_id = ? ORDER BY id",
    )
      .bind(id)
      .all()
    expect(results).toEqual([
      { message_id: id, destination: 'operator-slack', status: 'pending' },
      { message_id: id, destination: 'operator-webhook', status: 'pending' },
    ])
  })

  it('goes away with its message', async () => {
    await env.DB.prepare('DELETE FROM leads').run()
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'lead'").first('n')).toBe(0)
  })
})
