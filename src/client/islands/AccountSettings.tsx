// /admin/settings: the signed-in account's name and email, its password, and sign-out of every device
// (docs/decisions/046-account-settings.md). A password change keeps this browser signed in (the server
// sets a new cookie) while every other session and token ends.
import { type FormEvent, useState } from 'react'
import { accountUpdateSchema, passwordChangeSchema } from '../../lib/builder/account'
import { errorsOf, type FieldErrors } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import type { SessionUser } from '../../lib/session'
import { localizeIssues, validationMessage } from '../../lib/validation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { clearSignIn, setItem } from '../lib/storage'
import { useHydrated } from '../use-hydrated'

export const ACCOUNT_SETTINGS_MESSAGES = ['builder.settings.', 'common.networkError'] as const

export interface AccountSettingsProps {
  messages: Messages
  locale: Locale
  user: Pick<SessionUser, 'name' | 'email'>
  loginHref: string
}

type Notice = { kind: 'ok' | 'error'; text: string } | null

function NoticeLine({ id, notice }: { id: string; notice: Notice }) {
  return (
    <p id={id} className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
      {notice?.text}
    </p>
  )
}

export default function AccountSettings({ messages, locale, user: initial, loginHref }: AccountSettingsProps) {
  const m = (key: string) => t(messages, key)
  const network = t(messages, 'common.networkError')
  const hydrated = useHydrated()
  const [user, setUser] = useState(initial)
  const [email, setEmail] = useState(initial.email)
  const [busy, setBusy] = useState<'profile' | 'password' | 'everywhere' | null>(null)
  const [profileErrors, setProfileErrors] = useState<FieldErrors>({})
  const [passwordErrors, setPasswordErrors] = useState<FieldErrors>({})
  const [profileNotice, setProfileNotice] = useState<Notice>(null)
  const [passwordNotice, setPasswordNotice] = useState<Notice>(null)
  const [everywhereNotice, setEverywhereNotice] = useState<Notice>(null)
  const emailChanges = email.trim().toLowerCase() !== user.email.toLowerCase()

  async function saveProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const input = {
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      ...(emailChanges ? { currentPassword: String(form.get('currentPassword') ?? '') } : {}),
    }
    const parsed = accountUpdateSchema.safeParse(input)
    const missing = emailChanges && !input.currentPassword
    if (!parsed.success || missing) {
      const issues = parsed.success ? [] : localizeIssues(parsed.error.issues, locale)
      if (missing) issues.push({ path: 'currentPassword', message: validationMessage('required', locale) })
      return setProfileErrors(errorsOf(issues))
    }
    setBusy('profile')
    const result = await api<{ user: SessionUser }>('/v1/accounts/me', { method: 'PATCH', json: parsed.data }, network)
    setBusy(null)
    setProfileErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setProfileNotice({ kind: 'error', text: result.message })
    setUser(result.data.user)
    setEmail(result.data.user.email)
    setItem('userInfo', result.data.user)
    setProfileNotice({ kind: 'ok', text: m('builder.settings.profileSaved') })
  }

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
    })
    if (!parsed.success) return setPasswordErrors(errorsOf(localizeIssues(parsed.error.issues, locale)))
    setBusy('password')
    const result = await api('/v1/accounts/me/password', { method: 'POST', json: parsed.data }, network)
    setBusy(null)
    setPasswordErrors(result.ok ? {} : errorsOf(result.fields))
    if (!result.ok) return setPasswordNotice({ kind: 'error', text: result.message })
    formElement.reset()
    setPasswordNotice({ kind: 'ok', text: m('builder.settings.passwordChanged') })
  }

  async function signOutEverywhere() {
    setBusy('everywhere')
    const result = await api('/v1/accounts/me/sign-out-everywhere', { method: 'POST', json: {} }, network)
    if (!result.ok) {
      setBusy(null)
      return setEverywhereNotice({ kind: 'error', text: result.message })
    }
    clearSignIn()
    location.assign(loginHref)
  }

  return (
    <div className="settings">
      <section className="card" aria-labelledby="settings-profile">
        <h2 id="settings-profile">{m('builder.settings.profile')}</h2>
        <NoticeLine id="settings-profile-notice" notice={profileNotice} />
        <form className="builder-form" onSubmit={saveProfile} noValidate>
          <FormField
            id="settings-name"
            label={m('builder.settings.name')}
            hint={m('builder.settings.nameHint')}
            error={profileErrors.name}
            className="field"
          >
            {(control) => (
              <input {...control} name="name" defaultValue={user.name} autoComplete="name" key={user.name} />
            )}
          </FormField>
          <FormField
            id="settings-email"
            label={m('builder.settings.email')}
            error={profileErrors.email}
            className="field"
          >
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoComplete="username"
              />
            )}
          </FormField>
          {emailChanges ? (
            <FormField
              id="settings-email-password"
              label={m('builder.settings.currentPassword')}
              hint={m('builder.settings.currentPasswordHint')}
              error={profileErrors.currentPassword}
              className="field"
            >
              {(control) => (
                <input {...control} name="currentPassword" type="password" autoComplete="current-password" />
              )}
            </FormField>
          ) : null}
          <div>
            <button type="submit" className="button" disabled={!hydrated || busy !== null}>
              {m('builder.settings.saveProfile')}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="settings-password">
        <h2 id="settings-password">{m('builder.settings.password')}</h2>
        <NoticeLine id="settings-password-notice" notice={passwordNotice} />
        <form className="builder-form" onSubmit={changePassword} noValidate>
          <FormField
            id="settings-current-password"
            label={m('builder.settings.currentPassword')}
            error={passwordErrors.currentPassword}
            className="field"
          >
            {(control) => <input {...control} name="currentPassword" type="password" autoComplete="current-password" />}
          </FormField>
          <FormField
            id="settings-new-password"
            label={m('builder.settings.newPassword')}
            hint={m('builder.settings.newPasswordHint')}
            error={passwordErrors.newPassword}
            className="field"
          >
            {(control) => <input {...control} name="newPassword" type="password" autoComplete="new-password" />}
          </FormField>
          <div>
            <button type="submit" className="button" disabled={!hydrated || busy !== null}>
              {m('builder.settings.changePassword')}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="settings-everywhere">
        <h2 id="settings-everywhere">{m('builder.settings.everywhere')}</h2>
        <NoticeLine id="settings-everywhere-notice" notice={everywhereNotice} />
        <p className="muted">{m('builder.settings.everywhereLead')}</p>
        <button
          type="button"
          className="button button--danger"
          disabled={!hydrated || busy !== null}
          onClick={signOutEverywhere}
        >
          {m('builder.settings.everywhereButton')}
        </button>
      </section>
    </div>
  )
}
