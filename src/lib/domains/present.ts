// A stored domain as the API answers it: problems in plain words of the request's locale.
import type { DomainRow } from './store'
import type { Takeover } from './takeovers'
import type { Domain, DomainProblem, DomainResponse } from './types'

export function domainOf(row: DomainRow, problemText: (problem: DomainProblem) => string): Domain {
  return {
    hostname: row.hostname,
    status: row.status,
    ssl: { status: row.sslStatus },
    records: row.records,
    problems: row.problems.map(problemText),
    checkedAt: row.checkedAt,
    activatedAt: row.activatedAt,
    simulated: row.simulated,
  }
}

/** The answer of `GET /v1/realtors/{id}/domain` (and the Domain screen's first view). */
export function domainResponse(
  { row, takenOver }: { row: DomainRow | null; takenOver: Takeover | null },
  problemText: (problem: DomainProblem) => string,
): DomainResponse {
  return {
    domain: row ? domainOf(row, problemText) : null,
    takenOver: takenOver ? { hostname: takenOver.hostname, at: takenOver.takenAt } : null,
  }
}

/** The catalogue key of each problem's plain-words text. */
export const PROBLEM_KEYS = {
  dns_missing: 'api.domain.problem.dnsMissing',
  cname_wrong: 'api.domain.problem.cnameWrong',
  certificate_pending: 'api.domain.problem.certificatePending',
  moved: 'api.domain.problem.moved',
  blocked: 'api.domain.problem.blocked',
  timed_out: 'api.domain.problem.timedOut',
  deleted: 'api.domain.problem.deleted',
  check_failed: 'api.domain.problem.checkFailed',
} as const satisfies Record<DomainProblem, `api.domain.problem.${string}`>
