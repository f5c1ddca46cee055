// /{desiredUrl}/admin/notifications: where a realtor's new contacts reach them (an email address and/or a
// Slack-compatible webhook), and a test notification through the same sender (docs/decisions/050-notifications.md).
import { type FormEvent, useState } from 'react'
import { errorsOf, type FieldErrors } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import { notificationSettingsSchema } from '../../lib/notifications/settings'
import { localizeIssues } from '../../lib/validation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

export const NOTIFICATION_SETTINGS_MESSAGES = ['builder.notify.', 'common.networkError'] as const

export interface NotificationSettingsProps {
  messages: Messages
  locale: Locale
  realtorId: number
  /** The saved addresses, or the suggested ones (the contact email) when nothing was saved yet. */
  initial: { email: string; webhookUrl: string }
}

type Notice = { kind: 'ok' | 'error'; lines: string[] } | null
type TestResult = { channel: string; ok: boolean }

function NoticeLine({ id, notice }: { id: string; notice: Notice }) {
  return (
    <div id={id} className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
      {notice?.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}

export default function NotificationSettings({ messages, locale, realtorId, initial }: NotificationSettingsProps) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const network = t(messages, 'common.networkError')
  const hydrated = useHydrated()
  const [busy, setBusy] = useState<'save' | 'test' | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<Notice>(null)
  const endpoint = `/v1/realtor/${realtorId}/notifications`

  /** The form's values, checked as the server checks them; null (errors shown) when they do not pass. */
  function values(form: HTMLFormElement) {
    const data = new FormData(form)
    const parsed = notificationSettingsSchema.safeParse({
      email: String(data.get('email') ?? ''),
      webhookUrl: String(data.get('webhookUrl') ?? ''),
    })
    if (parsed.success) return parsed.data
    setErrors(errorsOf(localizeIssues(parsed.error.issues, locale)))
    setNotice(null)
    return null
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = values(event.currentTarget)
    if (!input) return
    setBusy('save')
    const result = await api<{ channels: string[] }>(endpoint, { method: 'PUT', json: input }, network)
    setBusy(null)
    setErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setNotice({ kind: 'error', lines: [result.message] })
    const text = result.data.channels.length > 0 ? m('builder.notify.saved') : m('builder.notify.savedOff')
    setNotice({ kind: 'ok', lines: [text] })
  }

  async function sendTest(form: HTMLFormElement | null) {
    const input = form && values(form)
    if (!input) return
    setBusy('test')
    const result = await api<{ results: TestResult[] }>(`${endpoint}/test`, { method: 'POST', json: input }, network)
    setBusy(null)
    setErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setNotice({ kind: 'error', lines: [result.message] })
    const lines = result.data.results.map(({ channel, ok }) =>
      m(ok ? 'builder.notify.testSent' : 'builder.notify.testFailed', {
        channel: m(`builder.notify.channel.${channel}`),
      }),
    )
    setNotice({ kind: result.data.results.every((entry) => entry.ok) ? 'ok' : 'error', lines })
  }

  return (
    <section className="card notify" aria-label={m('builder.notify.title')}>
      <NoticeLine id="notify-notice" notice={notice} />
      <form id="notify-form" className="builder-form" onSubmit={save} noValidate>
        <FormField
          id="notify-email"
          label={m('builder.notify.email')}
          hint={m('builder.notify.emailHint')}
          error={errors.email}
          className="field"
        >
          {(control) => (
            <input {...control} name="email" type="email" defaultValue={initial.email} autoComplete="email" />
          )}
        </FormField>
        <FormField
          id="notify-webhook"
          label={m('builder.notify.webhook')}
          hint={m('builder.notify.webhookHint')}
          error={errors.webhookUrl}
          className="field"
        >
          {(control) => (
            <input {...control} name="webhookUrl" type="url" defaultValue={initial.webhookUrl} inputMode="url" />
          )}
        </FormField>
        <div className="notify__actions">
          <button type="submit" className="button" disabled={!hydrated || busy !== null}>
            {m('builder.notify.save')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={!hydrated || busy !== null}
            aria-describedby="notify-test-lead"
            onClick={(event) => sendTest(event.currentTarget.form)}
          >
            {m('builder.notify.test')}
          </button>
        </div>
        <p id="notify-test-lead" className="field__hint">
          {m('builder.notify.testLead')}
        </p>
      </form>
    </section>
  )
}
