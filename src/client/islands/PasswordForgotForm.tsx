// "Forgot password" (/login/forgot): the sign-in email against POST /v1/auth/password-reset. The answer is
// the same whether an account has the address (docs/decisions/100-password-reset.md), and so is this screen.
import { type FormEvent, useState } from 'react'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads (src/lib/island-messages.ts). */
export const PASSWORD_FORGOT_MESSAGES = [
  'builder.reset.email',
  'builder.reset.send',
  'builder.reset.sending',
  'builder.reset.required',
  'common.networkError',
] as const

export interface PasswordForgotFormProps {
  messages: Messages
  /** The page's language: the server's answer and, for an account without a saved one, the mail's. */
  locale: string
}

export default function PasswordForgotForm({ messages, locale }: PasswordForgotFormProps) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [sent, setSent] = useState('')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (!email) return setError(t(messages, 'builder.reset.required'))
    setBusy(true)
    setError('')
    const init = { method: 'POST', json: { email }, language: locale }
    const result = await api<{ message: string }>('/v1/auth/password-reset', init, t(messages, 'common.networkError'))
    setBusy(false)
    if (!result.ok) return setError(result.fields[0]?.message ?? result.message)
    setSent(result.data.message)
  }

  return (
    <form className="builder-form" onSubmit={submit} noValidate>
      <FormField
        id="forgot-email"
        label={t(messages, 'builder.reset.email')}
        error={error || undefined}
        errorRole="alert"
        className="field"
      >
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required />}
      </FormField>
      <p className="notice notice--ok" role="status">
        {sent}
      </p>
      <button type="submit" className="button button--block" disabled={!hydrated || busy}>
        {t(messages, busy ? 'builder.reset.sending' : 'builder.reset.send')}
      </button>
    </form>
  )
}
