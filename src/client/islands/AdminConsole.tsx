// /admin for provider staff: every realtor with search, links to each editor and homepage, a new
// realtor (account and homepage in one step, POST /v1/accounts) and delete with confirmation.
import { type FormEvent, useMemo, useState } from 'react'
import { type AccountCreateInput, accountCreateSchema } from '../../lib/builder/account'
import { errorsOf, type FieldErrors } from '../../lib/builder/form'
import type { Locale } from '../../lib/locale'
import { localizeIssues } from '../../lib/validation'
import { FormField } from '../components/FormField'
import { SignOutButton } from '../editor/SignOutButton'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

export interface RealtorSummary {
  id: number
  name: string
  desiredUrl: string
  email: string
  cities: string
}

/** The messages this island reads (src/lib/island-messages.ts), its sign-out button's among them. */
export const ADMIN_CONSOLE_MESSAGES = [
  'builder.admin.',
  'builder.login.email',
  'builder.field.desiredUrl',
  'builder.created',
  'builder.deleted',
  'builder.confirmDelete',
  'builder.delete',
  'builder.signOut',
  'common.networkError',
] as const

export interface AdminConsoleProps {
  messages: Messages
  locale: Locale
  localePrefix: string
  loginHref: string
  realtors: RealtorSummary[]
}

/** Case-insensitive match on name, address, email, cities or id. */
export function matchesSearch(realtor: RealtorSummary, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return [realtor.name, realtor.desiredUrl, realtor.email, realtor.cities, String(realtor.id)].some((value) =>
    value.toLowerCase().includes(needle),
  )
}

const NEW_FIELDS = ['name', 'email', 'password', 'desiredUrl'] as const

export default function AdminConsole({
  messages,
  locale,
  localePrefix,
  loginHref,
  realtors: initial,
}: AdminConsoleProps) {
  const [realtors, setRealtors] = useState(initial)
  const [query, setQuery] = useState('')
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const shown = useMemo(() => realtors.filter((realtor) => matchesSearch(realtor, query)), [realtors, query])

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(NEW_FIELDS.map((name) => [name, String(new FormData(form).get(name) ?? '')]))
    const parsed = accountCreateSchema.safeParse(data)
    if (!parsed.success) return setErrors(errorsOf(localizeIssues(parsed.error.issues, locale)))
    setErrors({})
    setBusy(true)
    const result = await api<{ realtor: { id: number; name: string; desiredUrl: string; email: string } }>(
      '/v1/accounts',
      { method: 'POST', json: parsed.data satisfies AccountCreateInput },
      t(messages, 'common.networkError'),
    )
    setBusy(false)
    if (!result.ok) {
      setErrors(errorsOf(result.fields))
      return setNotice({ kind: 'error', text: result.message })
    }
    const { realtor } = result.data
    setRealtors((list) => [...list, { ...realtor, cities: '' }])
    form.reset()
    setNotice({ kind: 'ok', text: t(messages, 'builder.created') })
  }

  async function remove(realtor: RealtorSummary) {
    if (!confirm(t(messages, 'builder.confirmDelete', { name: realtor.name || realtor.desiredUrl }))) return
    const result = await api(`/v1/realtor/${realtor.id}`, { method: 'DELETE' }, t(messages, 'common.networkError'))
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    setRealtors((list) => list.filter((item) => item.id !== realtor.id))
    setNotice({ kind: 'ok', text: t(messages, 'builder.deleted') })
  }

  return (
    <div className="admin-console">
      <div className="builder-toolbar">
        <p className="builder-toolbar__count">{t(messages, 'builder.admin.count', { count: shown.length })}</p>
        <SignOutButton messages={messages} loginHref={loginHref} />
      </div>
      <p className={`notice${notice ? ` notice--${notice.kind}` : ''}`} role="status" aria-live="polite">
        {notice?.text}
      </p>
      <div className="admin-grid">
        <section className="card" aria-labelledby="admin-list-title">
          <h2 id="admin-list-title" className="visually-hidden">
            {t(messages, 'builder.admin.count', { count: realtors.length })}
          </h2>
          <label className="search">
            <span className="visually-hidden">{t(messages, 'builder.admin.search')}</span>
            <input
              type="search"
              placeholder={t(messages, 'builder.admin.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          {shown.length === 0 ? <p className="muted">{t(messages, 'builder.admin.none')}</p> : null}
          <ul className="realtor-list">
            {shown.map((realtor) => (
              <li key={realtor.id} className="realtor-row" data-desired-url={realtor.desiredUrl}>
                <div className="realtor-row__who">
                  <strong>{realtor.name || realtor.desiredUrl}</strong>
                  <span className="muted">
                    /{realtor.desiredUrl} · #{realtor.id}
                    {realtor.cities ? ` · ${realtor.cities}` : ''}
                  </span>
                </div>
                <div className="realtor-row__actions">
                  <a className="button button--small" href={`${localePrefix}/${realtor.desiredUrl}/admin`}>
                    {t(messages, 'builder.admin.edit')}
                  </a>
                  <a className="button button--small button--ghost" href={`${localePrefix}/${realtor.desiredUrl}`}>
                    {t(messages, 'builder.admin.homepage')}
                  </a>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={!hydrated}
                    onClick={() => remove(realtor)}
                    aria-label={`${t(messages, 'builder.delete')}: ${realtor.name || realtor.desiredUrl}`}
                  >
                    {t(messages, 'builder.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="admin-create-title">
          <h2 id="admin-create-title">{t(messages, 'builder.admin.create')}</h2>
          <p className="muted">{t(messages, 'builder.admin.createLead')}</p>
          <form className="builder-form" onSubmit={create} noValidate>
            {NEW_FIELDS.map((name) => {
              const label = {
                name: 'builder.admin.name',
                email: 'builder.login.email',
                password: 'builder.admin.password',
                desiredUrl: 'builder.field.desiredUrl',
              }[name]
              return (
                <FormField
                  key={name}
                  id={`new-${name}`}
                  label={t(messages, label)}
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
              )
            })}
            <button type="submit" className="button" disabled={!hydrated || busy}>
              {t(messages, 'builder.admin.submit')}
            </button>
          </form>
        </section>
      </div>
    </div>
  )
}
