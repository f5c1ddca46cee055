// /agreement: the realtor ticks the box and accepts (POST /v1/auth/agreement), then continues.
import { type FormEvent, useState } from 'react'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads (src/lib/island-messages.ts). */
export const AGREEMENT_FORM_MESSAGES = [
  'builder.agreement.check',
  'builder.agreement.accept',
  'builder.agreement.mustCheck',
  'common.networkError',
] as const

export interface AgreementFormProps {
  messages: Messages
  next: string
}

export default function AgreementForm({ messages, next }: AgreementFormProps) {
  const hydrated = useHydrated()
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!checked) return setError(t(messages, 'builder.agreement.mustCheck'))
    setBusy(true)
    const result = await api<{ agreedAt: string }>(
      '/v1/auth/agreement',
      { method: 'POST', json: {} },
      t(messages, 'common.networkError'),
    )
    if (!result.ok) {
      setBusy(false)
      return setError(result.message)
    }
    location.assign(next)
  }

  return (
    <form className="builder-form agreement-form" onSubmit={submit} noValidate>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            setChecked(event.target.checked)
            setError('')
          }}
          aria-describedby="agreement-error"
          aria-invalid={error ? true : undefined}
        />
        <span>{t(messages, 'builder.agreement.check')}</span>
      </label>
      <p id="agreement-error" className="form-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={!hydrated || busy}>
        {t(messages, 'builder.agreement.accept')}
      </button>
    </form>
  )
}
