// /login/reset#token=…: the link of a "forgot password" mail sets a new password once (POST
// /v1/auth/password-reset/complete), which signs this browser in; /login/invite#token=… is the same form for
// an invitation's link (POST /v1/auth/invitation/complete, docs/decisions/102-invitations.md); the realtor then goes where a sign-in
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
  'builder.invite.submit',
  'builder.invite.missing',
  'common.networkError',
] as const

/** What the link is for: the endpoint it is spent at and the words that differ. */
const KINDS = {
  reset: { path: '/v1/auth/password-reset/complete', submit: 'builder.reset.submit', missing: 'builder.reset.missing' },
  invite: { path: '/v1/auth/invitation/complete', submit: 'builder.invite.submit', missing: 'builder.invite.missing' },
} as const

export interface PasswordResetFormProps {
  messages: Messages
  locale: string
  localePrefix: string
  /** A reset link's (the default) or an invitation's. */
  kind?: keyof typeof KINDS
}

export default function PasswordResetForm({ messages, locale, localePrefix, kind = 'reset' }: PasswordResetFormProps) {
  const words = KINDS[kind]
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
    else setError(t(messages, words.missing))
  }, [messages])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!token) return setError(t(messages, words.missing))
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    setBusy(true)
    setError('')
    const init = { method: 'POST', json: { token, password }, language: locale }
    const network = t(messages, 'common.networkError')
    const result = await api<SignInResponse>(words.path, init, network)
    if (!result.ok) {
      setBusy(false)
      return setError(result.fields[0]?.message ?? result.message)
    }
    location.assign(
      completeSignIn(result.data, kind === 'invite' ? 'invitation' : 'password-reset', null, localePrefix),
    )
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
        {t(messages, busy ? 'builder.reset.submitting' : words.submit)}
      </button>
    </form>
  )
}
