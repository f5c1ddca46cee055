// The browser's side of Web Push for the builder (docs/decisions/065-web-push.md): whether this device can
// take pushes, and its subscription under the realtor's service worker scope, made for the worker's VAPID
// key. The service worker itself is public/push-sw.js; only the builder's push settings register it.
import { base64url, fromBase64url } from '../../lib/base64url'

/** What this browser can do: push; nothing; or push once added to the Home Screen (iPhone, iPad). */
export type PushSupport = 'supported' | 'unsupported' | 'home-screen-first'

const SERVICE_WORKER = '/push-sw.js'

export function pushSupport(): PushSupport {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  const standalone =
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  // Safari on iOS offers push only to a web app opened from the Home Screen, and hides the API elsewhere.
  if (ios && !standalone) return 'home-screen-first'
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  return apis ? 'supported' : 'unsupported'
}

/** This browser's subscription under the scope, if it has one. */
export async function currentSubscription(scope: string): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(scope)
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Resolves once the registration has an active worker: subscribing needs one. */
async function activeWorker(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting
  if (registration.active || !worker) return
  await new Promise<void>((resolve) => {
    worker.addEventListener('statechange', () => worker.state === 'activated' && resolve())
  })
}

const keyOf = (key: ArrayBuffer | null | undefined) => (key ? base64url(new Uint8Array(key)) : '')

/**
 * Registers the service worker for the scope and subscribes it with the worker's key; an existing
 * subscription made for another key (the operator changed the pair) is replaced, since no push signed
 * with the new key would reach it.
 */
export async function subscribeThisDevice(scope: string, publicKey: string): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope })
  await activeWorker(registration)
  const existing = await registration.pushManager.getSubscription()
  if (existing && keyOf(existing.options.applicationServerKey) === publicKey) return existing
  await existing?.unsubscribe()
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) })
}

/** Where the builder remembers which listed device this browser is (its subscription id). */
export const deviceMemory = (realtorId: number) => ({
  read: (): number | null => {
    try {
      const value = Number(localStorage.getItem(`push-device:${realtorId}`))
      return Number.isInteger(value) && value > 0 ? value : null
    } catch {
      return null
    }
  },
  write: (id: number | null) => {
    try {
      if (id === null) localStorage.removeItem(`push-device:${realtorId}`)
      else localStorage.setItem(`push-device:${realtorId}`, String(id))
    } catch {
      // Storage refused (private mode): the device simply shows as off here next time.
    }
  },
})
