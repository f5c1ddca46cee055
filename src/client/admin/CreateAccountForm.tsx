// The admin console's "new realtor": an account and its homepage in one step (POST /v1/accounts,
// docs/decisions/041-accounts-endpoint.md), checked with the API's own schema before it is sent.
import { type FormEvent, useState } from 'react'
import { type AccountCreateInput, accountCreateSchema } from '../../lib/builder/account'
import { errorsOf, type FieldErrors } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import { localizeIssues } from '../../lib/validation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'

const NEW_FIELDS = ['name', 'email', 'password', 'desiredUrl'] as const
const LABELS = {
  name: 'builder.admin.name',
  email: 'builder.login.email',
  password: 'builder.admin.password',
  desiredUrl: 'builder.field.desiredUrl',
} as const

export interface CreatedAccount {
  account: { id: number; email: string; name: string }
  realtor: { id: number; desiredUrl: string }
}

export function CreateAccountForm({
  messages,
  locale,
  hydrated,
  onCreated,
  onError,
}: {
  messages: Messages
  locale: Locale
  hydrated: boolean
  onCreated: (created: CreatedAccount) => void
  onError: (message: string) => void
}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(NEW_FIELDS.map((name) => [name, String(new FormData(form).get(name) ?? '')]))
    const parsed = accountCreateSchema.safeParse(data)
    if (!parsed.success) return setErrors(errorsOf(localizeIssues(parsed.error.issues, locale)))
    setErrors({})
    setBusy(true)
    const result = await api<CreatedAccount>(
      '/v1/accounts',
      { method: 'POST', json: parsed.data satisfies AccountCreateInput },
      t(messages, 'common.networkError'),
    )
    setBusy(false)
    if (!result.ok) {
      setErrors(errorsOf(result.fields))
      return onError(result.message)
    }
    form.reset()
    onCreated(result.data)
  }

  return (
    <section className="card" aria-labelledby="admin-create-title">
      <h2 id="admin-create-title">{t(messages, 'builder.admin.create')}</h2>
      <p className="muted">{t(messages, 'builder.admin.createLead')}</p>
      <form className="builder-form" onSubmit={create} noValidate>
        {NEW_FIELDS.map((name) => (
          <FormField
            key={name}
            id={`new-${name}`}
            label={t(messages, LABELS[name])}
            error={errors[name]}
            className="field"
          >
            {(control) => (
              <input
                {...control}
                name={name}
                type={name === 'password' ? 'password' : name === 'email' ? 'email' : 'text'}
                autoComplete={name === 'password' ? 'new-password' : 'off'}
              />
            )}
          </FormField>
        ))}
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {t(messages, 'builder.admin.submit')}
        </button>
      </form>
    </section>
  )
}
