// What the admin console sends for each action on an account row, as plain data so a unit test can
// check it without a browser: the list's pages, and the delete and restore of a homepage (part of
// issue 17's lifecycle API: DELETE /v1/realtor/{id} with the typed address, POST …/restore), and the
// release of an old address a homepage holds (DELETE /v1/realtor/{id}/addresses/{address}, decision 083).
import type { AccountSummary } from '../../lib/accounts/list'

export interface ApiCall {
  path: string
  method: 'GET' | 'POST' | 'DELETE'
  json?: unknown
}

export const PAGE_SIZE = 50

/** GET /v1/accounts for the search `query` after the cursor (none for the first page). */
export function listCall(query: string, after: string | null = null): ApiCall {
  const params = new URLSearchParams()
  if (query.trim()) params.set('q', query.trim())
  if (after) params.set('after', after)
  params.set('limit', String(PAGE_SIZE))
  return { path: `/v1/accounts?${params}`, method: 'GET' }
}

/** The console's own address for a search, so it can be shared and reloaded. */
export function consoleUrl(pathname: string, query: string): string {
  return query.trim() ? `${pathname}?${new URLSearchParams({ q: query.trim() })}` : pathname
}

/** Whether what the admin typed is the homepage's address (spaces around and letter case aside). */
export function addressMatches(row: Pick<AccountSummary, 'desiredUrl'>, typed: string): boolean {
  return row.desiredUrl !== null && typed.trim().toLowerCase() === row.desiredUrl.toLowerCase()
}

/** The delete of a row's homepage, once the typed address matches; null until then. */
export function deleteCall(row: Pick<AccountSummary, 'realtorId' | 'desiredUrl'>, typed: string): ApiCall | null {
  if (row.realtorId === null || !addressMatches(row, typed)) return null
  return { path: `/v1/realtor/${row.realtorId}`, method: 'DELETE', json: { address: row.desiredUrl } }
}

/** The restore of a deleted homepage (admins, within 30 days). */
export function restoreCall(row: Pick<AccountSummary, 'realtorId'>): ApiCall | null {
  return row.realtorId === null ? null : { path: `/v1/realtor/${row.realtorId}/restore`, method: 'POST', json: {} }
}

/** The reset of a realtor account's password to a temporary one. */
export function resetCall(row: Pick<AccountSummary, 'accountId' | 'role'>): ApiCall | null {
  return row.accountId === null || row.role !== 'realtor'
    ? null
    : { path: `/v1/accounts/${row.accountId}/password-reset`, method: 'POST' }
}

/** Resends (POST) or withdraws (DELETE) a realtor's invitation (docs/decisions/102-invitations.md). */
export function invitationCall(row: Pick<AccountSummary, 'accountId' | 'invitation'>, resend: boolean): ApiCall | null {
  return row.accountId === null || !row.invitation
    ? null
    : { path: `/v1/accounts/${row.accountId}/invitation`, method: resend ? 'POST' : 'DELETE' }
}

/** The row after its homepage was deleted (unpublished, kept 30 days) or restored (still unpublished). */
export function afterDelete(row: AccountSummary, at: Date): AccountSummary {
  return { ...row, published: false, deletedAt: at.toISOString() }
}

export function afterRestore(row: AccountSummary): AccountSummary {
  return { ...row, deletedAt: null }
}

/** The release of an old address the row's homepage holds (admins): it stops redirecting, anyone may take it. */
export function releaseCall(row: Pick<AccountSummary, 'realtorId'>, address: string): ApiCall | null {
  return row.realtorId === null
    ? null
    : { path: `/v1/realtor/${row.realtorId}/addresses/${encodeURIComponent(address)}`, method: 'DELETE' }
}

/** The row once `address` is released. */
export function afterRelease(row: AccountSummary, address: string): AccountSummary {
  return { ...row, heldAddresses: row.heldAddresses.filter((held) => held.address !== address) }
}
