// Crawlers' files: the provider host's robots.txt and sitemap.xml (the landing page and every published realtor
// home; an index of files of 1,000 realtor ids each past the first), and each realtor's sitemap.xml and robots.txt at the root of
// their custom domain and under /{desiredUrl}. Mounted before the locale middleware: crawlers are never redirected.
import { type Context, Hono } from 'hono'
import type { TenantEnv } from '../env'
import { pageNotFound } from '../lib/errors'
import {
  type IdRange,
  providerRobotsTxt,
  robotsTxt,
  SITEMAP_FILE_REALTORS,
  type SitemapEntry,
  sitemapIndexXml,
  sitemapPaths,
  sitemapRanges,
  sitemapXml,
  UNPUBLISHED_ROBOTS_TXT,
} from '../lib/home/seo'
import { lastListingId, listingKeysIn, SITEMAP_FILE_LISTINGS } from '../lib/mls/seo'
import { siteFeeds } from '../lib/mls/site'
import { isPublished } from '../lib/realtors/publish'
import type { RealtorStore } from '../lib/realtors/store'
import { ROUTES } from '../lib/tenant'
import { pageUrls } from '../lib/urls'
import { requireTenant } from '../middleware/tenant'

const CACHE = { 'Cache-Control': 'public, max-age=3600' }
const XML = { 'Content-Type': 'application/xml; charset=utf-8', ...CACHE }
/** An unpublished site's answers may change at any moment (the realtor publishes): never kept. */
const NO_STORE = { 'Cache-Control': 'no-store' }
/** Realtors read per query while a sitemap file is built: a keyset walk through its id range. */
const READ_BATCH = 500

/**
 * A realtor's `/sitemap.xml`: their pages, their home search and the page of every home of their MLS. One
 * file while every listing id fits in one range (SITEMAP_FILE_LISTINGS), else an index of
 * `/sitemap.xml?page=n`, each file the homes of one id range — the site's pages in the first.
 */
async function sitemap(c: Context<TenantEnv>) {
  const realtor = c.get('realtor')
  // An unpublished homepage has no public pages to list (docs/decisions/043-publishing.md).
  if (!isPublished(realtor)) return c.body(null, 404, NO_STORE)
  const urlsOf = (path: string) => pageUrls(realtor, c.env.PUBLIC_ORIGIN, path)
  const ranges = sitemapRanges(await lastListingId(c.env.DB), SITEMAP_FILE_LISTINGS)
  const page = c.req.query('page')
  if (page === undefined && ranges.length > 1) {
    const files = ranges.map((_, i) => `${urlsOf('/sitemap.xml').ko}?page=${i + 1}`)
    return c.body(sitemapIndexXml(files), 200, XML)
  }
  const index = page === undefined ? 0 : /^[1-9]\d{0,8}$/.test(page) && ranges.length > 1 ? Number(page) - 1 : -1
  const range = ranges[index]
  if (!range) return c.notFound()
  const keys = await listingKeysIn(c.env.DB, siteFeeds(realtor).feeds, range)
  const homes = keys.map((key) => urlsOf(`/homes/${encodeURIComponent(key)}`))
  const site = index === 0 ? [...sitemapPaths(realtor), '/homes'].map(urlsOf) : []
  return c.body(sitemapXml([...site, ...homes]), 200, XML)
}

/** The homes of the published realtors in one id range: their canonical URLs (their own domain when set). */
async function homesIn(store: RealtorStore, publicOrigin: string, range: IdRange): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = []
  let afterId = range.afterId
  for (;;) {
    const page = { afterId, throughId: range.throughId, limit: READ_BATCH }
    const realtors = await (store.listPublishedSites?.(page) ?? store.listPublished(page))
    for (const realtor of realtors) if (isPublished(realtor)) entries.push(pageUrls(realtor, publicOrigin, '/'))
    const last = realtors.at(-1)
    if (!last || realtors.length < READ_BATCH) return entries
    afterId = last.id
  }
}

/**
 * The provider's `/sitemap.xml`: the one file while every realtor fits, else an index of `/sitemap.xml?page=n`
 * (a query on the reserved path: a first segment such as `sitemap-2.xml` is no desiredUrl and would fail
 * route validation, src/lib/tenant.ts). The landing page is in the first file.
 */
async function providerSitemap(c: Context<TenantEnv>, perFile: number) {
  const origin = new URL(c.env.PUBLIC_ORIGIN).origin
  const ranges = sitemapRanges(await c.get('realtors').lastId(), perFile)
  const page = c.req.query('page')
  if (page === undefined && ranges.length > 1) {
    return c.body(sitemapIndexXml(ranges.map((_, i) => `${origin}/sitemap.xml?page=${i + 1}`)), 200, XML)
  }
  const index = page === undefined ? 0 : /^[1-9]\d{0,8}$/.test(page) && ranges.length > 1 ? Number(page) - 1 : -1
  const range = ranges[index]
  if (!range) return c.notFound()
  const homes = await homesIn(c.get('realtors'), c.env.PUBLIC_ORIGIN, range)
  const entries = index === 0 ? [pageUrls(null, c.env.PUBLIC_ORIGIN, '/'), ...homes] : homes
  return c.body(sitemapXml(entries), 200, XML)
}

/** The crawlers' routes; `perFile` is the realtor ids one provider sitemap file covers (small in tests). */
export function seoRoutes({ perFile = SITEMAP_FILE_REALTORS }: { perFile?: number } = {}) {
  const app = new Hono<TenantEnv>()
  // Crawlers' files live at a site's root only: `/en/sitemap.xml` is no address of theirs.
  const files = [ROUTES.provider, ROUTES.site].flatMap((base) => [`${base}/robots.txt`, `${base}/sitemap.xml`])
  for (const path of files)
    app.use(path, async (c, next) => {
      if (c.get('site').locale !== null) throw pageNotFound(c.get('site').pathname)
      await next()
    })
  app.get(`${ROUTES.provider}/robots.txt`, (c) =>
    c.text(providerRobotsTxt(`${new URL(c.env.PUBLIC_ORIGIN).origin}/sitemap.xml`), 200, CACHE),
  )
  app.get(`${ROUTES.provider}/sitemap.xml`, (c) => providerSitemap(c, perFile))

  for (const path of [`${ROUTES.site}/sitemap.xml`, `${ROUTES.site}/robots.txt`]) app.use(path, requireTenant())
  app.get(`${ROUTES.site}/sitemap.xml`, sitemap)
  // robots.txt is a host's: a realtor's own domain has one, a path under the provider's host does not.
  app.get(`${ROUTES.site}/robots.txt`, (c) => {
    if (c.get('site').target.kind !== 'domain') throw pageNotFound(c.get('site').pathname)
    if (!isPublished(c.get('realtor'))) return c.text(UNPUBLISHED_ROBOTS_TXT, 200, NO_STORE)
    const sitemapUrl = pageUrls(c.get('realtor'), c.env.PUBLIC_ORIGIN, '/sitemap.xml').ko
    return c.text(robotsTxt(sitemapUrl), 200, CACHE)
  })
  return app
}

export default seoRoutes()
