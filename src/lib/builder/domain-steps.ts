// The Domain screen's drawing rules (docs/decisions/054-domain-screen.md): the stepper's steps and the state
// of each for a Domain, the message of each record purpose and certificate state. Apart from
// domain-screen.ts so the admin console, which shows only a status, does not carry these texts.
import type { DomainRecord, DomainView } from './domain-screen'

/** The stepper's steps, in order; `failed` stops on the step it failed at. */
export const DOMAIN_STEPS = ['pending', 'verifying', 'active'] as const

/** Message ids, written out so the catalogue check finds each one. */
export const STEP_LABEL: Record<(typeof DOMAIN_STEPS)[number], string> = {
  pending: 'builder.domain.step.pending',
  verifying: 'builder.domain.step.verifying',
  active: 'builder.domain.step.active',
}

export const PURPOSE_LABEL: Record<DomainRecord['purpose'], string> = {
  traffic: 'builder.domain.purpose.traffic',
  ownership: 'builder.domain.purpose.ownership',
  certificate: 'builder.domain.purpose.certificate',
}

/** Cloudflare's certificate states in words; any other state is shown as "in progress (state)". */
const SSL_LABEL: Record<string, string> = {
  initializing: 'builder.domain.ssl.initializing',
  pending_validation: 'builder.domain.ssl.pending_validation',
  pending_issuance: 'builder.domain.ssl.pending_issuance',
  pending_deployment: 'builder.domain.ssl.pending_deployment',
  active: 'builder.domain.ssl.active',
  expired: 'builder.domain.ssl.expired',
  deleted: 'builder.domain.ssl.deleted',
  validation_timed_out: 'builder.domain.ssl.timed_out',
  issuance_timed_out: 'builder.domain.ssl.timed_out',
  deployment_timed_out: 'builder.domain.ssl.timed_out',
  initializing_timed_out: 'builder.domain.ssl.timed_out',
}

/** The message id of a certificate state and its values (the raw state only for one we do not name). */
export function sslLabel(status: string): { id: string; values: Record<string, string> } {
  const id = Object.hasOwn(SSL_LABEL, status) ? SSL_LABEL[status] : undefined
  return id ? { id, values: {} } : { id: 'builder.domain.ssl.other', values: { status } }
}

export type StepState = 'done' | 'current' | 'todo' | 'failed'

/** Certificate states reached only once the DNS records were seen. */
const CERTIFICATE_UNDER_WAY = new Set([
  'pending_issuance',
  'pending_deployment',
  'issuance_timed_out',
  'deployment_timed_out',
  'active',
])

/**
 * Each step's state for a status: steps before the current one are done, active is all done. A failed
 * domain shows its failure on the step it stopped at: verifying once a certificate was being issued
 * (the DNS records had been seen), else waiting for DNS.
 */
export function stepStates(domain: Pick<DomainView, 'status' | 'ssl'>): StepState[] {
  if (domain.status === 'active') return DOMAIN_STEPS.map(() => 'done')
  if (domain.status === 'failed') {
    const at = CERTIFICATE_UNDER_WAY.has(domain.ssl.status) ? 1 : 0
    return DOMAIN_STEPS.map((_, index) => (index < at ? 'done' : index === at ? 'failed' : 'todo'))
  }
  const current = DOMAIN_STEPS.indexOf(domain.status)
  return DOMAIN_STEPS.map((_, index) => (index < current ? 'done' : index === current ? 'current' : 'todo'))
}
