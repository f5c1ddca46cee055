// POST /v1/views (docs/decisions/071-view-beacon.md): the beacon a public page of a published homepage
// sends once it has loaded and is shown (src/client/page-effects.ts). Views are counted here, not when
// the page is served, so a page from any cache costs the worker nothing. No cookie is read or set. A
// counted view is one Analytics Engine data point (docs/decisions/073-views-in-analytics-engine.md).
// The beacon names the realtor, the page's own path and the proof the page carried that this site
// showed that realtor's homepage (docs/decisions/077-views-proved-by-the-page.md): checked without a
// lookup, so a view reads no database and asks no Durable Object. The path must be a public page of
// the site; bots, scripts and prefetches are dropped; one address adds at most VIEW_LIMITER's budget to a
// homepage a minute; and the point carries the visitor's bucket, by which the dashboard counts a reload
// once and an address's views up to a daily cap (docs/decisions/090-views-counted-once.md).
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../../env'
import { sessionSecret } from '../../lib/accounts/config'
import { AppError } from '../../lib/errors'
import { dataPointOf, viewsDatasetOf } from '../../lib/page-views/analytics'
import { type ViewedPage, viewedPageOf, viewOf } from '../../lib/page-views/count'
import { isViewProof, proofSiteOf, VIEW_PROOF_MAX_LENGTH } from '../../lib/page-views/proof'
import { visitorOf } from '../../lib/page-views/visitor'
import { parseProviderHosts, resolveSite } from '../../lib/tenant'
import { INVALID_INPUT_MESSAGE } from '../../lib/validation'
import * as z from '../../lib/zod'
import { apiLocale, apiMessage, enforceRateLimit, limitBody, parseInput, rateLimitAddress } from '../../middleware/api'
import { ownPagesOnly } from '../../middleware/origin'
import { isTenantPage } from '../tenant'

/** A path of this origin: no second slash or backslash first (that would name another host), no query. */
const PAGE_PATH = /^\/(?![/\\])[^\\?#\s]*$/

const beaconSchema = z.strictObject({
  realtorId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  proof: z.string().min(1).max(VIEW_PROOF_MAX_LENGTH),
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
 * The page a beacon names, when its path is a public page of a realtor's site on this host and its proof
 * is the one that site's pages of realtor `realtorId` carry (the page was rendered for them, published).
 */
async function viewedOf(
  c: Context<AppEnv>,
  secret: string | null,
  beacon: z.infer<typeof beaconSchema>,
): Promise<ViewedPage | null> {
  const url = new URL(beacon.path, c.req.url)
  const site = resolveSite(url, c.req.header('host') ?? url.host, parseProviderHosts(c.env.PROVIDER_HOSTS))
  const proved = proofSiteOf(site)
  if (!secret || !proved || !(await isViewProof(secret, beacon.realtorId, proved, beacon.proof))) return null
  const page = viewedPageOf(site)
  return isTenantPage(page.path) ? page : null
}

const app = new Hono<AppEnv>()

// Only this site's own pages post here: another site's page is refused as every write is (decision 085), and
// a beacon no browser names the sender of is a script's.
app.post('/', ownPagesOnly(), limitBody(1024), async (c) => {
  const beacon = parseInput(beaconSchema, await bodyOf(c), apiLocale(c))
  const secret = sessionSecret(c.env)
  const viewed = await viewedOf(c, secret, beacon)
  if (!viewed || !secret) {
    throw new AppError(400, INVALID_INPUT_MESSAGE[apiLocale(c)], {
      fields: [{ path: 'path', message: apiMessage(c, 'api.views.notAPage') }],
    })
  }
  const view = viewOf(c.req.raw, beacon.realtorId, viewed)
  if (view) {
    // Only a view that would count is counted against the budget (VIEW_LIMITER, per address and homepage).
    await enforceRateLimit(c, c.env.VIEW_LIMITER, (ip) => `view:${ip}:${view.realtorId}`, 'api.views.tooMany')
    // One data point, handed to Analytics Engine without waiting (writeDataPoint returns nothing): no D1
    // write, nothing held in the isolate (docs/decisions/073). A worker without the binding counts nothing.
    const dataset = viewsDatasetOf(c.env, (promise) => c.executionCtx.waitUntil(promise))
    const visitor = await visitorOf(secret, view.realtorId, rateLimitAddress(c))
    dataset?.writeDataPoint(dataPointOf(view, visitor))
  }
  return c.body(null, 204)
})

export default app
