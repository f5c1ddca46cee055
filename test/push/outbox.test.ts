// Web Push through the one outbox (docs/decisions/065-web-push.md), the real sender against the loopback
// push service, which checks each push's VAPID token and decrypts it as the browser would: one push per
// device and contact, retried after a failure and then never again, a device the service says is gone
// (404, 410) removed without a retry, a hanging service bounded by the outbox's deadline.
import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Contact } from '../../src/lib/contacts/schema'
import { insertContact, type StoredContact } from '../../src/lib/contacts/store'
import { forwardContact } from '../../src/lib/contacts/webhook'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { listDevices, removeDevice } from '../../src/lib/push/devices'
import { vapidKeys } from '../../src/lib/push/vapid'
import { CONTACT } from '../fixtures/forms'
import { retriesFallDue } from '../helpers'
import { fakePush, newVapidPair, subscribedDevice } from './helpers'

const REALTOR = 1
const VISITOR = { ...CONTACT, name: 'Amy Nguyen', isTerm: 'Y' } as Contact
const TIMEOUT_MS = 500

const config = (): OutboxConfig =>
  outboxConfig({ ...env, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }, (input, init) => fetch(input, init))

const store = (contact: Partial<Contact> = {}): Promise<StoredContact> =>
  insertContact(env.DB, { ...VISITOR, ...contact }, 'en')

async function pushRows(contactId: number) {
  const { results } = await env.DB.prepare(
    `SELECT destination, status, attempts, last_error FROM deliveries
     WHERE topic = 'contact' AND message_id = ? AND destination LIKE 'realtor-push:%' ORDER BY id`,
  )
    .bind(contactId)
    .all<{ destination: string; status: string; attempts: number; last_error: string | null }>()
  return results
}

/** The cron passes again with every retry due: what a day of retries would send. */
async function cronPasses(times = 2) {
  for (let i = 0; i < times; i++) {
    await retriesFallDue()
    await retryOutbox(config())
  }
}

const desiredUrl = async () =>
  (await env.DB.prepare('SELECT desired_url FROM realtors WHERE id = ?')
    .bind(REALTOR)
    .first<{ desired_url: string }>())!.desired_url

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM realtor_contacts').run()
  await env.DB.prepare('DELETE FROM push_subscriptions').run()
})

describe('one push per device and contact', () => {
  it('sends one decryptable push with the contact and its inbox link, in the device language, and only once', async () => {
    const phone = await subscribedDevice(REALTOR, 'en')
    const contact = await store({ message: `Hello! ${'I would like to see the house on Main Street. '.repeat(5)}` })
    expect(await pushRows(contact.id)).toEqual([
      expect.objectContaining({ destination: `realtor-push:${phone.device.id}`, status: 'pending' }),
    ])
    await forwardContact(config(), contact)
    const { received, refused } = await phone.inbox()
    expect(refused).toEqual([])
    expect(received).toHaveLength(1)
    const [push] = received
    expect(push!.payload).toEqual({
      title: 'New contact: Amy Nguyen',
      body: expect.stringMatching(/^Hello! I would like to see the house on Main Street\. .*…$/),
      url: `${env.PUBLIC_ORIGIN}/en/${await desiredUrl()}/admin/inbox/${contact.id}`,
      tag: `contact-${contact.id}`,
    })
    expect([...push!.payload.body!].length).toBeLessThanOrEqual(120)
    expect(push!.ttl).toBe(86400)
    expect(push!.urgency).toBe('high')
    expect((await pushRows(contact.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
    // The request's attempt and the cron again: nothing is sent twice.
    await forwardContact(config(), contact)
    await cronPasses()
    expect((await phone.inbox()).received).toHaveLength(1)
  })

  it('writes a Korean device its push in Korean, with the Korean inbox link', async () => {
    const phone = await subscribedDevice(REALTOR, 'ko')
    const contact = await store({ name: '김 민수' })
    await forwardContact(config(), contact)
    const [push] = (await phone.inbox()).received
    expect(push!.payload.title).toBe('새 문의: 김 민수')
    expect(push!.payload.url).toBe(`${env.PUBLIC_ORIGIN}/${await desiredUrl()}/admin/inbox/${contact.id}`)
  })

  it('sends each of two devices its own push, and none to another realtor', async () => {
    const [phone, laptop] = [await subscribedDevice(REALTOR), await subscribedDevice(REALTOR)]
    const elsewhere = await subscribedDevice(2)
    const contact = await store()
    expect((await pushRows(contact.id)).map((row) => row.destination)).toEqual([
      `realtor-push:${phone.device.id}`,
      `realtor-push:${laptop.device.id}`,
    ])
    expect(await forwardContact(config(), contact)).toBe(true)
    expect((await phone.inbox()).received).toHaveLength(1)
    expect((await laptop.inbox()).received).toHaveLength(1)
    expect((await elsewhere.inbox()).received).toHaveLength(0)
  })
})

describe('when the push service fails', () => {
  for (const status of [500, 429] as const) {
    it(`retries after a ${status}, once more, and never after the push was taken`, async () => {
      const phone = await subscribedDevice(REALTOR)
      await fakePush().mode(phone.fakeId, status)
      const contact = await store()
      expect(await forwardContact(config(), contact)).toBe(false)
      expect((await pushRows(contact.id))[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: `the push service answered ${status}`,
      })
      expect((await phone.inbox()).received).toHaveLength(0)
      await cronPasses(3)
      expect((await phone.inbox()).received).toHaveLength(1)
      expect((await pushRows(contact.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
    })
  }

  for (const status of [410, 404] as const) {
    it(`removes the device on a ${status} and drops its delivery without a retry`, async () => {
      const phone = await subscribedDevice(REALTOR)
      const other = await subscribedDevice(REALTOR)
      await fakePush().mode(phone.fakeId, status, 5)
      const contact = await store()
      expect(await forwardContact(config(), contact)).toBe(true)
      expect((await listDevices(env.DB, REALTOR)).map((device) => device.id)).toEqual([other.device.id])
      expect((await pushRows(contact.id)).map((row) => row.destination)).toEqual([`realtor-push:${other.device.id}`])
      await cronPasses()
      // One answer of the five it was told to give: nothing asked again.
      await fakePush().mode(phone.fakeId, null)
      expect((await phone.inbox()).received).toHaveLength(0)
      expect((await other.inbox()).received).toHaveLength(1)
      // The next contact goes to the remaining device only.
      const next = await store()
      expect((await pushRows(next.id)).map((row) => row.destination)).toEqual([`realtor-push:${other.device.id}`])
    })
  }

  it('does not hang on a push service that never answers: the outbox deadline ends the attempt', async () => {
    const phone = await subscribedDevice(REALTOR)
    await fakePush().mode(phone.fakeId, 'hang')
    const contact = await store()
    const started = Date.now()
    expect(await forwardContact(config(), contact)).toBe(false)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500)
    expect((await pushRows(contact.id))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    await cronPasses(1)
    expect((await phone.inbox()).received).toHaveLength(1)
  })

  it('settles a delivery whose device was removed before it ran, sending nothing', async () => {
    const phone = await subscribedDevice(REALTOR)
    const contact = await store()
    expect(await removeDevice(env.DB, REALTOR, phone.device.id)).toBe(true)
    expect(await forwardContact(config(), contact)).toBe(true)
    expect(await pushRows(contact.id)).toEqual([])
    expect((await phone.inbox()).received).toHaveLength(0)
  })
})

describe('what the push service checks', () => {
  it('is refused by the service when signed with keys the subscription was not made for', async () => {
    const phone = await subscribedDevice(REALTOR)
    const stranger = vapidKeys({ ...env, ...(await newVapidPair()) })
    const contact = await store()
    expect(await forwardContact({ ...config(), vapid: stranger }, contact)).toBe(false)
    expect((await phone.inbox()).refused).toEqual(['k is not the key the subscription was made for'])
    expect((await pushRows(contact.id))[0]).toMatchObject({
      status: 'pending',
      last_error: 'the push service answered 403',
    })
  })

  it('waits without keys, and refuses a loopback endpoint under the production rules', async () => {
    const phone = await subscribedDevice(REALTOR)
    const contact = await store()
    expect(await forwardContact({ ...config(), vapid: null }, contact)).toBe(false)
    expect((await pushRows(contact.id))[0]!.last_error).toMatch(/push is not configured/)
    await retriesFallDue()
    expect(await forwardContact({ ...config(), production: true }, contact)).toBe(false)
    expect((await pushRows(contact.id))[0]!.last_error).toBe('the push endpoint is refused (https)')
    expect((await phone.inbox()).received).toHaveLength(0)
  })
})
