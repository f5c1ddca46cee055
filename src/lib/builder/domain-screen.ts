// The builder's Domain screen (docs/decisions/054-domain-screen.md), the parts that are not React: the
// Domain of the API contract as the browser reads it, which step of the stepper a status is, the
// message of each record purpose and certificate state, and how long to wait before the next check.
// Pure, so the screen, the admin console and the editor's domain line share one reading of a Domain.

export type DomainStatus = 'pending' | 'verifying' | 'active' | 'failed'

export interface DomainRecord {
  type: 'CNAME' | 'TXT'
  name: string
  value: string
  purpose: 'traffic' | 'ownership' | 'certificate'
}

/** A realtor's custom hostname as `GET /v1/realtors/{id}/domain` answers it. */
export interface DomainView {
  hostname: string
  status: DomainStatus
  ssl: { status: string }
  records: DomainRecord[]
  /** Plain-words problems, already in the request's language. */
  problems: string[]
  checkedAt: string | null
  activatedAt: string | null
  /** Answered by the local simulator (no Cloudflare settings): an admin moves it on. */
  simulated: boolean
}

/** The stepper's steps, in order; `failed` stops on the step it failed at. */
export const DOMAIN_STEPS = ['pending', 'verifying', 'active'] as const

/** Message ids, written out so the catalogue check finds each one. */
export const STEP_LABEL: Record<(typeof DOMAIN_STEPS)[number], string> = {
  pending: 'builder.domain.step.pending',
  verifying: 'builder.domain.step.verifying',
  active: 'builder.domain.step.active',
}

export const STATUS_LABEL: Record<DomainStatus, string> = {
  pending: 'builder.domain.state.pending',
  verifying: 'builder.domain.state.verifying',
  active: 'builder.domain.state.active',
  failed: 'builder.domain.state.failed',
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

/** The screen checks again while the provider is still working on it. */
export const isSettled = (status: DomainStatus) => status === 'active' || status === 'failed'

/** The check interval while all is well (the API refreshes from the provider at most once per 5 s). */
export const POLL_MS = 5_000
/** The longest wait between checks after failures in a row. */
export const MAX_POLL_MS = 60_000

/** The wait before the next check: POLL_MS, doubled for each failure in a row, at most MAX_POLL_MS. */
export function pollDelay(failures: number): number {
  return Math.min(MAX_POLL_MS, POLL_MS * 2 ** Math.max(0, Math.min(failures, 10)))
}

/** What a realtor types, trimmed, for the one check the browser makes itself (empty); the API checks the rest. */
export const typedHostname = (text: string) => text.trim()
