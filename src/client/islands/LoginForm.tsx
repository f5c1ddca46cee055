// Sign-in form (/login, /{desiredUrl}/login): email and password against POST /v1/auth/login; the
// session cookie is set by the server, the spec's storage items keep the user's profile only.
// The button stays disabled until hydration, so a password is never sent as a plain form submit.
// A password the admin chose (a temporary one, or the one typed when the account was made) is replaced first:
// the form becomes "choose your own password", sent to the settings' password change with the sign-in's token
// and the password just typed, both kept only in this island's state; the server sets the cookie only then
// (docs/decisions/106-temporary-passwords.md).
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { destinationAfterSignIn } from '../../lib/builder/navigation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { setItem } from '../lib/storage'
import { useHydrated } from '../use-hydrated'

export interface SignInResponse {
  user: { id: number; email: string; name: string; role: 'admin' | 'realtor'; realtorId: number | null }
  agreedAt: string | null
  /** The password is one the admin chose: the realtor chooses their own before anything else (decision 106). */
  mustChangePassword?: boolean
}

/** The messages this island reads (src/lib/island-messages.ts). */
export const LOGIN_FORM_MESSAGES = [
  'builder.login.email',
  'builder.login.password',
  'builder.login.submit',
  'builder.login.submitting',
  'builder.login.required',
  'builder.login.network',
  'builder.login.changeTitle',
  'builder.login.changeIntro',
  'builder.login.changeSubmit',
  'builder.reset.password',
  'builder.reset.submitting',
] as const

export interface LoginFormProps {
  messages: Messages
  /** The page's language, for the server's messages when the visitor has no language cookie yet. */
  locale: string
  localePrefix: string
  next: string | null
  /** Where the sign-in started: '' on the provider site, '/{desiredUrl}' on a tenant's login page. */
  tenantBase: string
}

/** Remembers the signed-in user in the spec's storage items, then where to go next. */
export function completeSignIn(
  { user, agreedAt }: SignInResponse,
  via: string,
  next: string | null,
  localePrefix: string,
): string {
  setItem('userInfo', user)
  setItem('realtorLoginBy', { method: via, at: new Date().toISOString() })
  const destination = destinationAfterSignIn(next, user, localePrefix)
  // A realtor accepts the service agreement before working on the homepage.
  if (user.role === 'realtor' && !agreedAt) return `${localePrefix}/agreement?next=${encodeURIComponent(destination)}`
  return destination
}

/** What the "choose your own password" step holds: the sign-in it completes, never outside this island. */
interface PendingChange {
  token: string
  currentPassword: string
  signIn: SignInResponse
}

export default function LoginForm({ messages, locale, localePrefix, next, tenantBase }: LoginFormProps) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [pending, setPending] = useState<PendingChange | null>(null)
  const via = tenantBase ? `tenant:${tenantBase.slice(1)}` : 'email'

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    if (!email || !password) return setError(t(messages, 'builder.login.required'))
    setBusy(true)
    setError('')
    const result = await api<SignInResponse & { token: string }>(
      '/v1/auth/login',
      { method: 'POST', json: { email, password }, language: locale },
      t(messages, 'builder.login.network'),
    )
    if (!result.ok) {
      setBusy(false)
      return setError(result.message)
    }
    const { token, ...signIn } = result.data
    if (signIn.mustChangePassword) {
      setBusy(false)
      return setPending({ token, currentPassword: password, signIn })
    }
    location.assign(completeSignIn(signIn, via, next, localePrefix))
  }

  if (pending)
    return (
      <ChooseOwnPassword
        messages={messages}
        locale={locale}
        pending={pending}
        onDone={(signIn) => location.assign(completeSignIn(signIn, via, next, localePrefix))}
      />
    )

  return (
    <form
      className="builder-form login-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? 'login-error' : undefined}
    >
      {/* The form's one message (fields missing, credentials wrong, no network) marks both fields. */}
      <FormField id="login-email" label={t(messages, 'builder.login.email')} invalid={Boolean(error)} className="field">
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required />}
      </FormField>
      <FormField
        id="login-password"
        label={t(messages, 'builder.login.password')}
        invalid={Boolean(error)}
        className="field"
      >
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required />}
      </FormField>
      <p id="login-error" className="form-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--block" disabled={!hydrated || busy}>
        {t(messages, busy ? 'builder.login.submitting' : 'builder.login.submit')}
      </button>
    </form>
  )
}

/**
 * The step after signing in with a password the admin chose: a new one (the one password rule, checked by the
 * server), then on where the sign-in was going. Leaving here leaves the browser signed out: it has no cookie yet.
 */
function ChooseOwnPassword({
  messages,
  locale,
  pending,
  onDone,
}: {
  messages: Messages
  locale: string
  pending: PendingChange
  onDone: (signIn: SignInResponse) => void
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  // The form was replaced under the focus: the heading says what is asked now.
  useEffect(() => heading.current?.focus(), [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const newPassword = String(new FormData(event.currentTarget).get('newPassword') ?? '')
    setBusy(true)
    setError('')
    const result = await api<{ user: SignInResponse['user'] }>(
      '/v1/accounts/me/password',
      {
        method: 'POST',
        json: { currentPassword: pending.currentPassword, newPassword },
        headers: { authorization: `Bearer ${pending.token}` },
        language: locale,
      },
      t(messages, 'builder.login.network'),
    )
    if (!result.ok) {
      setBusy(false)
      return setError(result.fields[0]?.message ?? result.message)
    }
    onDone({ ...pending.signIn, user: result.data.user, mustChangePassword: false })
  }

  return (
    <form className="builder-form login-form" onSubmit={submit} noValidate aria-labelledby="login-change-title">
      <div className="login-form__step">
        <h2 id="login-change-title" ref={heading} tabIndex={-1}>
          {t(messages, 'builder.login.changeTitle')}
        </h2>
        <p className="muted">{t(messages, 'builder.login.changeIntro')}</p>
      </div>
      <FormField
        id="login-new-password"
        label={t(messages, 'builder.reset.password')}
        error={error || undefined}
        errorRole="alert"
        className="field"
      >
        {(control) => <input {...control} name="newPassword" type="password" autoComplete="new-password" required />}
      </FormField>
      <button type="submit" className="button button--block" disabled={busy}>
        {t(messages, busy ? 'builder.reset.submitting' : 'builder.login.changeSubmit')}
      </button>
    </form>
  )
}
