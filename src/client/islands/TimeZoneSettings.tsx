// The realtor's clock on /admin/settings (docs/decisions/063-notifications-on-by-default.md): the zone the
// inbox, the dashboard and notifications read times in. Until the realtor picks one it follows their
// activity regions (CA: Pacific, GA: Eastern), and the screen says so.
import { type FormEvent, useState } from 'react'
import type { Locale } from '../../lib/locale'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

export const TIME_ZONE_MESSAGES = ['builder.timeZone.', 'common.networkError'] as const

export interface TimeZoneSettingsProps {
  messages: Messages
  locale: Locale
  realtorId: number
  timeZone: string
  /** False: the zone comes from the activity regions. */
  chosen: boolean
  /** Each offered zone with its name in the page's language (named on the server, so hydration agrees). */
  zones: { zone: string; name: string }[]
}

export default function TimeZoneSettings({ messages, realtorId, timeZone, chosen, zones }: TimeZoneSettingsProps) {
  const nameOf = (zone: string) => zones.find((entry) => entry.zone === zone)?.name ?? zone
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const zone = String(new FormData(event.currentTarget).get('timeZone') ?? '')
    setBusy(true)
    const result = await api<{ timeZone: string }>(
      `/v1/realtor/${realtorId}/notifications/time-zone`,
      { method: 'PUT', json: { timeZone: zone } },
      t(messages, 'common.networkError'),
    )
    setBusy(false)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    setNotice({ kind: 'ok', text: m('builder.timeZone.saved', { zone: nameOf(result.data.timeZone) }) })
  }

  return (
    <section className="card" aria-labelledby="time-zone-title">
      <h2 id="time-zone-title">{m('builder.timeZone.title')}</h2>
      <form className="builder-form" onSubmit={save}>
        <div className="field">
          <label htmlFor="time-zone">{m('builder.timeZone.label')}</label>
          <select id="time-zone" name="timeZone" defaultValue={chosen ? timeZone : ''}>
            <option value="">{m('builder.timeZone.fromRegions', { zone: nameOf(timeZone) })}</option>
            {zones.map(({ zone, name }) => (
              <option key={zone} value={zone}>
                {name}
              </option>
            ))}
          </select>
          <p className="field__hint">{m('builder.timeZone.hint')}</p>
        </div>
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {m('builder.timeZone.save')}
        </button>
        <p className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
          {notice?.text}
        </p>
      </form>
    </section>
  )
}
