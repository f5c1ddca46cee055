// A stored domain as the API answers it: problems in plain words of the request's locale.
import type { DomainRow } from './store'
import type { Domain, DomainProblem } from './types'

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
