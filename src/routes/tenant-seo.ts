// Per-tenant sitemap.xml and robots.txt: at the root of a realtor's custom domain and under
// /{desiredUrl} on provider hosts. Mounted before the locale middleware: crawlers are never redirected.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { robotsTxt, sitemapXml, tenantPageUrls } from '../lib/home/seo'
import { DESIRED_URL_ROUTE, DOMAIN_PREFIX } from '../lib/tenant'
import { tenant } from '../middleware/tenant'
import { PROBIZ_TENANT } from './tenant-pages'

/** The public pages of a tenant's site, by their path within the tenant. */
export function sitemapPaths(desiredUrl: string): string[] {
  const paths = ['/', '/process', '/terms', '/agreement']
  return desiredUrl === PROBIZ_TENANT ? [...paths, '/probiz'] : paths
}

const CACHE = { 'Cache-Control': 'public, max-age=3600' }

function sitemap(c: Context<AppEnv>) {
  const realtor = c.get('realtor')!
  const entries = sitemapPaths(realtor.desiredUrl).map((path) => tenantPageUrls(realtor, c.env.PUBLIC_ORIGIN, path))
  return c.body(sitemapXml(entries), 200, { 'Content-Type': 'application/xml; charset=utf-8', ...CACHE })
}

const app = new Hono<AppEnv>()
app.use(`${DOMAIN_PREFIX}/sitemap.xml`, tenant())
app.use(`${DOMAIN_PREFIX}/robots.txt`, tenant())
app.use(`/:desiredUrl{${DESIRED_URL_ROUTE}}/sitemap.xml`, tenant())
app.get(`${DOMAIN_PREFIX}/sitemap.xml`, sitemap)
app.get(`/:desiredUrl{${DESIRED_URL_ROUTE}}/sitemap.xml`, sitemap)
app.get(`${DOMAIN_PREFIX}/robots.txt`, (c) => {
  const sitemapUrl = tenantPageUrls(c.get('realtor')!, c.env.PUBLIC_ORIGIN, '/sitemap.xml').ko
  return c.text(robotsTxt(sitemapUrl), 200, CACHE)
})

export default app
