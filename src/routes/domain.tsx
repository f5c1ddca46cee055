// The builder's Domain screen of a realtor's site (issue 19, docs/decisions/054-domain-screen.md): the
// realtor's own domain, for the homepage's owner and admins. Mounted on each realtor's site in
// src/worker.ts; personal, so never stored by any cache.
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../env'
import { domainResponse, PROBLEM_KEYS } from '../lib/domains/present'
import { domainSetup } from '../lib/domains/setup'
import type { DomainResponse } from '../lib/domains/types'
import { unreadContacts } from '../lib/inbox/store'
import { isAdmin } from '../lib/realtors/permissions'
import { providerHomeUrls, sitePath } from '../lib/urls'
import { auth } from '../middleware/auth'
import { requirePageManager } from '../middleware/permissions'
import { builderNav, renderBuilderPage } from '../render'
import { DomainPage } from '../views/builder/DomainPage'

const app = new Hono<AppEnv>()

/**
 * The realtor's Domain as `GET /v1/realtors/{id}/domain` answers it (refreshed from the provider at most once
 * per 5 s, with the claim taken over from them), for the first view. Unconfigured outside local mode: none,
 * and connecting says why (503).
 */
async function loadDomain(c: Context<AppEnv>, realtorId: number): Promise<DomainResponse> {
  const setup = domainSetup(c.env, c.get('upstreamFetch'))
  if (setup.kind !== 'ready') return { domain: null, takenOver: null }
  const intl = c.get('intl')
  return domainResponse(await setup.service.view(realtorId), (problem) =>
    intl.formatMessage({ id: PROBLEM_KEYS[problem] }),
  )
}

app.use('/admin/domain', auth({ requireUser: true }))
app.get('/admin/domain', async (c) => {
  const realtor = c.get('realtor')
  const editorHref = sitePath(c.var, '/admin')
  // The provider's site has no domain of its own, and a deleted homepage no builder screens: /admin says where to go.
  if (!realtor || realtor.deletedAt) return c.redirect(editorHref, 302)
  const user = requirePageManager(c, realtor)
  const [{ domain, takenOver }, unread] = await Promise.all([
    loadDomain(c, realtor.id),
    unreadContacts(c.env.DB, realtor.id),
  ])
  const nav = builderNav(c, 'domain', unread)
  return renderBuilderPage(c, 'builder.domain.title', (ctx, title) => (
    <DomainPage
      ctx={ctx}
      title={title}
      realtorId={realtor.id}
      domain={domain}
      takenOver={takenOver}
      pathAddress={providerHomeUrls(realtor.desiredUrl, c.env.PUBLIC_ORIGIN)[ctx.locale]}
      isAdmin={isAdmin(user)}
      backHref={editorHref}
      nav={nav}
    />
  ))
})

export default app
