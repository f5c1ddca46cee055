// Per-tenant sitemap.xml and robots.txt: at the root of a realtor's custom domain and under
// /{desiredUrl} on provider hosts. Mounted before the locale middleware: crawlers are never redirected.
import { type Context, Hono } from 'hono'
import type { TenantEnv } from '../env'
import { robotsTxt, sitemapPaths, sitemapXml } from '../lib/home/seo'
import { DESIRED_URL_ROUTE, DOMAIN_PREFIX } from '../lib/tenant'
import { pageUrls } from '../lib/urls'
import { requireTenant } from '../middleware/tenant'

const CACHE = { 'Cache-Control': 'public, max-age=3600' }

function sitemap(c: Context<TenantEnv>) {
  const realtor = c.get('realtor')
  const entries = sitemapPaths(realtor.desiredUrl).map((path) => pageUrls(realtor, c.env.PUBLIC_ORIGIN, path))
  return c.body(sitemapXml(entries), 200, { 'Content-Type': 'application/xml; charset=utf-8', ...CACHE })
}

const app = new Hono<TenantEnv>()
for (const path of [
  `${DOMAIN_PREFIX}/sitemap.xml`,
  `${DOMAIN_PREFIX}/robots.txt`,
  `/:desiredUrl{${DESIRED_URL_ROUTE}}/sitemap.xml`,
])
  app.use(path, requireTenant())
app.get(`${DOMAIN_PREFIX}/sitemap.xml`, sitemap)
app.get(`/:desiredUrl{${DESIRED_URL_ROUTE}}/sitemap.xml`, sitemap)
app.get(`${DOMAIN_PREFIX}/robots.txt`, (c) => {
  const sitemapUrl = pageUrls(c.get('realtor'), c.env.PUBLIC_ORIGIN, '/sitemap.xml').ko
  return c.text(robotsTxt(sitemapUrl), 200, CACHE)
})

export default app
