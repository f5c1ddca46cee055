// /login/reset#token=…: the link of a "forgot password" mail sets a new password once (POST
// /v1/auth/password-reset/complete), which signs this browser in; the realtor then goes where a sign-in
// goes (the agreement first if not yet accepted, else the editor). The token is read from the fragment and
// taken out of the address bar at once, so it stays out of history and Referer.
import { type FormEvent, useEffect, useState } from 'react'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'
import { completeSignIn, type SignInResponse } from './LoginForm'

/** The messages this island reads (src/lib/island-messages.ts). */
export const PASSWORD_RESET_MESSAGES = [
  'builder.reset.password',
  'builder.reset.submit',
  'builder.reset.submitting',
  'builder.reset.missing',
  'common.networkError',
] as const

export interface PasswordResetFormProps {
  messages: Messages
  locale: string
  localePrefix: string
}

export default function PasswordResetForm({ messages, locale, localePrefix }: PasswordResetFormProps) {
  const hydrated = useHydrated()
  const [token, setToken] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  useEffect(() => {
    const found = new URLSearchParams(location.hash.replace(/^#/, '')).get('token')
    const clean = new URL(location.href)
    clean.hash = ''
    history.replaceState(null, '', clean)
    if (found) setToken(found)
    else setError(t(messages, 'builder.reset.missing'))
  }, [messages])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!token) return setError(t(messages, 'builder.reset.missing'))
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    setBusy(true)
    setError('')
    const init = { method: 'POST', json: { token, password }, language: locale }
    const network = t(messages, 'common.networkError')
    const result = await api<SignInResponse>('/v1/auth/password-reset/complete', init, network)
    if (!result.ok) {
      setBusy(false)
      return setError(result.fields[0]?.message ?? result.message)
    }
    location.assign(completeSignIn(result.data, 'password-reset', null, localePrefix))
  }

  return (
    <form className="builder-form" onSubmit={submit} noValidate>
      <FormField
        id="reset-password"
        label={t(messages, 'builder.reset.password')}
        error={error || undefined}
        errorRole="alert"
        className="field"
      >
        {(control) => <input {...control} name="password" type="password" autoComplete="new-password" required />}
      </FormField>
      <button type="submit" className="button button--block" disabled={!hydrated || busy || !token}>
        {t(messages, busy ? 'builder.reset.submitting' : 'builder.reset.submit')}
      </button>
    </form>
  )
}
