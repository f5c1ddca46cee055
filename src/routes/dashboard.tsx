// The builder's dashboard of a realtor's site (issue 18, docs/decisions/051-dashboard.md): the last 30
// days of homepage views and contacts, for the homepage's owner and admins. Mounted on each realtor's
// site in src/worker.ts; personal, so never stored by any cache.
import { Hono } from 'hono'
import type { TenantEnv } from '../env'
import { readThrough } from '../lib/data-cache'
import { unreadContacts } from '../lib/inbox/store'
import { viewFiguresOf, viewsSqlConfigOf } from '../lib/page-views/analytics'
import { dashboardOf, type ViewsLoader } from '../lib/page-views/dashboard'
import { realtorClock } from '../lib/realtors/own-settings'
import { sitePath } from '../lib/urls'
import { auth } from '../middleware/auth'
import { requirePageManager } from '../middleware/permissions'
import { requireTenant } from '../middleware/tenant'
import { builderNav, renderBuilderPage } from '../render'
import { DashboardPage } from '../views/builder/DashboardPage'

/**
 * How long a realtor's Analytics Engine figures are kept in the isolate's data cache: a reload within it
 * costs no SQL API call, and a new view shows at most this much later than Analytics Engine has it — itself
 * seconds behind the write (docs/decisions/073).
 */
export const VIEW_FIGURES_MAX_AGE_MS = 10_000

const app = new Hono<TenantEnv>()

app.use('/admin/dashboard', requireTenant(), auth({ requireUser: true }))
app.get('/admin/dashboard', async (c) => {
  const realtor = c.get('realtor')
  requirePageManager(c, realtor)
  const { timeZone } = await realtorClock(c.env.DB, realtor.id)
  c.set('timeZone', timeZone)
  const sql = viewsSqlConfigOf(c.env)
  // Unconfigured (no token or account), the dashboard shows contacts and says views are unavailable. A
  // failed read is never cached (readThrough keeps only values), so the next reload asks again.
  const loadViews: ViewsLoader | undefined = sql
    ? (since) =>
        readThrough(
          c.var.dataCache,
          `view-figures:${realtor.id}:${since}`,
          () => viewFiguresOf(sql, c.var.upstreamFetch, realtor.id, since),
          // No tags: no write of ours changes these figures, only their age ends them.
          { tags: () => [], maxAgeMs: VIEW_FIGURES_MAX_AGE_MS },
        )
    : undefined
  const [dashboard, unread] = await Promise.all([
    dashboardOf(c.env.DB, realtor.id, timeZone, Date.now(), loadViews),
    unreadContacts(c.env.DB, realtor.id),
  ])
  const nav = builderNav(c, 'dashboard', unread)
  const editorHref = sitePath(c.var, '/admin')
  return renderBuilderPage(c, 'builder.dashboard.title', (ctx, title) => (
    <DashboardPage ctx={ctx} title={title} dashboard={dashboard} editorHref={editorHref} nav={nav} />
  ))
})

export default app
