// POST /v1/views (docs/decisions/071-view-beacon.md): the beacon a public page of a published homepage
// sends once it has loaded and is shown (src/client/page-effects.ts). Views are counted here, not when
// the page is served, so a page from any cache costs the worker nothing. No cookie is read or set. A
// counted view is one Analytics Engine data point (docs/decisions/073-views-in-analytics-engine.md).
// The beacon names the realtor and the page's own path; both are checked against what a visitor could
// have seen (the realtor the path's site resolves to, published, and one of its pages), bots and
// prefetches are dropped, and one address adds at most VIEW_LIMITER's budget to a homepage a minute.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { dataPointOf, viewsDatasetOf } from '../../lib/page-views/analytics'
import { type ViewedPage, viewedPageOf, viewOf } from '../../lib/page-views/count'
import { isPublished } from '../../lib/realtors/publish'
import type { Realtor } from '../../lib/realtors/types'
import { parseProviderHosts, resolveSite } from '../../lib/tenant'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, enforceRateLimit, limitBody, parseInput } from '../../middleware/api'
import { ownPagesOnly } from '../../middleware/cors'
import { findForPage } from '../../middleware/tenant'
import { isTenantPage } from '../tenant'

/** A path of this origin: no second slash or backslash first (that would name another host), no query. */
const PAGE_PATH = /^\/(?![/\\])[^\\?#\s]*$/

const beaconSchema = z.strictObject({
  realtorId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  path: z.string().max(300).regex(PAGE_PATH),
})

/** The body as sendBeacon posts a string (text/plain), or as JSON: read as text whatever its type says. */
async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text()
  if (!text) throw new AppError(400, apiMessage(c, 'api.body.empty'))
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError(400, apiMessage(c, 'api.body.malformed'))
  }
}

/**
 * The realtor and page a beacon names, when the path is a public page of that realtor's published
 * homepage on this host (the realtor looked up as the page itself was: by address, through the data cache).
 */
async function viewedOf(
  c: Context<AppEnv>,
  realtorId: number,
  path: string,
): Promise<{ realtor: Realtor; page: ViewedPage } | null> {
  const url = new URL(path, c.req.url)
  const site = resolveSite(url, c.req.header('host') ?? url.host, parseProviderHosts(c.env.PROVIDER_HOSTS))
  const { target } = site
  if (site.api || !(target.kind === 'domain' || (target.kind === 'path' && !target.fromQuery))) return null
  const realtor = await findForPage(c, target.kind === 'path' ? target.desiredUrl : target.origin)
  if (!realtor || realtor.id !== realtorId || !isPublished(realtor) || realtor.deletedAt) return null
  const page = viewedPageOf(site)
  return isTenantPage(page.path) ? { realtor, page } : null
}

const app = new Hono<AppEnv>()

// Only this site's own pages post here (a beacon carries Origin): another site cannot spend its visitors on it.
app.post('/', ownPagesOnly(), limitBody(1024), async (c) => {
  const beacon = parseInput(beaconSchema, await bodyOf(c), apiLocale(c))
  const viewed = await viewedOf(c, beacon.realtorId, beacon.path)
  if (!viewed) {
    throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
      fields: [{ path: 'path', message: apiMessage(c, 'api.views.notAPage') }],
    })
  }
  const view = viewOf(c.req.raw, viewed.realtor.id, viewed.page)
  if (view) {
    // Only a view that would count is counted against the budget (VIEW_LIMITER, per address and homepage).
    await enforceRateLimit(c, c.env.VIEW_LIMITER, (ip) => `view:${ip}:${view.realtorId}`, 'api.views.tooMany')
    // One data point, handed to Analytics Engine without waiting (writeDataPoint returns nothing): no D1
    // write, nothing held in the isolate (docs/decisions/073). A worker without the binding counts nothing.
    viewsDatasetOf(c.env, (promise) => c.executionCtx.waitUntil(promise))?.writeDataPoint(dataPointOf(view))
  }
  return c.body(null, 204)
})

export default app
