// The DNS records a realtor adds at their domain's registrar, exactly as the provider asked for them:
// one row per record (type, name, value, what it is for), name and value each with a copy button. On a
// phone each row becomes a card of labelled lines (src/styles/builder/domain.css).
import { useEffect, useRef, useState } from 'react'
import type { DomainRecord } from '../../lib/builder/domain-screen'
import { PURPOSE_LABEL } from '../../lib/builder/domain-steps'
import { type Messages, t } from '../lib/messages'

/** How long a copy button says "Copied". */
const COPIED_MS = 2_000

function CopyButton({
  text,
  label,
  messages,
  disabled,
  onCopied,
}: {
  text: string
  /** The button's accessible name: what it copies. */
  label: string
  messages: Messages
  disabled: boolean
  onCopied: (ok: boolean) => void
}) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  async function copy() {
    const ok = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    )
    onCopied(Boolean(ok))
    if (!ok) return
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_MS)
  }
  return (
    <button
      type="button"
      className="button button--small button--ghost dns__copy"
      aria-label={label}
      disabled={disabled}
      onClick={() => void copy()}
    >
      {t(messages, copied ? 'builder.domain.copied' : 'builder.domain.copy')}
    </button>
  )
}

export function DnsRecords({
  records,
  messages,
  disabled,
}: {
  records: DomainRecord[]
  messages: Messages
  disabled: boolean
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  // One line for every copy, read out politely: the buttons' own text changes too.
  const [said, setSaid] = useState('')
  const copied = (ok: boolean) => setSaid(m(ok ? 'builder.domain.copiedSaid' : 'builder.domain.copyFailed'))
  const columns = {
    type: m('builder.domain.records.type'),
    name: m('builder.domain.records.name'),
    value: m('builder.domain.records.value'),
    purpose: m('builder.domain.records.purpose'),
  }
  return (
    <div className="dns">
      <table className="dns__table" data-testid="dns-records">
        <caption className="visually-hidden">{m('builder.domain.records.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.value}</th>
            <th scope="col">{columns.purpose}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => {
            const n = index + 1
            return (
              <tr key={`${record.type}:${record.name}:${record.value}`}>
                <td data-label={columns.type}>
                  <span className="dns__type">{record.type}</span>
                </td>
                <td data-label={columns.name}>
                  <span className="dns__cell">
                    <code>{record.name}</code>
                    <CopyButton
                      text={record.name}
                      label={m('builder.domain.copyName', { n, type: record.type })}
                      messages={messages}
                      disabled={disabled}
                      onCopied={copied}
                    />
                  </span>
                </td>
                <td data-label={columns.value}>
                  <span className="dns__cell">
                    <code>{record.value}</code>
                    <CopyButton
                      text={record.value}
                      label={m('builder.domain.copyValue', { n, type: record.type })}
                      messages={messages}
                      disabled={disabled}
                      onCopied={copied}
                    />
                  </span>
                </td>
                <td data-label={columns.purpose}>{m(PURPOSE_LABEL[record.purpose] ?? record.purpose)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  )
}
