// The editor's preview (docs/decisions/044-preview.md): POST {site}/admin/preview (and /en/…) takes the
// editor's unsaved draft as JSON and answers the realtor's homepage rendered from it by the live page's
// own route pieces (the listings loader, TenantHome, the tenant frame and head), so what the realtor
// sees is what visitors get. Only the owner or an admin; never cached. Another site's page is refused before
// this route, as for every write (src/middleware/origin.ts, decision 085).
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, TenantEnv } from '../env'
import { previewRealtor } from '../lib/builder/preview'
import { loadHomeListings } from '../lib/home/listings'
import { listingSourceOf } from '../lib/listings/source'
import * as z from '../lib/zod'
import { jsonBody, limitBody, signedIn } from '../middleware/api'
import { requireManager } from '../middleware/permissions'
import { requireTenant } from '../middleware/tenant'
import { renderTenantPage } from '../render'
import { TenantHome } from '../views/home/TenantHome'

/** A whole profile as JSON: an exported profile (the import's limit) is at most 1 MB. */
export const PREVIEW_BODY_LIMIT = 1024 * 1024

/** Any JSON object: its fields are checked one by one against the realtor schema when merged. */
const draftSchema = z.record(z.string(), z.unknown())

/** The realtor's owner or an admin (requireTenant has loaded the realtor): 403 for anyone else. */
const ownerOrAdmin = () =>
  createMiddleware<AppEnv>(async function ownerOrAdmin(c, next) {
    const realtor = c.get('realtor')
    if (realtor) requireManager(c, realtor)
    await next()
  })

const app = new Hono<TenantEnv>()

app.post(
  '/admin/preview',
  requireTenant(),
  signedIn(),
  ownerOrAdmin(),
  limitBody(PREVIEW_BODY_LIMIT),
  jsonBody(draftSchema),
  async (c) => {
    const realtor = previewRealtor(c.get('realtor'), c.req.valid('json'))
    // Everything below reads the realtor from the context, as the live home does: the draft takes its place.
    c.set('realtor', realtor)
    const listings = await loadHomeListings(listingSourceOf(c.env, c.get('upstreamFetch'), c.get('dataCache')), realtor)
    const response = await renderTenantPage(
      c,
      (frame) => <TenantHome frame={frame} listings={listings} today={new Date()} />,
      undefined,
      { noindex: true, preview: true },
    )
    // A draft is private to its editor: no shared cache may keep it, no search engine index it.
    response.headers.set('Cache-Control', 'no-store')
    response.headers.set('X-Robots-Tag', 'noindex')
    return response
  },
)

export default app
