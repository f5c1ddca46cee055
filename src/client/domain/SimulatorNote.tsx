// Local mode (no Cloudflare settings): the domain is answered by the built-in simulator, which never
// looks at DNS. The screen says so, and an admin gets the simulator's two controls: the next step, or a failure.
import { type DomainView, isSettled } from '../../lib/builder/domain-screen'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'

/** The simulator's endpoints (admins only): one step on (pending → verifying → active), or failed. */
export const simulatorPath = (hostname: string, action: 'advance' | 'fail') =>
  `/v1/domains/${encodeURIComponent(hostname)}/${action}`

/** Moves a simulated domain on; the answer is the Domain after the step, or the API's message. */
export async function simulatorStep(hostname: string, action: 'advance' | 'fail', network: string) {
  return api<{ domain: DomainView }>(simulatorPath(hostname, action), { method: 'POST' }, network)
}

export function SimulatorControls({
  messages,
  domain,
  disabled,
  onChange,
  onError,
}: {
  messages: Messages
  domain: Pick<DomainView, 'hostname' | 'status'>
  disabled: boolean
  onChange: (domain: DomainView) => void
  onError: (text: string) => void
}) {
  const m = (key: string, values?: Record<string, string>) => t(messages, key, values)
  if (isSettled(domain.status)) return null
  async function step(action: 'advance' | 'fail') {
    const result = await simulatorStep(domain.hostname, action, m('common.networkError'))
    if (result.ok) onChange(result.data.domain)
    else onError(result.message)
  }
  return (
    <span className="simulator__controls">
      <button
        type="button"
        className="button button--small"
        disabled={disabled}
        aria-label={m('builder.domain.sim.advanceLabel', { hostname: domain.hostname })}
        onClick={() => void step('advance')}
      >
        {m('builder.domain.sim.advance')}
      </button>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={disabled}
        aria-label={m('builder.domain.sim.failLabel', { hostname: domain.hostname })}
        onClick={() => void step('fail')}
      >
        {m('builder.domain.sim.fail')}
      </button>
    </span>
  )
}

export function SimulatorNote({
  messages,
  domain,
  isAdmin,
  disabled,
  onChange,
  onError,
}: {
  messages: Messages
  domain: DomainView
  isAdmin: boolean
  disabled: boolean
  onChange: (domain: DomainView) => void
  onError: (text: string) => void
}) {
  const m = (key: string) => t(messages, key)
  return (
    <aside className="simulator" aria-label={m('builder.domain.sim.title')} data-testid="domain-simulator">
      <p>
        <strong>{m('builder.domain.sim.title')}</strong>{' '}
        {m(isAdmin ? 'builder.domain.sim.admin' : 'builder.domain.sim.realtor')}
      </p>
      {isAdmin ? (
        <SimulatorControls
          messages={messages}
          domain={domain}
          disabled={disabled}
          onChange={onChange}
          onError={onError}
        />
      ) : null}
    </aside>
  )
}
