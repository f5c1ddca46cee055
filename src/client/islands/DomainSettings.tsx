// /{desiredUrl}/admin/domain: the realtor's own domain (docs/decisions/054-domain-screen.md). Enter a
// domain, add the DNS records shown, and watch it go from waiting for DNS to verifying to active (checked
// every few seconds while the tab is open); change or remove it. In local mode a simulator stands in for
// Cloudflare and an admin moves it on. The first view is rendered on the server from the same Domain.
import { useState } from 'react'
import { type DomainView, isSettled, STATUS_LABEL, type TakenOver } from '../../lib/builder/domain-screen'
import type { Locale } from '../../lib/locale'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { DnsRecords } from '../domain/DnsRecords'
import { DomainForm } from '../domain/DomainForm'
import { DomainStatusText, DomainStepper } from '../domain/DomainStatus'
import { SimulatorNote } from '../domain/SimulatorNote'
import { domainEndpoint, useDomain } from '../domain/use-domain'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

export const DOMAIN_SETTINGS_MESSAGES = ['builder.domain.', 'common.networkError'] as const

export interface DomainSettingsProps {
  messages: Messages
  locale: Locale
  realtorId: number
  /** The realtor's Domain when the page was rendered. */
  initial: DomainView | null
  /** With no domain: the claim another homepage took over from this one (decision 088). */
  initialTakenOver: TakenOver | null
  /** The homepage's address on the provider's site, where it stays until a domain is active. */
  pathAddress: string
  /** An admin may move the local simulator on. */
  isAdmin: boolean
}

/** `for`: the status a notice is about; once the domain has moved on, the notice is no longer shown. */
type Notice = { kind: 'ok' | 'error'; text: string; for?: DomainView['status'] } | null

export default function DomainSettings({
  messages,
  locale,
  realtorId,
  initial,
  initialTakenOver,
  pathAddress,
  isAdmin,
}: DomainSettingsProps) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const network = m('common.networkError')
  const hydrated = useHydrated()
  const { domain, takenOver, checking, checkError, polling, check, adopt } = useDomain(
    realtorId,
    initial,
    initialTakenOver,
    network,
  )
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [fieldError, setFieldError] = useState('')
  const [notice, setNotice] = useState<Notice>(null)
  const [removing, setRemoving] = useState(false)

  async function connect(hostname: string) {
    setBusy(true)
    const result = await api<{ domain: DomainView }>(
      domainEndpoint(realtorId),
      { method: 'PUT', json: { hostname } },
      network,
    )
    setBusy(false)
    if (!result.ok) {
      const field = result.fields.find((entry) => entry.path === 'hostname')
      setFieldError(field?.message ?? '')
      // A refused hostname is said under the field; anything else (rate limit, provider down) above it.
      setNotice(field ? null : { kind: 'error', text: result.message })
      return
    }
    setFieldError('')
    setEditing(false)
    adopt(result.data.domain)
    const added = result.data.domain
    setNotice({ kind: 'ok', text: m('builder.domain.saved', { hostname: added.hostname }), for: added.status })
  }

  async function remove() {
    if (!domain) return
    setBusy(true)
    const result = await api(domainEndpoint(realtorId), { method: 'DELETE' }, network)
    setBusy(false)
    setRemoving(false)
    if (!result.ok) return setNotice({ kind: 'error', text: result.message })
    adopt(null)
    setEditing(false)
    setNotice({ kind: 'ok', text: m('builder.domain.removed', { hostname: domain.hostname, address: pathAddress }) })
  }

  const checkedAt =
    hydrated && domain?.checkedAt
      ? new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(domain.checkedAt))
      : ''
  // Formatted in the browser's time zone once hydrated, as checkedAt: the server's would not match it.
  const takenOverOn =
    hydrated && takenOver ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(takenOver.at)) : ''
  const disabled = !hydrated || busy
  const shown = notice && (!notice.for || notice.for === domain?.status) ? notice : null

  return (
    <div className="domain">
      <p className={`notice${shown ? ` notice--${shown.kind}` : ''}`} role="status" data-testid="domain-notice">
        {shown?.text}
      </p>
      {domain?.simulated ? (
        <SimulatorNote
          messages={messages}
          domain={domain}
          isAdmin={isAdmin}
          disabled={disabled}
          onChange={adopt}
          onError={(text) => setNotice({ kind: 'error', text })}
        />
      ) : null}
      {domain ? (
        <section
          className={`card domain-status domain-status--${domain.status}`}
          aria-labelledby="domain-status-title"
          data-testid="domain-status"
          data-status={domain.status}
        >
          <div className="domain-status__head">
            <h2 id="domain-status-title">{domain.hostname}</h2>
            <span className={`domain-badge domain-badge--${domain.status}`}>{m(STATUS_LABEL[domain.status])}</span>
          </div>
          <DomainStepper domain={domain} messages={messages} />
          <DomainStatusText domain={domain} messages={messages} checkedAt={checkedAt} />
          {domain.status === 'active' ? (
            <p className="domain-status__live">
              <a className="button" href={`https://${domain.hostname}`} target="_blank" rel="noopener">
                {m('builder.domain.open', { hostname: domain.hostname })}
              </a>
            </p>
          ) : null}
          {checkError ? (
            <p className="notice notice--error" role="alert">
              {m('builder.domain.checkFailed', { reason: checkError })}
            </p>
          ) : null}
          <div className="domain__actions">
            {isSettled(domain.status) ? null : (
              <button
                type="button"
                className="button button--ghost"
                disabled={disabled}
                // Not disabled while a check runs: the screen polls on its own every few seconds, and a
                // disabled button would drop the keyboard focus of whoever is on it each time.
                aria-disabled={checking || undefined}
                onClick={() => {
                  if (!checking) void check()
                }}
              >
                {m(checking ? 'builder.domain.checking' : 'builder.domain.checkNow')}
              </button>
            )}
            {domain.status === 'failed' ? (
              <button
                type="button"
                className="button"
                disabled={disabled}
                onClick={() => void connect(domain.hostname)}
              >
                {m('builder.domain.retry')}
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost"
              disabled={disabled}
              aria-expanded={editing}
              aria-controls="domain-form"
              onClick={() => setEditing((open) => !open)}
            >
              {m('builder.domain.change')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={disabled}
              onClick={() => setRemoving(true)}
            >
              {m('builder.domain.remove')}
            </button>
          </div>
          {polling ? <p className="field__hint">{m('builder.domain.autoCheck')}</p> : null}
        </section>
      ) : (
        <>
          {takenOver ? (
            <div className="notice notice--error domain__taken-over" role="alert" data-testid="domain-taken-over">
              <p>{m('builder.domain.takenOver', { hostname: takenOver.hostname })}</p>
              {takenOverOn ? <p>{m('builder.domain.takenOverAt', { date: takenOverOn })}</p> : null}
            </div>
          ) : null}
          <p className="domain__path">{m('builder.domain.pathAddress', { address: pathAddress })}</p>
        </>
      )}
      <div id="domain-form">
        {!domain || editing ? (
          <DomainForm
            messages={messages}
            current={domain?.hostname ?? null}
            busy={busy}
            disabled={!hydrated}
            error={fieldError}
            onSubmit={(hostname) => void connect(hostname)}
            onCancel={domain ? () => setEditing(false) : undefined}
          />
        ) : null}
      </div>
      {domain && domain.records.length > 0 ? (
        <RecordsCard domain={domain} messages={messages} disabled={!hydrated} />
      ) : null}
      <ConfirmDialog
        open={removing}
        title={m('builder.domain.removeTitle', { hostname: domain?.hostname ?? '' })}
        description={m('builder.domain.removeBody', { hostname: domain?.hostname ?? '', address: pathAddress })}
        confirmLabel={m('builder.domain.removeConfirm')}
        cancelLabel={m('builder.domain.cancel')}
        tone="danger-solid"
        initialFocus="cancel"
        confirmDisabled={busy}
        testId="domain-remove-dialog"
        confirmTestId="domain-remove-confirm"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </div>
  )
}

/** The records to add; once the domain is active they stay at hand, folded, as they must stay in DNS. */
function RecordsCard({ domain, messages, disabled }: { domain: DomainView; messages: Messages; disabled: boolean }) {
  const m = (key: string) => t(messages, key)
  const table = <DnsRecords records={domain.records} messages={messages} disabled={disabled} />
  if (domain.status === 'active')
    return (
      <details className="card domain-records">
        <summary>{m('builder.domain.records.keep')}</summary>
        {table}
      </details>
    )
  return (
    <section className="card domain-records" aria-labelledby="domain-records-title">
      <h2 id="domain-records-title">{m('builder.domain.records.title')}</h2>
      <p className="muted">{m('builder.domain.records.lead')}</p>
      {table}
    </section>
  )
}
