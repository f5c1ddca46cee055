// The view beacon (docs/decisions/071-view-beacon.md), shared by the page that sends it
// (src/client/page-effects.ts) and the API that counts it (src/routes/api/views.ts). Browser-safe.

/** Where a page posts its view. */
export const VIEWS_PATH = '/v1/views'

/**
 * What it posts, as JSON text: whose page it is (the page's data-page-view), the worker's proof that this
 * site showed it (data-view-proof, docs/decisions/077-views-proved-by-the-page.md) and the page's own path.
 */
export interface ViewBeacon {
  realtorId: number
  proof: string
  path: string
}
