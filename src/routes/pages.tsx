// The provider's own pages (docs/product.md §2): the landing page, process, terms and privacy; mounted
// at / and /en in src/worker.ts. The builder's pages are src/routes/builder.tsx.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { CAROUSEL } from '../lib/carousel'
import { ownDomainsReachable } from '../lib/domains/provider'
import { legalIntls } from '../lib/i18n'
import { pageUrls } from '../lib/urls'
import { cachePage } from '../middleware/page-cache'
import { pageContext, renderPage } from '../render'
import { exampleSitesOf } from '../views/landing/example-sites'
import { landingHead } from '../views/landing/LandingHead'
import { LandingPage } from '../views/landing/LandingPage'
import { type LegalText, PRIVACY, PROCESS, TERMS } from '../views/legal/documents'
import { LegalDocument } from '../views/legal/LegalDocument'
import { SimplePage } from '../views/SimplePage'

const app = new Hono<AppEnv>()

/** A legal text (process, terms, privacy) in both languages on one page, anchored #ko and #en. */
function legalPage(titleId: string, introId: string, doc: LegalText) {
  return async (c: Context<AppEnv>) => {
    const ctx = pageContext(c)
    const t = (id: string) => ctx.intl.formatMessage({ id })
    const landing = pageUrls(null, c.env.PUBLIC_ORIGIN, '/')
    const legal = await legalIntls(c.env.ASSETS)
    return renderPage(
      c,
      <SimplePage ctx={ctx} title={t(titleId)}>
        <LegalDocument doc={doc} locale={ctx.locale} tenantBase="" landing={landing} legal={legal} />
      </SimplePage>,
      { head: { title: `${t(titleId)} | ${t('brand.name')}`, description: t(introId) } },
    )
  }
}

// The landing page shows demo realtors: it is shared by every visitor of a locale until one changes.
app.use(
  '/',
  cachePage(() => ['realtors']),
)
app.get('/', async (c) => {
  const { target } = c.get('site')
  // `/?desiredUrl=x` names a tenant (checked by the tenant resolver): its home lives at /x.
  if (target.kind === 'path') return c.redirect(`${c.get('localePrefix')}/${target.desiredUrl}`, 302)
  const ctx = pageContext(c)
  const realtors = await c.get('realtors').listPublished({ afterId: 0, limit: CAROUSEL.slides })
  const sites = exampleSitesOf(realtors, {
    locale: ctx.locale,
    localePrefix: ctx.localePrefix,
    publicOrigin: c.env.PUBLIC_ORIGIN,
    ownDomains: ownDomainsReachable(c.env),
  })
  return renderPage(c, <LandingPage ctx={ctx} sites={sites} />, {
    head: landingHead(ctx, c.env.PUBLIC_ORIGIN),
    bodyClassName: 'landing-body',
  })
})
app.get('/process', legalPage('page.process.title', 'page.process.intro', PROCESS))
app.get('/terms', legalPage('page.terms.title', 'page.terms.intro', TERMS))
app.get('/terms/privacy', legalPage('page.privacy.title', 'page.privacy.intro', PRIVACY))

export default app
