// The provider's own pages (SPEC.md §2): the landing page, admin, agreement, login, process, terms,
// and the path-based tenants under /{desiredUrl}; mounted at / and /en.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { CAROUSEL } from '../lib/carousel'
import { pageNotFound, routeValidationFailed } from '../lib/errors'
import { DESIRED_URL_PATTERN, DESIRED_URL_ROUTE, decodeSegment, RESERVED_SEGMENTS } from '../lib/tenant'
import { cachePage } from '../middleware/page-cache'
import { auth } from '../middleware/tenant'
import { pageContext, renderPage } from '../render'
import { exampleSitesOf } from '../views/landing/example-sites'
import { LandingPage } from '../views/landing/LandingPage'
import { SimplePage } from '../views/SimplePage'
import { adminPage, agreementPage, loginPage, loginRedirectPage } from './builder-pages'
import tenantPages from './tenant-pages'

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
  // `/?desiredUrl=x` names a tenant: its home lives at /x.
  const desiredUrl = c.req.query('desiredUrl')
  if (desiredUrl) {
    if (!DESIRED_URL_PATTERN.test(desiredUrl) || RESERVED_SEGMENTS.has(desiredUrl.toLowerCase())) {
      throw routeValidationFailed(new URL(c.req.url).pathname)
    }
    return c.redirect(`${c.get('localePrefix')}/${desiredUrl}`, 302)
  }
  const ctx = pageContext(c)
  const realtors = await c.get('realtors').list({ limit: CAROUSEL.slides })
  const sites = exampleSitesOf(realtors, {
    locale: ctx.locale,
    localePrefix: ctx.localePrefix,
    publicOrigin: c.env.PUBLIC_ORIGIN,
  })
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return renderPage(c, <LandingPage ctx={ctx} sites={sites} />, {
    head: { title: t('landing.meta.title'), description: t('landing.meta.description') },
    bodyClassName: 'landing-body',
  })
})
app.get('/admin', auth({ requireUser: true }), adminPage)
app.get('/agreement', agreementPage)
app.get('/login', loginPage)
app.get('/login/redirect', loginRedirectPage)
app.get('/process', providerPage('page.process.title', 'page.process.intro'))
app.get('/terms', providerPage('page.terms.title', 'page.terms.intro'))
app.get('/terms/privacy', providerPage('page.privacy.title', 'page.privacy.intro'))

app.route(`/:desiredUrl{${DESIRED_URL_ROUTE}}`, tenantPages)

// A first segment that is neither a page nor a valid desiredUrl fails route validation.
app.all('/:segment/*', (c) => {
  const path = new URL(c.req.url).pathname
  const segment = decodeSegment(c.req.param('segment'))
  if (RESERVED_SEGMENTS.has(segment.toLowerCase()) || DESIRED_URL_PATTERN.test(segment)) throw pageNotFound(path)
  throw routeValidationFailed(path)
})

export default app
