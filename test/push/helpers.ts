// Shared by the push tests: the loopback push service (test/fixtures/fake-push.ts) and devices made on it.
import { env } from 'cloudflare:test'
import { inject } from 'vitest'
import { base64url } from '../../src/lib/base64url'
import { saveDevice } from '../../src/lib/push/devices'
import { fakePushClient } from '../fixtures/fake-push-client'

export const fakePush = () => fakePushClient(inject('pushOrigin'))

/** A browser subscription on the fake, made for the worker's VAPID key, saved as a device of the realtor. */
export async function subscribedDevice(realtorId: number, locale: 'ko' | 'en' = 'en') {
  const fake = fakePush()
  const { id: fakeId, subscription } = await fake.subscribe(env.VAPID_PUBLIC_KEY)
  const device = await saveDevice(env.DB, {
    realtorId,
    accountId: 1,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    label: 'Chrome · Android',
    locale,
  })
  if (!device) throw new Error('the device was not saved')
  return { device, fakeId, subscription, inbox: () => fake.inbox(fakeId) }
}

/** A VAPID pair of this run only: what an operator makes for a deployment. */
export async function newVapidPair(): Promise<{ VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey
  return { VAPID_PUBLIC_KEY: base64url(raw), VAPID_PRIVATE_KEY: jwk.d ?? '' }
}
