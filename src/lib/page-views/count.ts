// Which view beacons are homepage views (docs/decisions/071-view-beacon.md). A public page of a published
// homepage sends one after it has loaded (src/client/page-effects.ts); POST /v1/views
// (src/routes/api/views.ts) checks it and writes it as one Analytics Engine data point (./analytics.ts,
// docs/decisions/073). Nothing here runs when a page is served: a cached page costs no view work.
import { deviceType, isAutomated } from '../environment'
import { DEFAULT_LOCALE, type Locale } from '../locale'
import type { Site } from '../tenant'
import { withoutTrailingSlash } from '../urls'
import type { PageView } from './analytics'

/** A browser fetching a page it may never show (link prefetch, speculation rules) is no view. */
function isPrefetch(headers: Headers): boolean {
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? headers.get('x-purpose')
  return purpose !== null && /prefetch|prerender/i.test(purpose)
}

/** A page as the dashboard keeps it: its path within the realtor's site (no trailing slash) and its locale. */
export interface ViewedPage {
  path: string
  locale: Locale
}

/** The page a site's address names: `/en/janekim/terms/` is `/terms` in English. */
export function viewedPageOf(site: Site): ViewedPage {
  return { path: withoutTrailingSlash(site.pagePath), locale: site.locale ?? DEFAULT_LOCALE }
}

/**
 * The view a beacon makes of a realtor's page, or null when it makes none: a bot's, a script's or a
 * headless browser's (or one naming no agent), or one sent by a page the browser prerendered and has not shown.
 */
export function viewOf(beacon: Request, realtorId: number, page: ViewedPage): PageView | null {
  const userAgent = beacon.headers.get('user-agent')
  if (isAutomated(userAgent) || isPrefetch(beacon.headers)) return null
  return {
    realtorId,
    path: page.path,
    locale: page.locale,
    device: deviceType(userAgent),
  }
}
