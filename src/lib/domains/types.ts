// The custom domain of a homepage (issue 19, docs/decisions/053-custom-domains.md): what the domain API
// answers (GET/PUT /v1/realtors/{id}/domain) and what a hostname provider (Cloudflare for SaaS, or the
// local simulator) is to the domain service.

/**
 * pending: waiting for DNS (ownership or CNAME not seen); verifying: DNS seen, the certificate is being
 * issued; active: hostname and certificate active, the domain serves; failed: the provider gave up.
 */
export const DOMAIN_STATUSES = ['pending', 'verifying', 'active', 'failed'] as const
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

export type DomainRecordPurpose = 'traffic' | 'ownership' | 'certificate'

/** A DNS record the realtor adds at their DNS provider. */
export interface DomainRecord {
  type: 'CNAME' | 'TXT'
  name: string
  value: string
  purpose: DomainRecordPurpose
}

/** The domain API's answer: `{ domain: Domain | null }`. */
export interface Domain {
  hostname: string
  status: DomainStatus
  /** The provider's SSL status as it says it (initializing, pending_validation, active, ...). */
  ssl: { status: string }
  records: DomainRecord[]
  /** What is wrong, in plain words of the request's locale. */
  problems: string[]
  checkedAt: string | null
  activatedAt: string | null
  /** Answered by the local simulator, not Cloudflare. */
  simulated: boolean
}

/** A realtor's claim another realtor took over before its records were seen in DNS (decision 088). */
export interface TakenOver {
  hostname: string
  /** When it was taken over (ISO 8601). */
  at: string
}

/** `takenOver`: with no domain, the claim taken from the realtor in the last 30 days, until they claim again. */
export interface DomainResponse {
  domain: Domain | null
  takenOver: TakenOver | null
}

/** The admin list (`GET /v1/domains`): a keyset page; `next` is the `after` of the following page. */
export interface DomainListResponse {
  domains: (Domain & { realtorId: number; desiredUrl: string })[]
  next: string | null
}

/**
 * What can be wrong with a domain; each is the catalogue key `api.domain.problem.{code}`:
 * dns_missing (no ownership/CNAME record seen), cname_wrong (the provider sees no CNAME to its zone: not added yet, or pointing elsewhere — it cannot tell which),
 * certificate_pending (the certificate's TXT record not seen), moved (it no longer points to us),
 * blocked (the provider blocked it), timed_out (validation took too long), deleted (gone at the provider),
 * check_failed (the provider did not answer the last check).
 */
export const DOMAIN_PROBLEMS = [
  'dns_missing',
  'cname_wrong',
  'certificate_pending',
  'moved',
  'blocked',
  'timed_out',
  'deleted',
  'check_failed',
] as const
export type DomainProblem = (typeof DOMAIN_PROBLEMS)[number]

/** A custom hostname as the provider describes it: Cloudflare's documented shape, the fields we read. */
export interface ProviderHostname {
  id: string
  hostname: string
  /** pending, active, moved, blocked, deleted, pending_deletion, ... */
  status: string
  ssl?: {
    /** initializing, pending_validation, pending_issuance, pending_deployment, active, *_timed_out, ... */
    status?: string
    method?: string
    txt_name?: string
    txt_value?: string
    validation_records?: { txt_name?: string; txt_value?: string; status?: string }[]
    validation_errors?: { message?: string }[]
  }
  ownership_verification?: { type?: string; name?: string; value?: string }
  verification_errors?: string[]
  created_at?: string
}

/** Why the provider refused or failed a call. */
export type ProviderErrorKind = 'duplicate' | 'invalid' | 'rate_limited' | 'unavailable' | 'timeout' | 'not_found'

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ProviderError'
  }
}

/** Cloudflare for SaaS's custom hostnames, or the simulator standing in for it. */
export interface HostnameProvider {
  readonly simulated: boolean
  /** Where the realtor's CNAME points (SAAS_CNAME_TARGET). */
  readonly cnameTarget: string
  /** Creates a custom hostname validated by TXT records. */
  create(hostname: string): Promise<ProviderHostname>
  /** null when the provider no longer has it. */
  get(id: string): Promise<ProviderHostname | null>
  /** Deletes it; one already gone is fine. */
  remove(id: string): Promise<void>
  findByHostname(hostname: string): Promise<ProviderHostname | null>
}
