// The pages of one realtor (SPEC.md §2): mounted at /{desiredUrl} on provider hosts and at the root
// of the realtor's custom domain, each in ko and /en.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { localeHome } from '../lib/locale'
import { realtorTags } from '../lib/page-cache'
import { cachePage } from '../middleware/page-cache'
import { auth, tenant } from '../middleware/tenant'
import { pageContext, renderPage } from '../render'
import { SimplePage } from '../views/SimplePage'
import { agreementPage, editorPage, loginPage, loginRedirectPage } from './builder-pages'

const PROBIZ_TENANT = 'equityrealty'

const app = new Hono<AppEnv>()

app.use('*', tenant())
app.use('/', auth())
app.use('/probiz', auth())
app.use('/process', auth())
app.use('/admin', auth({ requireUser: true }))
// A realtor's public homepage is the same for every visitor of a locale until the realtor changes.
app.use(
  '/',
  cachePage((c) => realtorTags(c.var.realtor!.id)),
)

/** Renders a titled page of the tenant site; later issues replace these bodies with their screens. */
function tenantPage(titleId: string, introId?: string) {
  return (c: Context<AppEnv>) => {
    const ctx = pageContext(c)
    const realtor = c.var.realtor!
    const title = ctx.intl.formatMessage({ id: titleId }, { name: realtor.name })
    const intro = introId ? ctx.intl.formatMessage({ id: introId }) : undefined
    return renderPage(c, <SimplePage ctx={ctx} title={title} intro={intro} />, {
      head: { title: `${title} | ${realtor.name}`, description: realtor.seoMeta[ctx.locale].description || title },
    })
  }
}

app.get('/', tenantPage('page.tenantHome.title'))
app.get('/admin', editorPage)
app.get('/agreement', agreementPage)
app.get('/gsap_sample', tenantPage('page.gsapSample.title'))
app.get('/login', loginPage)
app.get('/login/redirect', loginRedirectPage)
app.get('/pinia_sample', tenantPage('page.piniaSample.title'))
app.get('/process', tenantPage('page.process.title', 'page.process.intro'))
app.get('/terms', tenantPage('page.terms.title', 'page.terms.intro'))

// probiz is a page of one brokerage only; any other tenant goes to the home page (SPEC.md §2).
app.get('/probiz', async (c) => {
  if (c.var.realtor?.desiredUrl !== PROBIZ_TENANT) return c.redirect(localeHome(c.var.localePrefix), 302)
  return tenantPage('page.probiz.title')(c)
})

export default app
