// The pages of one realtor (SPEC.md §2): mounted at /{desiredUrl} on provider hosts and at the root
// of the realtor's custom domain, each in ko and /en.
import { type Context, Hono } from 'hono'
import type { ReactElement } from 'react'
import type { AppEnv } from '../env'
import { realtorTags } from '../lib/cache'
import { intlFor } from '../lib/i18n'
import { localeHome } from '../lib/locale'
import { cachePage } from '../middleware/page-cache'
import { auth, tenant } from '../middleware/tenant'
import { renderPage } from '../render'
import type { TenantFrame } from '../views/home/TenantLayout'
import {
  AnimationShowcase,
  PrivacyBody,
  ProbizBody,
  ProcessSteps,
  RealtorState,
  TenantPage,
  TermsBody,
} from '../views/home/TenantPages'
import { agreementPage, editorPage, loginPage, loginRedirectPage } from './builder-pages'
import { renderTenantHome, tenantFrame, tenantPageOptions } from './tenant-home'

export const PROBIZ_TENANT = 'equityrealty'

const app = new Hono<AppEnv>()

app.use('*', tenant())
app.use('/', auth())
app.use('/probiz', auth())
app.use('/process', auth())
app.use('/admin', auth({ requireUser: true }))
// A realtor's public homepage is the same for every visitor of a locale until the realtor changes.
app.use(
  '/',
  cachePage((c) => realtorTags(c.get('realtor')!.id)),
)

type Body = (props: { frame: TenantFrame }) => ReactElement

/** A public page of the realtor's site in the realtor's frame, design and SEO head. */
function tenantPage(titleId: string, introId: string | undefined, Body: Body) {
  return (c: Context<AppEnv>) => {
    const frame = tenantFrame(c)
    const t = (id: string) => frame.ctx.intl.formatMessage({ id })
    const title = t(titleId)
    return renderPage(
      c,
      <TenantPage frame={frame} title={title} intro={introId ? t(introId) : undefined}>
        <Body frame={frame} />
      </TenantPage>,
      tenantPageOptions(c, frame, title),
    )
  }
}

app.get('/', renderTenantHome)
app.get('/admin', editorPage)
app.get('/login', loginPage)
app.get('/login/redirect', loginRedirectPage)
app.get('/agreement', agreementPage)
app.get('/gsap_sample', tenantPage('page.gsapSample.title', 'home.gsap.intro', AnimationShowcase))
app.get('/pinia_sample', tenantPage('page.piniaSample.title', 'home.pinia.intro', RealtorState))
app.get('/process', tenantPage('page.process.title', 'page.process.intro', ProcessSteps))
app.get('/terms', tenantPage('page.terms.title', 'page.terms.intro', TermsBody))
app.get('/terms/privacy', (c) => {
  const frame = tenantFrame(c)
  const title = frame.ctx.intl.formatMessage({ id: 'page.privacy.title' })
  const ko = intlFor('ko')
  const en = intlFor('en')
  return renderPage(
    c,
    <TenantPage frame={frame} title={title}>
      <PrivacyBody ko={(id) => ko.formatMessage({ id })} en={(id) => en.formatMessage({ id })} />
    </TenantPage>,
    tenantPageOptions(c, frame, title),
  )
})

// probiz is a page of one brokerage only; any other tenant goes to the home page (SPEC.md §2).
app.get('/probiz', async (c) => {
  if (c.get('realtor')?.desiredUrl !== PROBIZ_TENANT) return c.redirect(localeHome(c.get('localePrefix')), 302)
  return tenantPage('page.probiz.title', 'home.probiz.intro', ProbizBody)(c)
})

export default app
