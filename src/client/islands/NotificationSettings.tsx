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
  /**
   * What is on now: the saved choice, or the default every realtor starts with (`saved: false`: every
   * contact emailed to the homepage's contact email, else the sign-in email), and an address waiting for
   * its owner to confirm it.
   */
  initial: NotificationState
}

export interface NotificationState {
  email: string
  webhookUrl: string
  saved: boolean
  pendingEmail: string | null
}

type Notice = { kind: 'ok' | 'error'; lines: string[] } | null
type TestResult = { channel: string; ok: boolean; reason?: string }
type Saved = NotificationState & { settings: { email: string; webhookUrl: string }; confirmationSent: boolean }

/** One line per channel: what it does now, so the screen never claims a channel that is not on. */
function StatusLines({
  state,
  m,
}: {
  state: NotificationState
  m: (key: string, values?: Record<string, string>) => string
}) {
  return (
    <ul className="notify__status" data-testid="notify-status">
      <li>
        <strong>{m('builder.notify.channel.realtor-email')}</strong>{' '}
        {state.email ? m('builder.notify.status.emailOn', { email: state.email }) : m('builder.notify.status.off')}
        {state.saved ? null : <span className="notify__default"> {m('builder.notify.status.default')}</span>}
      </li>
      {state.pendingEmail ? (
        <li data-testid="notify-pending">{m('builder.notify.status.pending', { email: state.pendingEmail })}</li>
      ) : null}
      <li>
        <strong>{m('builder.notify.channel.realtor-webhook')}</strong>{' '}
        {state.webhookUrl ? m('builder.notify.status.webhookOn') : m('builder.notify.status.off')}
      </li>
    </ul>
  )
}

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
  const [state, setState] = useState<NotificationState>(initial)
  const [emailOn, setEmailOn] = useState(Boolean(initial.email || initial.pendingEmail))
  const endpoint = `/v1/realtor/${realtorId}/notifications`

  /** The form's values, checked as the server checks them; null (errors shown) when they do not pass. */
  function values(form: HTMLFormElement) {
    const data = new FormData(form)
    // Email off is its own choice (the box), not an address left empty by accident.
    const parsed = notificationSettingsSchema.safeParse({
      email: data.get('emailOn') ? String(data.get('email') ?? '') : '',
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
    const result = await api<Saved>(endpoint, { method: 'PUT', json: input }, network)
    setBusy(null)
    setErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setNotice({ kind: 'error', lines: [result.message] })
    const { settings, saved, pendingEmail, confirmationSent } = result.data
    setState({ ...settings, saved, pendingEmail })
    const lines = [m(settings.email || settings.webhookUrl ? 'builder.notify.saved' : 'builder.notify.savedOff')]
    if (pendingEmail) {
      const key = confirmationSent ? 'builder.notify.confirm.sent' : 'builder.notify.confirm.notSent'
      lines.push(m(key, { email: pendingEmail, current: settings.email || '—' }))
    }
    setNotice({ kind: pendingEmail && !confirmationSent ? 'error' : 'ok', lines })
  }

  async function sendTest(form: HTMLFormElement | null) {
    const input = form && values(form)
    if (!input) return
    setBusy('test')
    const result = await api<{ results: TestResult[]; inForce: boolean }>(
      `${endpoint}/test`,
      { method: 'POST', json: input },
      network,
    )
    setBusy(null)
    setErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setNotice({ kind: 'error', lines: [result.message] })
    const lines = result.data.results.map(({ channel, ok, reason }) =>
      m(ok ? 'builder.notify.testSent' : reason ? `builder.notify.test.${reason}` : 'builder.notify.testFailed', {
        channel: m(`builder.notify.channel.${channel}`),
        email: input.email,
      }),
    )
    // Whether what was tried is what contacts use now: a test of unsaved values must not pass for set-up
    // (an address waiting for confirmation has its own line above).
    const waiting = result.data.results.some((entry) => entry.reason === 'unconfirmed')
    if (result.data.inForce) lines.push(m('builder.notify.test.inForce'))
    else if (!waiting) lines.push(m('builder.notify.test.notSaved'))
    const ok = result.data.inForce && result.data.results.every((entry) => entry.ok)
    setNotice({ kind: ok ? 'ok' : 'error', lines })
  }

  return (
    <section className="card notify" aria-label={m('builder.notify.title')}>
      <StatusLines state={state} m={m} />
      <NoticeLine id="notify-notice" notice={notice} />
      <form id="notify-form" className="builder-form" onSubmit={save} noValidate>
        <label className="notify__toggle">
          <input
            type="checkbox"
            name="emailOn"
            checked={emailOn}
            onChange={(event) => setEmailOn(event.currentTarget.checked)}
          />{' '}
          {m('builder.notify.emailOn')}
        </label>
        <FormField
          id="notify-email"
          label={m('builder.notify.email')}
          hint={m('builder.notify.emailHint')}
          error={errors.email}
          className="field"
        >
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              defaultValue={initial.pendingEmail ?? initial.email}
              autoComplete="email"
              disabled={!emailOn}
            />
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
