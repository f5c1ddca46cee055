// "Notifications on this device" on the notifications page (docs/decisions/065-web-push.md): turns Web Push
// on or off for this browser and lists the realtor's devices with a remove button each. Every state a
// device can be in is said plainly: not supported, iPhone without Home Screen, notifications blocked,
// push not set up on the service, a failed subscribe.
import { useEffect, useState } from 'react'
import type { Locale } from '../../lib/locale'
import type { PushDevice } from '../../lib/push/schema'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { currentSubscription, deviceMemory, type PushSupport, pushSupport, subscribeThisDevice } from '../lib/web-push'

export const PUSH_SETTINGS_MESSAGES = ['builder.push.', 'common.networkError'] as const

export interface PushSettingsProps {
  messages: Messages
  locale: Locale
  realtorId: number
  /** The service worker scope of this realtor's builder (`/{desiredUrl}/admin/`, `/admin/` on a domain). */
  scope: string
}

/** Until the browser has been asked: `checking`. */
type State = 'checking' | PushSupport | 'not-configured' | 'denied' | 'ready'
type Notice = { kind: 'ok' | 'error'; text: string } | null

export default function PushSettings({ messages, locale, realtorId, scope }: PushSettingsProps) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const network = t(messages, 'common.networkError')
  const endpoint = `/v1/realtor/${realtorId}/push`
  const memory = deviceMemory(realtorId)
  const [state, setState] = useState<State>('checking')
  const [publicKey, setPublicKey] = useState('')
  const [devices, setDevices] = useState<PushDevice[]>([])
  const [thisDevice, setThisDevice] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)

  useEffect(() => {
    ;(async () => {
      const support = pushSupport()
      const listed = await api<{ publicKey: string | null; subscriptions: PushDevice[] }>(endpoint, {}, network)
      if (!listed.ok) return setNotice({ kind: 'error', text: listed.message })
      setDevices(listed.data.subscriptions)
      if (support !== 'supported') return setState(support)
      if (!listed.data.publicKey) return setState('not-configured')
      setPublicKey(listed.data.publicKey)
      const remembered = memory.read()
      const subscribed = (await currentSubscription(scope).catch(() => null)) !== null
      const listedHere = listed.data.subscriptions.some((device) => device.id === remembered)
      setThisDevice(subscribed && listedHere ? remembered : null)
      setState(Notification.permission === 'denied' ? 'denied' : 'ready')
    })()
  }, [])

  async function turnOn() {
    setBusy(true)
    setNotice(null)
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        if (permission === 'denied') setState('denied')
        return setNotice({
          kind: 'error',
          text: m(permission === 'denied' ? 'builder.push.denied' : 'builder.push.dismissed'),
        })
      }
      const subscription = await subscribeThisDevice(scope, publicKey).catch(() => null)
      if (!subscription) return setNotice({ kind: 'error', text: m('builder.push.failed') })
      const saved = await api<{ subscription: PushDevice }>(
        endpoint,
        { method: 'POST', json: subscription.toJSON() },
        network,
      )
      if (!saved.ok) return setNotice({ kind: 'error', text: saved.message })
      const device = saved.data.subscription
      memory.write(device.id)
      setThisDevice(device.id)
      setDevices((list) => [...list.filter((entry) => entry.id !== device.id), device])
      setNotice({ kind: 'ok', text: m('builder.push.on') })
    } finally {
      setBusy(false)
    }
  }

  /** Removes a listed device; this browser's own also stops its subscription. */
  async function remove(id: number) {
    setBusy(true)
    setNotice(null)
    try {
      if (id === thisDevice) {
        await (await currentSubscription(scope).catch(() => null))?.unsubscribe().catch(() => false)
        memory.write(null)
        setThisDevice(null)
      }
      const removed = await api(`${endpoint}/${id}`, { method: 'DELETE' }, network)
      if (!removed.ok && removed.status !== 404) return setNotice({ kind: 'error', text: removed.message })
      setDevices((list) => list.filter((entry) => entry.id !== id))
      setNotice({ kind: 'ok', text: m(id === thisDevice ? 'builder.push.off' : 'builder.push.removed') })
    } finally {
      setBusy(false)
    }
  }

  const explanation: Partial<Record<State, string>> = {
    checking: m('builder.push.checking'),
    unsupported: m('builder.push.unsupported'),
    'home-screen-first': m('builder.push.ios'),
    'not-configured': m('builder.push.notConfigured'),
    denied: m('builder.push.denied'),
  }
  const date = new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium' })
  return (
    <section className="card push" aria-labelledby="push-title">
      <h2 id="push-title">{m('builder.push.title')}</h2>
      <p className="field__hint">{m('builder.push.intro')}</p>
      <div className="push__device">
        <p className="push__state" data-state={state}>
          {explanation[state] ?? m(thisDevice === null ? 'builder.push.off' : 'builder.push.on')}
        </p>
        {state === 'ready' || state === 'denied' ? (
          <button
            type="button"
            className={thisDevice === null ? 'button' : 'button button--ghost'}
            disabled={busy}
            aria-pressed={thisDevice !== null}
            onClick={() => (thisDevice === null ? turnOn() : remove(thisDevice))}
          >
            {m(thisDevice === null ? 'builder.push.turnOn' : 'builder.push.turnOff')}
          </button>
        ) : null}
      </div>
      <div className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
        {notice ? <p>{notice.text}</p> : null}
      </div>
      <h3 className="push__heading">{m('builder.push.devices')}</h3>
      {devices.length === 0 ? (
        <p className="muted">{m(state === 'checking' ? 'builder.push.checking' : 'builder.push.noDevices')}</p>
      ) : (
        <ul className="push__devices">
          {devices.map((device) => {
            const name = device.label || m('builder.push.unknownDevice')
            return (
              <li key={device.id} className="push__entry">
                <span className="push__name">
                  {name}
                  {device.id === thisDevice ? <span className="push__this">{m('builder.push.thisDevice')}</span> : null}
                </span>
                <span className="push__added">
                  {m('builder.push.addedOn', { date: date.format(new Date(device.createdAt)) })}
                </span>
                <button
                  type="button"
                  className="button button--ghost push__remove"
                  disabled={busy}
                  aria-label={m('builder.push.removeLabel', { device: name })}
                  onClick={() => remove(device.id)}
                >
                  {m('builder.push.remove')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
