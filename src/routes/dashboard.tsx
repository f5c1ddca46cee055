// The builder's dashboard of a realtor's site (issue 18, docs/decisions/051-dashboard.md): the last 30
// days of homepage views and contacts, for the homepage's owner and admins. Mounted on each realtor's
// site in src/worker.ts; personal, so never stored by any cache.
import { Hono } from 'hono'
import type { TenantEnv } from '../env'
import { unreadContacts } from '../lib/inbox/store'
import { dashboardOf } from '../lib/page-views/dashboard'
import { realtorClock } from '../lib/realtors/own-settings'
import { sitePath } from '../lib/urls'
import { auth } from '../middleware/auth'
import { requirePageManager } from '../middleware/permissions'
import { requireTenant } from '../middleware/tenant'
import { builderNav, renderBuilderPage } from '../render'
import { DashboardPage } from '../views/builder/DashboardPage'

const app = new Hono<TenantEnv>()

app.use('/admin/dashboard', requireTenant(), auth({ requireUser: true }))
app.get('/admin/dashboard', async (c) => {
  const realtor = c.get('realtor')
  requirePageManager(c, realtor)
  const { timeZone } = await realtorClock(c.env.DB, realtor.id)
  c.set('timeZone', timeZone)
  const [dashboard, unread] = await Promise.all([
    dashboardOf(c.env.DB, realtor.id, timeZone),
    unreadContacts(c.env.DB, realtor.id),
  ])
  const nav = builderNav(c, 'dashboard', unread)
  const editorHref = sitePath(c.var, '/admin')
  return renderBuilderPage(c, 'builder.dashboard.title', (ctx, title) => (
    <DashboardPage ctx={ctx} title={title} dashboard={dashboard} editorHref={editorHref} nav={nav} />
  ))
})

export default app
