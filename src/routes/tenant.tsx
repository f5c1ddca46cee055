// A realtor's pages (docs/product.md §2): the homepage and its subpages; mounted in src/worker.ts at
// /{desiredUrl} on provider hosts and at the root of the realtor's custom domain, each in ko and /en.
// The tenant middleware has loaded the realtor before any of these run.
import { type Context, Hono } from 'hono'
import type { ReactElement } from 'react'
import type { TenantEnv } from '../env'
import { feedTag, listingTag, realtorTag } from '../lib/cache'
import { loadHomeListings } from '../lib/home/listings'
import { PROBIZ_TENANT } from '../lib/home/seo'
import { testimonialsIn } from '../lib/home/testimonials'
import { legalIntls } from '../lib/i18n'
import { listingSourceOf } from '../lib/listings/source'
import { localeHome } from '../lib/locale'
import { siteFeeds } from '../lib/mls/site'
import { canManage } from '../lib/realtors/permissions'
import { isPublished } from '../lib/realtors/publish'
import { pageUrls } from '../lib/urls'
import { auth } from '../middleware/auth'
import { buyerSession } from '../middleware/buyer-session'
import { cachePage } from '../middleware/page-cache'
import { requireTenant } from '../middleware/tenant'
import { pageContext, renderPage, renderTenantPage } from '../render'
import { TestimonialList } from '../views/home/sections/Testimonials'
import { tOf } from '../views/home/sections/t'
import { TenantHome } from '../views/home/TenantHome'
import type { TenantFrame } from '../views/home/TenantLayout'
import { AnimationShowcase, LegalBody, ProbizBody, RealtorState, TenantPage } from '../views/home/TenantPages'
import { ComingSoonPage } from '../views/home/Unpublished'
import { type LegalText, PRIVACY, PROCESS, TERMS } from '../views/legal/documents'
import alertLinks from './alerts'
import buyers from './buyers'
import { homeRoute, homeSearchRoute } from './homes'

const app = new Hono<TenantEnv>()

// Every page here is a public page of the realtor's homepage: each renders with `countView`, so once
// published its visitors' browsers count their views (docs/decisions/071-view-beacon.md).
app.use('*', requireTenant())
// An alert mail's unsubscribe and open pixel (docs/decisions/108-listing-alerts.md): before the page cache and
// the publish switch, so a buyer can always stop mail, and never kept.
app.route('/', alertLinks)
app.use('/', auth())
app.use('/probiz', auth())
app.use('/process', auth())
// A realtor's public homepage is the same for every visitor of a locale until the realtor changes: it
// carries their tag only, so another realtor's write leaves it cached (decision 059).
app.use(
  '/',
  cachePage((c: Context<TenantEnv>) => [realtorTag(c.get('realtor').id)]),
)
// What clients said (docs/decisions/111): the same for every visitor too, and changes only with the profile.
app.use(
  '/reviews',
  cachePage((c: Context<TenantEnv>) => [realtorTag(c.get('realtor').id)]),
)

// Home search and home pages are the same for every visitor of their address too: a search carries its
// feeds' tags (a replication step that changed listings purges them), a home page its listing's.
app.use(
  '/homes',
  cachePage((c: Context<TenantEnv>) => [
    realtorTag(c.get('realtor').id),
    ...siteFeeds(c.get('realtor')).feeds.map(feedTag),
  ]),
)
app.use(
  '/homes/:key',
  cachePage((c: Context<TenantEnv>) => [realtorTag(c.get('realtor').id), listingTag(c.req.param('key') ?? '')]),
)

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** What a visitor of an unpublished homepage gets, on every page of it: 404, noindex, never kept. */
function comingSoon(c: Context<TenantEnv>) {
  c.set('cacheable', false)
  const ctx = pageContext(c)
  const title = `${ctx.intl.formatMessage({ id: 'home.comingSoon.title' })} | ${ctx.intl.formatMessage({ id: 'brand.name' })}`
  const landingHref = pageUrls(null, c.env.PUBLIC_ORIGIN, '/')[ctx.locale]
  return renderPage(c, <ComingSoonPage ctx={ctx} landingHref={landingHref} />, {
    status: 404,
    head: { title, description: title, noindex: true },
    headers: NO_STORE,
  })
}

// The publish switch (docs/decisions/043-publishing.md). Registered after cachePage, so the owner's and
// admins' view of an unpublished page turns `cacheable` off after cachePage turned it on: that view is
// personal and must never reach the shared page cache.
app.use('*', async (c, next) => {
  const realtor = c.get('realtor')
  if (isPublished(realtor)) return next()
  if (!canManage(c.get('user'), realtor)) return comingSoon(c)
  c.set('cacheable', false)
  await next()
  c.res.headers.set('Cache-Control', NO_STORE['Cache-Control'])
})

// A signed-in buyer (the `buyer` cookie, docs/decisions/107-buyer-accounts.md): after cachePage, so a page
// rendered for them turns `cacheable` off and is never marked shareable.
app.use('*', buyerSession())

/** A subpage of the realtor's site: a title, an intro and a body in the realtor's frame. */
function tenantPage(
  titleId: string,
  introId: string | undefined,
  Body: (props: { frame: TenantFrame }) => ReactElement,
  options: { noindex?: boolean } = {},
) {
  return (c: Context<TenantEnv>) => {
    const t = (id: string) => c.get('intl').formatMessage({ id })
    const title = t(titleId)
    return renderTenantPage(
      c,
      (frame) => (
        <TenantPage frame={frame} title={title} intro={introId ? t(introId) : undefined}>
          <Body frame={frame} />
        </TenantPage>
      ),
      title,
      { ...options, countView: true },
    )
  }
}

app.get('/', async (c) => {
  const realtor = c.get('realtor')
  const listings = await loadHomeListings(listingSourceOf(c.env, c.get('upstreamFetch'), c.get('dataCache')), realtor)
  // A page made without some of its listings is not kept: the next visitor gets another try.
  if (!listings.complete) c.set('cacheable', false)
  return renderTenantPage(
    c,
    (frame) => <TenantHome frame={frame} listings={listings} today={new Date()} />,
    undefined,
    {
      countView: true,
    },
  )
})
// Every testimonial written in the page's language (docs/decisions/111); none in it: no such page.
app.get('/reviews', (c) => {
  const items = testimonialsIn(c.get('realtor').testimonials, c.get('locale'))
  if (!items.length) return c.notFound()
  const title = c.get('intl').formatMessage({ id: 'testimonials.page.title' })
  return renderTenantPage(
    c,
    (frame) => (
      <TenantPage frame={frame} title={title}>
        <div className="home-testimonials home-testimonials--page">
          <TestimonialList items={items} t={tOf(frame.ctx)} />
        </div>
      </TenantPage>
    ),
    title,
    { countView: true },
  )
})
app.get('/homes', homeSearchRoute)
app.get('/homes/:key', homeRoute)
// The samples are routes of the product, not content: kept out of search results and sitemaps.
app.get('/gsap_sample', tenantPage('page.gsapSample.title', 'home.gsap.intro', AnimationShowcase, { noindex: true }))
app.get('/pinia_sample', tenantPage('page.piniaSample.title', 'home.pinia.intro', RealtorState, { noindex: true }))
// The legal texts, both languages on one page (#ko, #en): a realtor's contact form links to its privacy page here.
function legalPage(titleId: string, doc: LegalText) {
  return async (c: Context<TenantEnv>) => {
    const title = c.get('intl').formatMessage({ id: titleId })
    const legal = await legalIntls(c.env.ASSETS)
    return renderTenantPage(
      c,
      (frame) => (
        <TenantPage frame={frame} title={title}>
          <LegalBody frame={frame} doc={doc} publicOrigin={c.env.PUBLIC_ORIGIN} legal={legal} />
        </TenantPage>
      ),
      title,
      { countView: true },
    )
  }
}
// The buyer's account, saved homes and searches (./buyers.tsx).
app.route('/', buyers)
app.get('/process', legalPage('page.process.title', PROCESS))
app.get('/terms', legalPage('page.terms.title', TERMS))
app.get('/terms/privacy', legalPage('page.privacy.title', PRIVACY))

// probiz is a page of one brokerage only; any other tenant goes to the home page (docs/product.md §2).
app.get('/probiz', async (c) => {
  if (c.get('realtor').desiredUrl !== PROBIZ_TENANT) return c.redirect(localeHome(c.get('localePrefix')), 302)
  return tenantPage('page.probiz.title', 'home.probiz.intro', ProbizBody)(c)
})

/**
 * The paths of these pages within a realtor's site (the GET routes above): the only pages whose views the
 * beacon may count (src/routes/api/views.ts, docs/decisions/071-view-beacon.md).
 */
const PAGE_PATHS = new Set(
  app.routes
    // A buyer's own pages and the alert mails' links are no public pages of the site: not the realtor's visitors'.
    .filter(
      (route) => route.method === 'GET' && !route.path.startsWith('/account') && !route.path.startsWith('/alerts/'),
    )
    .map((route) => route.path),
)
/** A home's page (/homes/{ListingKey}): one path per listing, so matched by its shape. */
const HOME_PAGE = /^\/homes\/[\w.-]{1,64}$/
export const isTenantPage = (path: string) => PAGE_PATHS.has(path) || HOME_PAGE.test(path)

export default app
