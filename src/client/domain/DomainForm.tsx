// Enter a domain (or a new one in place of the current): one field, the API's translated error under it.
// The browser checks only that something was typed; what a hostname may be is the API's one rule.
import { type FormEvent, useState } from 'react'
import { typedHostname } from '../../lib/builder/domain-screen'
import { FormField } from '../components/FormField'
import { type Messages, t } from '../lib/messages'

export function DomainForm({
  messages,
  current,
  busy,
  disabled,
  error,
  onSubmit,
  onCancel,
}: {
  messages: Messages
  /** The connected domain when this form replaces it (null: connecting the first one). */
  current: string | null
  busy: boolean
  disabled: boolean
  /** The API's message about the hostname. */
  error: string
  onSubmit: (hostname: string) => void
  onCancel?: () => void
}) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  const [empty, setEmpty] = useState(false)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const hostname = typedHostname(String(new FormData(event.currentTarget).get('hostname') ?? ''))
    setEmpty(!hostname)
    if (hostname) onSubmit(hostname)
  }
  const shown = empty ? m('builder.domain.hostnameRequired') : error
  return (
    <section className="card domain-form" aria-labelledby="domain-form-title">
      <h2 id="domain-form-title">{m(current ? 'builder.domain.changeTitle' : 'builder.domain.connectTitle')}</h2>
      {current ? <p className="muted">{m('builder.domain.changeHint', { hostname: current })}</p> : null}
      <form className="builder-form" onSubmit={submit} noValidate>
        <FormField
          id="domain-hostname"
          label={m('builder.domain.hostname')}
          hint={m('builder.domain.hostnameHint')}
          error={shown || undefined}
          className={`field${shown ? ' field--invalid' : ''}`}
          errorRole="alert"
        >
          {(control) => (
            <input
              {...control}
              name="hostname"
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="janekim.com"
              defaultValue={current ?? ''}
            />
          )}
        </FormField>
        <div className="domain__actions">
          <button type="submit" className="button" disabled={disabled || busy}>
            {m(busy ? 'builder.domain.connecting' : 'builder.domain.connect')}
          </button>
          {onCancel ? (
            <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
              {m('builder.domain.cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}
