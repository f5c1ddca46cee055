// The builder's messages are a static asset, not part of the bundle (docs/decisions/094-bundle-headroom.md):
// every request that may format one awaits them here, before any route renders or answers, so that pages,
// islands' props and API errors format them synchronously as they format the rest of the catalogue. Mounted
// once in src/worker.ts, before every route; an isolate reads the asset on its first such request only.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { isBuilderPath } from '../lib/builder/paths'
import { loadBuilderMessages } from '../lib/i18n'
import { VIEWS_PATH } from '../lib/page-views/beacon'
import type { Site } from '../lib/tenant'
import { OPEN_WRITES } from './origin'

/**
 * Whether a request may format a builder message: a builder page (BUILDER_PATHS: sign-in, the agreement,
 * /admin/…, the app manifest) or a /v1 API — the builder's — but for the two a visitor's page sends, the view
 * beacon and the contact form's post (OPEN_WRITES), whose notifications' texts are in the bundle. A site's
 * pages, photos, listings and the landing's leads never format one.
 */
export function needsBuilderMessages(site: Site, method: string): boolean {
  if (!site.api) return isBuilderPath(site.pagePath)
  const path = site.routePath
  if (!path.startsWith('/v1/') || path === VIEWS_PATH || path.startsWith(`${VIEWS_PATH}/`)) return false
  return !OPEN_WRITES.some((open) => open.method === method && open.path === path)
}

export const builderMessages = () =>
  createMiddleware<AppEnv>(async function builderMessages(c, next) {
    if (needsBuilderMessages(c.get('site'), c.req.method)) await loadBuilderMessages(c.env.ASSETS)
    await next()
  })
