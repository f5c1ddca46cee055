// The provider's own pages (docs/product.md §2): the landing page, process, terms and privacy; mounted
// at / and /en in src/worker.ts. The builder's pages are src/routes/builder.tsx.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { CAROUSEL } from '../lib/carousel'
import { cachePage } from '../middleware/page-cache'
import { pageContext, renderPage } from '../render'
import { exampleSitesOf } from '../views/landing/example-sites'
import { landingHead } from '../views/landing/LandingHead'
import { LandingPage } from '../views/landing/LandingPage'
import { SimplePage } from '../views/SimplePage'

const app = new Hono<AppEnv>()

function providerPage(titleId: string, introId?: string) {
  return (c: Context<AppEnv>) => {
    const ctx = pageContext(c)
    const title = ctx.intl.formatMessage({ id: titleId })
    const intro = introId ? ctx.intl.formatMessage({ id: introId }) : undefined
    return renderPage(c, <SimplePage ctx={ctx} title={title} intro={intro} />, {
      head: { title: `${title} | ${ctx.intl.formatMessage({ id: 'brand.name' })}`, description: intro ?? title },
    })
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
  })
  return renderPage(c, <LandingPage ctx={ctx} sites={sites} />, {
    head: landingHead(ctx, c.env.PUBLIC_ORIGIN),
    bodyClassName: 'landing-body',
  })
})
app.get('/process', providerPage('page.process.title', 'page.process.intro'))
app.get('/terms', providerPage('page.terms.title', 'page.terms.intro'))
app.get('/terms/privacy', providerPage('page.privacy.title', 'page.privacy.intro'))

export default app
