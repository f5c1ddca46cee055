// The admin console's custom domains (docs/decisions/054-domain-screen.md): every realtor's domain with its
// state, filtered by state and paged by key (GET /v1/domains); a simulated one (local mode) can be moved
// on or made to fail from here, as the realtor's own screen would show.
import { useCallback, useEffect, useState } from 'react'
import { type DomainStatus, type DomainView, STATUS_LABEL } from '../../lib/builder/domain-screen'
import { SimulatorControls } from '../domain/SimulatorNote'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'

/** The console's row: a Domain and whose homepage it is. */
export type DomainRow = DomainView & { realtorId: number; desiredUrl: string | null }

const PAGE_SIZE = 50
const FILTERS = ['', 'pending', 'verifying', 'active', 'failed'] as const

export const domainListPath = (status: string, after: string | null = null) => {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) })
  if (status) query.set('status', status)
  if (after) query.set('after', after)
  return `/v1/domains?${query}`
}

export function DomainList({
  messages,
  localePrefix,
  hydrated,
}: {
  messages: Messages
  localePrefix: string
  hydrated: boolean
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const network = m('common.networkError')
  const [status, setStatus] = useState<DomainStatus | ''>('')
  const [rows, setRows] = useState<DomainRow[]>([])
  const [next, setNext] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState('')

  const load = useCallback(
    async (filter: string, after: string | null) => {
      setLoading(true)
      const result = await api<{ domains: DomainRow[]; next: string | null }>(
        domainListPath(filter, after),
        {},
        network,
      )
      setLoading(false)
      if (!result.ok) return setError(result.message)
      setError('')
      setRows((list) => (after ? [...list, ...result.data.domains] : result.data.domains))
      setNext(result.data.next)
    },
    [network],
  )

  useEffect(() => {
    void load(status, null)
  }, [status, load])

  const replace = (domain: DomainView) =>
    setRows((list) => list.map((row) => (row.hostname === domain.hostname ? { ...row, ...domain } : row)))

  return (
    <section className="card domain-admin" aria-labelledby="domain-admin-title" data-testid="domain-admin">
      <h2 id="domain-admin-title">{m('builder.domain.admin.title')}</h2>
      <p className="muted">{m('builder.domain.admin.lead')}</p>
      <div className="domain-admin__filter">
        <label htmlFor="domain-admin-status">{m('builder.domain.admin.filter')}</label>
        <select
          id="domain-admin-status"
          value={status}
          disabled={!hydrated}
          onChange={(event) => setStatus(event.target.value as DomainStatus | '')}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {value ? m(STATUS_LABEL[value]) : m('builder.domain.admin.all')}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {rows.length === 0 && !loading && !error ? <p className="muted">{m('builder.domain.admin.none')}</p> : null}
      <ul aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.hostname} data-testid="domain-admin-row" data-hostname={row.hostname}>
            <span className="domain-admin__name">
              <strong>{row.hostname}</strong>
              {row.desiredUrl ? (
                <a href={`${localePrefix}/${row.desiredUrl}/admin/domain`}>/{row.desiredUrl}</a>
              ) : (
                <span className="muted">{m('builder.domain.admin.homepage', { id: row.realtorId })}</span>
              )}
            </span>
            <span className="domain-admin__meta">
              <span className={`domain-badge domain-badge--${row.status}`}>{m(STATUS_LABEL[row.status])}</span>
              {row.simulated ? (
                <SimulatorControls
                  messages={messages}
                  domain={row}
                  disabled={!hydrated}
                  onChange={replace}
                  onError={setError}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {next ? (
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={!hydrated || loading}
          onClick={() => void load(status, next)}
        >
          {m(loading ? 'builder.domain.admin.loading' : 'builder.domain.admin.loadMore')}
        </button>
      ) : null}
    </section>
  )
}
