// The builder's Domain screen of a realtor's site (issue 19, docs/decisions/054-domain-screen.md): the
// realtor's own domain, for the homepage's owner and admins. Mounted on each realtor's site in
// src/worker.ts; personal, so never stored by any cache.
import { Hono } from 'hono'
import type { TenantEnv } from '../env'
import type { DomainView } from '../lib/builder/domain-screen'
import { AppError } from '../lib/errors'
import { canSeeUnpublished } from '../lib/realtors/publish'
import { providerHomeUrls } from '../lib/urls'
import { auth } from '../middleware/auth'
import { requireTenant } from '../middleware/tenant'
import { builderNav, renderBuilderPage } from '../render'
import { DomainPage } from '../views/builder/DomainPage'

const app = new Hono<TenantEnv>()

// TODO(domains-api): the domain service's read, once its branch is merged.
async function loadDomain(_c: unknown, _realtorId: number): Promise<DomainView | null> {
  return null
}

app.use('/admin/domain', requireTenant(), auth({ requireUser: true }))
app.get('/admin/domain', async (c) => {
  const user = c.get('user')!
  const realtor = c.get('realtor')
  const editorHref = `${c.get('localePrefix')}${c.get('tenantBase')}/admin`
  // A deleted homepage has no builder screens: /admin shows its state.
  if (realtor.deletedAt) return c.redirect(editorHref, 302)
  if (!canSeeUnpublished(user, realtor)) {
    throw new AppError(403, c.get('intl').formatMessage({ id: 'builder.forbidden' }))
  }
  const [domain, nav] = await Promise.all([loadDomain(c, realtor.id), builderNav(c, realtor, 'domain')])
  return renderBuilderPage(c, 'builder.domain.title', (ctx, title) => (
    <DomainPage
      ctx={ctx}
      title={title}
      realtorId={realtor.id}
      domain={domain}
      pathAddress={providerHomeUrls(realtor.desiredUrl, c.env.PUBLIC_ORIGIN)[ctx.locale]}
      isAdmin={user.role === 'admin'}
      backHref={editorHref}
      nav={nav}
    />
  ))
})

export default app
