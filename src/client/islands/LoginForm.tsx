// Sign-in form (/login, /{desiredUrl}/login): email and password against POST /v1/auth/login; the
// session cookie is set by the server, the spec's storage items keep the user's profile only.
// The button stays disabled until hydration, so a password is never sent as a plain form submit.
import { type FormEvent, useState } from 'react'
import { destinationAfterSignIn } from '../../lib/builder/navigation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { setItem } from '../lib/storage'
import { useHydrated } from '../use-hydrated'

export interface SignInResponse {
  user: { id: number; email: string; name: string; role: 'admin' | 'realtor'; realtorId: number | null }
  agreedAt: string | null
}

/** The messages this island reads (src/lib/island-messages.ts). */
export const LOGIN_FORM_MESSAGES = [
  'builder.login.email',
  'builder.login.password',
  'builder.login.submit',
  'builder.login.submitting',
  'builder.login.required',
  'builder.login.network',
] as const

export interface LoginFormProps {
  messages: Messages
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

export default function LoginForm({ messages, localePrefix, next, tenantBase }: LoginFormProps) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const email = String(form.get('email') ?? '').trim()
    const password = String(form.get('password') ?? '')
    if (!email || !password) return setError(t(messages, 'builder.login.required'))
    setBusy(true)
    setError('')
    const result = await api<SignInResponse>(
      '/v1/auth/login',
      { method: 'POST', json: { email, password } },
      t(messages, 'builder.login.network'),
    )
    if (!result.ok) {
      setBusy(false)
      return setError(result.message)
    }
    location.assign(
      completeSignIn(result.data, tenantBase ? `tenant:${tenantBase.slice(1)}` : 'email', next, localePrefix),
    )
  }

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
