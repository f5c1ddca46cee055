// The admin console's "new realtor": an account and its homepage in one step. By default the realtor is
// invited by mail in the chosen language and sets their own password (POST /v1/accounts/invitations,
// docs/decisions/102-invitations.md); typing an initial password stays as the fallback (POST /v1/accounts,
// docs/decisions/041-accounts-endpoint.md). Checked with the API's own schemas before it is sent; opened from
// a landing lead, it starts filled in from the lead.
import { type FormEvent, useState } from 'react'
import type { InvitationSummary } from '../../lib/accounts/invitation-state'
import { accountCreateSchema, invitationCreateSchema } from '../../lib/builder/account'
import { errorsOf, type FieldErrors } from '../../lib/builder/form'
import type { LeadInvitation } from '../../lib/leads/conversion'
import { LOCALES, type Locale } from '../../lib/locale'
import { localizeIssues } from '../../lib/validation'
import { FormField } from '../components/FormField'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'

type How = 'invite' | 'password'

const LABELS = {
  name: 'builder.admin.name',
  email: 'builder.login.email',
  password: 'builder.admin.password',
  desiredUrl: 'builder.field.desiredUrl',
} as const

export interface CreatedAccount {
  account: { id: number; email: string; name: string }
  realtor: { id: number; desiredUrl: string }
  /** Invitations only: where it stands, and whether its mail went. */
  invitation?: InvitationSummary | null
  mailed?: boolean
}

export function CreateAccountForm({
  messages,
  locale,
  hydrated,
  prefill,
  onCreated,
  onError,
}: {
  messages: Messages
  locale: Locale
  hydrated: boolean
  /** "Create homepage from this lead": the lead's name, language and a free address. */
  prefill: LeadInvitation | null
  onCreated: (created: CreatedAccount) => void
  onError: (message: string) => void
}) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [how, setHow] = useState<How>('invite')
  const [leadId, setLeadId] = useState(prefill && !prefill.convertedAt ? prefill.leadId : undefined)
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const fields =
    how === 'invite'
      ? (['name', 'email', 'desiredUrl'] as const)
      : (['name', 'email', 'password', 'desiredUrl'] as const)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = new FormData(form)
    const data = Object.fromEntries(fields.map((name) => [name, String(values.get(name) ?? '')]))
    const parsed =
      how === 'invite'
        ? invitationCreateSchema.safeParse({ ...data, locale: values.get('locale'), leadId })
        : accountCreateSchema.safeParse(data)
    if (!parsed.success) return setErrors(errorsOf(localizeIssues(parsed.error.issues, locale)))
    setErrors({})
    setBusy(true)
    const path = how === 'invite' ? '/v1/accounts/invitations' : '/v1/accounts'
    const result = await api<CreatedAccount>(path, { method: 'POST', json: parsed.data }, m('common.networkError'))
    setBusy(false)
    if (!result.ok) {
      setErrors(errorsOf(result.fields))
      return onError(result.message)
    }
    form.reset()
    setLeadId(undefined)
    onCreated(result.data)
  }

  const initial = (name: string) =>
    prefill && leadId !== undefined
      ? name === 'name'
        ? prefill.name
        : name === 'desiredUrl'
          ? prefill.desiredUrl
          : undefined
      : undefined

  return (
    <section className="card" aria-labelledby="admin-create-title" id="admin-create">
      <h2 id="admin-create-title">{m('builder.admin.create')}</h2>
      <p className="muted">{m('builder.admin.createLead')}</p>
      {prefill && leadId !== undefined ? (
        <p className="notice notice--ok" data-testid="lead-prefill">
          {m('builder.admin.invite.fromLead', { name: prefill.name })}
        </p>
      ) : null}
      <form className="builder-form" onSubmit={create} noValidate>
        <fieldset className="admin-create__how">
          <legend>{m('builder.admin.how')}</legend>
          {(['invite', 'password'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="how"
                value={value}
                checked={how === value}
                onChange={() => {
                  setHow(value)
                  setErrors({})
                }}
              />{' '}
              {m(`builder.admin.how.${value}`)}
            </label>
          ))}
        </fieldset>
        {fields.map((name) => (
          <FormField
            key={name}
            id={`new-${name}`}
            label={m(LABELS[name])}
            // A typed password is the admin's: the realtor replaces it at the first sign-in (decision 106).
            hint={name === 'password' ? m('builder.admin.passwordHint') : undefined}
            error={errors[name]}
            className="field"
          >
            {(control) => (
              <input
                {...control}
                name={name}
                defaultValue={initial(name)}
                type={name === 'password' ? 'password' : name === 'email' ? 'email' : 'text'}
                autoComplete={name === 'password' ? 'new-password' : 'off'}
              />
            )}
          </FormField>
        ))}
        {how === 'invite' ? (
          <FormField id="new-locale" label={m('builder.admin.language')} error={errors.locale} className="field">
            {(control) => (
              <select {...control} name="locale" defaultValue={leadId !== undefined ? prefill?.locale : 'ko'}>
                {LOCALES.map((value) => (
                  <option key={value} value={value} lang={value}>
                    {m(`builder.admin.language.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {m(how === 'invite' ? 'builder.admin.invite.submit' : 'builder.admin.submit')}
        </button>
      </form>
    </section>
  )
}
