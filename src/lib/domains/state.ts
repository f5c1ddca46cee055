// The provider's custom hostname in our terms: its status, the DNS records to add and what is wrong
// (Cloudflare for SaaS statuses: docs/decisions/053-custom-domains.md).
import type { DomainProblem, DomainRecord, DomainStatus, ProviderHostname } from './types'

/** Hostname statuses after which the provider no longer serves it. */
const FAILED_STATUSES = new Set([
  'moved',
  'blocked',
  'pending_blocked',
  'deleted',
  'pending_deletion',
  'test_blocked',
  'test_failed',
])
/** Certificate statuses after validation: the records were seen, the certificate is on its way. */
const ISSUING_SSL = new Set([
  'pending_issuance',
  'pending_deployment',
  'staging_deployment',
  'staging_active',
  'holding_deployment',
  'backup_issued',
])
/** Certificate statuses the provider gave up on. */
const FAILED_SSL = new Set(['expired', 'deleted', 'inactive', 'deactivating', 'pending_deletion', 'pending_expiration'])

export interface HostnameState {
  status: DomainStatus
  sslStatus: string
  problems: DomainProblem[]
}

function failureOf(hostname: ProviderHostname, ssl: string): DomainProblem | null {
  if (hostname.status === 'moved') return 'moved'
  if (hostname.status.includes('blocked')) return 'blocked'
  if (FAILED_STATUSES.has(hostname.status)) return 'deleted'
  if (ssl.endsWith('_timed_out')) return 'timed_out'
  if (FAILED_SSL.has(ssl)) return ssl === 'expired' ? 'timed_out' : 'deleted'
  return null
}

/** Our status of a provider hostname, and the problems it shows. */
export function stateOf(hostname: ProviderHostname): HostnameState {
  const sslStatus = hostname.ssl?.status || 'initializing'
  const failure = failureOf(hostname, sslStatus)
  if (failure) return { status: 'failed', sslStatus, problems: [failure] }
  const hostnameActive = hostname.status === 'active' || hostname.status === 'active_redeploying'
  if (hostnameActive && sslStatus === 'active') return { status: 'active', sslStatus, problems: [] }
  if (hostnameActive || ISSUING_SSL.has(sslStatus)) {
    // Ownership is verified; only the certificate's record may still be missing.
    return {
      status: 'verifying',
      sslStatus,
      problems: sslStatus === 'pending_validation' ? ['certificate_pending'] : [],
    }
  }
  const errors = (hostname.verification_errors ?? []).join(' ').toLowerCase()
  const problems: DomainProblem[] = [errors.includes('cname') ? 'cname_wrong' : 'dns_missing']
  return { status: 'pending', sslStatus, problems }
}

/** The records the realtor adds: the CNAME for traffic, the TXT records for ownership and the certificate. */
export function recordsOf(hostname: ProviderHostname, cnameTarget: string): DomainRecord[] {
  const records: DomainRecord[] = [{ type: 'CNAME', name: hostname.hostname, value: cnameTarget, purpose: 'traffic' }]
  const owner = hostname.ownership_verification
  if (owner?.name && owner.value)
    records.push({ type: 'TXT', name: owner.name, value: owner.value, purpose: 'ownership' })
  const certificate = [
    ...(hostname.ssl?.validation_records ?? []),
    { txt_name: hostname.ssl?.txt_name, txt_value: hostname.ssl?.txt_value },
  ]
  for (const record of certificate) {
    if (!record.txt_name || !record.txt_value) continue
    if (records.some((known) => known.name === record.txt_name && known.value === record.txt_value)) continue
    records.push({ type: 'TXT', name: record.txt_name, value: record.txt_value, purpose: 'certificate' })
  }
  return records
}

/**
 * The records to show after a check: the provider stops listing a certificate's record once it is
 * validated, but the realtor's DNS still holds it, so records known before are kept.
 */
export function mergeRecords(known: readonly DomainRecord[], fresh: readonly DomainRecord[]): DomainRecord[] {
  const merged = [...fresh]
  for (const record of known) {
    if (!merged.some((other) => other.purpose === record.purpose && other.name === record.name)) merged.push(record)
  }
  return merged
}
