// /v1/realtor/{id}/push (docs/decisions/065-web-push.md): only the owner or an admin lists, adds and removes
// a realtor's push devices; a bad subscription is a translated 400 that saves nothing; production takes only
// public https push services; without VAPID keys push is "not configured" (503); at most 20 devices.
import { env } from 'cloudflare:test'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { PRODUCTION_VARS } from '../fixtures/production'
import { fakePush, newVapidPair } from './helpers'

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

let owner = ''
let other = ''
let admin = ''
let realtorId = 0
let otherRealtorId = 0

beforeAll(async () => {
  const ownerId = await makeAccount('push-owner@example.com', 'password-123', { desiredUrl: 'pushowner' })
  const otherId = await makeAccount('push-other@example.com', 'password-123', { desiredUrl: 'pushother' })
  const adminId = await makeAccount('push-admin@example.com', 'password-123', { role: 'admin' })
  ;[owner, other, admin] = await Promise.all([tokenFor(ownerId), tokenFor(otherId), tokenFor(adminId)])
  const idOf = async (url: string) =>
    (await env.DB.prepare('SELECT id FROM realtors WHERE desired_url = ?').bind(url).first<{ id: number }>())!.id
  ;[realtorId, otherRealtorId] = [await idOf('pushowner'), await idOf('pushother')]
})

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM push_subscriptions').run()
})

interface Options {
  token?: string
  json?: unknown
  method?: string
  language?: string
  vars?: Record<string, unknown>
  realtor?: number
  body?: string
}

function request(
  path: string,
  { token, json, method = 'GET', language = 'ko', vars = {}, realtor, body }: Options = {},
) {
  const headers: Record<string, string> = { 'accept-language': language, 'user-agent': ANDROID_CHROME }
  if (token) headers.authorization = `Bearer ${token}`
  if (json !== undefined || body !== undefined) headers['content-type'] = 'application/json'
  return createApp().request(
    `http://127.0.0.1:8787/v1/realtor/${realtor ?? realtorId}/push${path}`,
    { method, headers, body: body ?? (json === undefined ? undefined : JSON.stringify(json)) },
    { ...env, ...vars },
  )
}

const subscription = async (key = env.VAPID_PUBLIC_KEY) => (await fakePush().subscribe(key)).subscription
const subscribe = async (options: Options = {}) =>
  request('', { token: owner, method: 'POST', json: await subscription(), ...options })

const errorOf = async (response: Response) =>
  (
    (await response.json()) as {
      error: { code: string; message: string; fields?: { path: string; message: string }[] }
    }
  ).error
const count = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions').first<{ n: number }>())!.n

describe('who may see and change the devices', () => {
  it('refuses a signed-out caller and another realtor; takes the owner and an admin', async () => {
    const saved = await subscribe()
    expect(saved.status).toBe(201)
    const { subscription: device } = (await saved.json()) as { subscription: { id: number } }
    expect((await request('')).status).toBe(401)
    expect((await request('', { token: other })).status).toBe(403)
    expect((await subscribe({ token: other })).status).toBe(403)
    expect((await request(`/${device.id}`, { token: other, method: 'DELETE' })).status).toBe(403)
    expect((await request('', { token: owner })).status).toBe(200)
    expect((await request('', { token: admin })).status).toBe(200)
    expect((await subscribe({ token: admin })).status).toBe(201)
    expect(await count()).toBe(2)
  })

  it('answers 404 for a realtor that does not exist', async () => {
    expect((await request('', { token: admin, realtor: 999999 })).status).toBe(404)
  })

  it("cannot remove another realtor's device through its own realtor", async () => {
    const theirs = await request('', {
      token: other,
      method: 'POST',
      json: await subscription(),
      realtor: otherRealtorId,
    })
    const { subscription: device } = (await theirs.json()) as { subscription: { id: number } }
    expect((await request(`/${device.id}`, { token: owner, method: 'DELETE' })).status).toBe(404)
    expect(await count()).toBe(1)
  })
})

describe('subscribing', () => {
  it('lists the public key and the devices, named from the browser, newest renewing in place', async () => {
    const empty = (await (await request('', { token: owner })).json()) as Record<string, unknown>
    expect(empty).toEqual({ publicKey: env.VAPID_PUBLIC_KEY, subscriptions: [] })
    const json = await subscription()
    const first = (await (await request('', { token: owner, method: 'POST', json })).json()) as {
      subscription: { id: number; label: string; createdAt: string }
    }
    expect(first.subscription).toEqual({
      id: expect.any(Number),
      label: 'Chrome · Android',
      createdAt: expect.any(String),
    })
    // The same browser again (a reload, new keys): the same device.
    const again = (await (await request('', { token: owner, method: 'POST', json })).json()) as typeof first
    expect(again.subscription.id).toBe(first.subscription.id)
    const listed = (await (await request('', { token: owner })).json()) as { subscriptions: unknown[] }
    expect(listed.subscriptions).toEqual([first.subscription])
    const row = await env.DB.prepare('SELECT account_id, locale FROM push_subscriptions').first()
    expect(row).toEqual({ account_id: expect.any(Number), locale: 'ko' })
  })

  it('refuses bad subscriptions with translated field errors and saves nothing', async () => {
    const good = await subscription()
    const cases: [unknown, string][] = [
      [{ ...good, keys: undefined }, 'keys'],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'x'.repeat(30) } }, 'keys.auth'],
      // 87 characters of the right shape that are no point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh'],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, extra: 1 }, 'extra'],
      [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(2000)}` }, 'endpoint'],
    ]
    for (const [json, path] of cases) {
      const response = await request('', { token: owner, method: 'POST', json, language: 'en' })
      expect(response.status, path).toBe(400)
      const error = await errorOf(response)
      expect(error.fields?.map((field) => field.path)).toContain(path)
    }
    const english = await errorOf(
      await request('', {
        token: owner,
        method: 'POST',
        json: { ...good, endpoint: 'ftp://x.example/y' },
        language: 'en',
      }),
    )
    expect(fieldMessage(english)).toBe('This is not a push service address.')
    expect((await request('', { token: owner, method: 'POST', body: '{', language: 'en' })).status).toBe(400)
    expect(
      (await request('', { token: owner, method: 'POST', body: JSON.stringify({ ...good, pad: 'x'.repeat(5000) }) }))
        .status,
    ).toBe(413)
    expect(await count()).toBe(0)
  })

  it('takes only public https push services under the production rules', async () => {
    const pair = await newVapidPair()
    const vars = { ...PRODUCTION_VARS, ...pair }
    const loopback = await subscription(pair.VAPID_PUBLIC_KEY)
    const refused = await request('', { token: owner, method: 'POST', json: loopback, vars, language: 'en' })
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields).toEqual([
      { path: 'endpoint', message: 'A push service address must be a public https address.' },
    ])
    const privateHost = { ...loopback, endpoint: 'https://10.0.0.7/push/abc' }
    expect((await request('', { token: owner, method: 'POST', json: privateHost, vars })).status).toBe(400)
    const fcm = { ...loopback, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' }
    expect((await request('', { token: owner, method: 'POST', json: fcm, vars })).status).toBe(201)
    const listed = (await (await request('', { token: owner, vars })).json()) as { publicKey: string }
    expect(listed.publicKey).toBe(pair.VAPID_PUBLIC_KEY)
  })

  it('is "not configured" without VAPID keys: 503 in the caller\'s language, and no key to subscribe with', async () => {
    const vars = { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }
    const korean = await subscribe({ vars })
    expect(korean.status).toBe(503)
    expect(await errorOf(korean)).toMatchObject({
      code: 'not_configured',
      message: '이 서비스에는 푸시 알림이 설정되어 있지 않습니다.',
    })
    expect((await errorOf(await subscribe({ vars, language: 'en' }))).message).toBe(
      'Push notifications are not set up on this service.',
    )
    expect(((await (await request('', { token: owner, vars })).json()) as { publicKey: unknown }).publicKey).toBeNull()
    expect(await count()).toBe(0)
  })

  it('keeps at most 20 devices, and a listed device can always renew', async () => {
    const first = await subscription()
    expect((await request('', { token: owner, method: 'POST', json: first })).status).toBe(201)
    for (let i = 1; i < 20; i++) expect((await subscribe()).status).toBe(201)
    const refused = await subscribe({ language: 'en' })
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(
      'This homepage already has 20 devices. Remove one before adding another.',
    )
    expect((await request('', { token: owner, method: 'POST', json: first })).status).toBe(201)
    expect(await count()).toBe(20)
  })
})

describe('removing', () => {
  it('removes one device, then answers 404 for it, and for ids that are none', async () => {
    const saved = (await (await subscribe()).json()) as { subscription: { id: number } }
    const path = `/${saved.subscription.id}`
    expect((await request(path, { token: owner, method: 'DELETE' })).status).toBe(204)
    expect(await count()).toBe(0)
    const again = await request(path, { token: owner, method: 'DELETE', language: 'en' })
    expect(again.status).toBe(404)
    expect((await errorOf(again)).message).toBe('There is no such device.')
    expect((await request('/abc', { token: owner, method: 'DELETE' })).status).toBe(404)
  })
})

function fieldMessage(error: { message: string; fields?: { message: string }[] }): string | undefined {
  return error.fields?.[0]?.message
}
