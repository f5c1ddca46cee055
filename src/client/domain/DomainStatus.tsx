// A Domain's progress as a stepper (waiting for DNS → verifying → active), the certificate's state, the
// provider's problems in plain words, and when it was last checked.

import type { DomainView } from '../../lib/builder/domain-screen'
import { DOMAIN_STEPS, STEP_LABEL, type StepState, sslLabel, stepStates } from '../../lib/builder/domain-steps'
import { type Messages, t } from '../lib/messages'

const STEP_STATE_LABEL: Record<StepState, string> = {
  done: 'builder.domain.stepState.done',
  current: 'builder.domain.stepState.current',
  todo: 'builder.domain.stepState.todo',
  failed: 'builder.domain.stepState.failed',
}

const STATUS_TEXT = {
  pending: 'builder.domain.status.pending',
  verifying: 'builder.domain.status.verifying',
  active: 'builder.domain.status.active',
  failed: 'builder.domain.status.failed',
} as const

export function DomainStepper({ domain, messages }: { domain: DomainView; messages: Messages }) {
  const states = stepStates(domain)
  return (
    <ol className="domain-steps" data-testid="domain-steps">
      {DOMAIN_STEPS.map((step, index) => {
        const state = states[index]!
        return (
          <li
            key={step}
            className={`domain-steps__step domain-steps__step--${state}`}
            aria-current={state === 'current' || state === 'failed' ? 'step' : undefined}
            data-state={state}
          >
            <span className="domain-steps__mark" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'failed' ? '!' : index + 1}
            </span>
            <span className="domain-steps__label">
              {t(messages, STEP_LABEL[step])}
              <span className="visually-hidden"> ({t(messages, STEP_STATE_LABEL[state])})</span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The status in a sentence, the certificate line and the problems. */
export function DomainStatusText({
  domain,
  messages,
  checkedAt,
}: {
  domain: DomainView
  messages: Messages
  /** The last check's time as the browser shows it ('' before hydration: the server knows no time zone). */
  checkedAt: string
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const ssl = sslLabel(domain.ssl.status)
  return (
    <div className="domain-status__text">
      <p className="domain-status__lead" data-testid="domain-status-text">
        {m(STATUS_TEXT[domain.status], { hostname: domain.hostname })}
      </p>
      <p className="muted">
        {m('builder.domain.ssl', { status: m(ssl.id, ssl.values) })}
        {checkedAt ? ` · ${m('builder.domain.checkedAt', { time: checkedAt })}` : null}
      </p>
      {domain.problems.length > 0 ? (
        <div className="domain-problems" data-testid="domain-problems">
          <h3>{m('builder.domain.problems')}</h3>
          <ul>
            {domain.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
