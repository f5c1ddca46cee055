// The builder's Domain screen (docs/decisions/054-domain-screen.md), the parts that are not React: the
// Domain of the API contract as the browser reads it, each status's label, when the screen stops checking
// and how long it waits before the next check. Pure, shared by the screen and the admin console.

import type { Domain, DomainRecord, DomainStatus, TakenOver } from '../domains/types'

export type { DomainRecord, DomainStatus, TakenOver }
/** A realtor's custom hostname as `GET /v1/realtors/{id}/domain` answers it (src/lib/domains/types.ts). */
export type DomainView = Domain

export const STATUS_LABEL: Record<DomainStatus, string> = {
  pending: 'builder.domain.state.pending',
  verifying: 'builder.domain.state.verifying',
  active: 'builder.domain.state.active',
  failed: 'builder.domain.state.failed',
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
