// The builder's pages (docs/product.md §2): sign-in, the sign-in redirect, the service agreement, and
// /admin — the admin console on the provider's site, a realtor's editor on the realtor's site. One
// sub-app, mounted on every site in src/worker.ts. Every page depends on who is signed in: none is cached.
import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { adminCredentials } from '../lib/accounts/config'
import { listAccounts } from '../lib/accounts/list'
import { findAccountById, sessionUserOf } from '../lib/accounts/store'
import { destinationAfterSignIn, safeNextPath } from '../lib/builder/navigation'
import { AppError } from '../lib/errors'
import { listingsShown, loadHomeListings } from '../lib/home/listings'
import { displayNameOf } from '../lib/home/profile'
import { unreadContacts } from '../lib/inbox/store'
import { leadInvitation } from '../lib/leads/conversion'
import { listingSourceOf } from '../lib/listings/source'
import { confirmPendingEmail, findNotificationSettings } from '../lib/notifications/settings'
import { failedDeliveries } from '../lib/outbox/deliveries'
import { addressStateOf } from '../lib/realtors/address-changes'
import { d1Store } from '../lib/realtors/d1-store'
import { realtorClock } from '../lib/realtors/own-settings'
import { canManage, isAdmin } from '../lib/realtors/permissions'
import { realtorAnswer } from '../lib/realtors/public-read'
import type { Realtor } from '../lib/realtors/types'
import { TOKEN_PATTERN, tokenHash } from '../lib/tokens'
import { providerHomeUrls, sitePath } from '../lib/urls'
import { limitBody } from '../middleware/api'
import { auth } from '../middleware/auth'
import { requirePageManager } from '../middleware/permissions'
import { builderNav, loginHrefOf, renderBuilderPage as render } from '../render'
import { AdminConsolePage, EditorPage, NoProfilePage } from '../views/builder/AdminPages'
import { DeletedPage } from '../views/builder/DeletedPage'
import { type ConfirmState, NotificationConfirmPage } from '../views/builder/NotificationConfirmPage'
import { NotificationsPage } from '../views/builder/NotificationsPage'
import { SettingsPage } from '../views/builder/SettingsPage'
import {
  AgreementPage,
  LoginPage,
  LoginRedirectPage,
  PasswordForgotPage,
  PasswordLinkPage,
} from '../views/builder/SignInPages'

/** The console's first page (the island loads the next ones from GET /v1/accounts). */
const ADMIN_PAGE_SIZE = 50

const app = new Hono<AppEnv>()

/**
 * What the editor opens: the realtor as stored now (the page's copy may be an isolate's cached one) with the
 * version its first save names in If-Match (decision 082). Upstream mode keeps the page's copy and names no
 * version: the upstream's entity tags are its own.
 */
async function editable(env: AppEnv['Bindings'], realtor: Realtor): Promise<{ realtor: Realtor; etag: string | null }> {
  const stored = env.REALTOR_API_ORIGIN ? null : await d1Store(env.DB).find(String(realtor.id))
  return stored ? { realtor: stored, etag: (await realtorAnswer(stored)).etag } : { realtor, etag: null }
}

app.get('/login', async (c) => {
  const next = safeNextPath(c.req.query('next'))
  const user = c.get('user')
  if (user) return c.redirect(destinationAfterSignIn(next, user, c.get('localePrefix')), 302)
  // The provider's sign-in page is the builder's front door, found by searching for it; a tenant's
  // copy (/{desiredUrl}/login, a custom domain's /login) stays out of search results.
  const provider = c.get('realtor') === null
  return render(
    c,
    'page.login.title',
    (ctx, title) => (
      <LoginPage ctx={ctx} title={title} next={next} requestHref={provider ? ctx.localePrefix || '/' : null} />
    ),
    { indexable: provider },
  )
})

app.get('/login/redirect', (c) => {
  const next = safeNextPath(c.req.query('next'))
  return render(c, 'page.loginRedirect.title', (ctx, title) => (
    <LoginRedirectPage ctx={ctx} title={title} next={next} loginHref={loginHrefOf(c)} />
  ))
})

// "Forgot password" and the page its mailed link opens (docs/decisions/100-password-reset.md).
app.get('/login/forgot', (c) =>
  render(c, 'page.forgot.title', (ctx, title) => (
    <PasswordForgotPage ctx={ctx} title={title} loginHref={loginHrefOf(c)} />
  )),
)

app.get('/login/reset', (c) =>
  render(c, 'page.reset.title', (ctx, title) => <PasswordLinkPage ctx={ctx} title={title} kind="reset" />),
)

// An invitation's link (docs/decisions/102-invitations.md): the same form, spent at its own endpoint.
app.get('/login/invite', (c) =>
  render(c, 'page.invite.title', (ctx, title) => <PasswordLinkPage ctx={ctx} title={title} kind="invite" />),
)

app.get('/agreement', async (c) => {
  const user = c.get('user')
  const url = new URL(c.req.url)
  const next = destinationAfterSignIn(c.req.query('next'), user ?? { role: 'realtor' }, c.get('localePrefix'))
  const account = user ? await findAccountById(c.env.DB, user.id) : null
  const state = {
    signInHref: user ? null : `${loginHrefOf(c)}?next=${encodeURIComponent(url.pathname + url.search)}`,
    acceptedOn: account?.agreed_at?.slice(0, 10) ?? null,
    next,
  }
  return render(c, 'page.agreement.title', (ctx, title) => <AgreementPage ctx={ctx} title={title} state={state} />)
})

app.use('/admin', auth({ requireUser: true }))
app.use('/admin/settings', auth({ requireUser: true }))

/** The account's own settings, on any site; back leads to this site's /admin (editor or console). */
app.get('/admin/settings', async (c) => {
  const user = c.get('user')!
  const account = await findAccountById(c.env.DB, user.id)
  if (!account) return c.redirect(loginHrefOf(c), 302)
  const backHref = sitePath(c.var, '/admin')
  const realtor = c.get('realtor')
  // A live homepage's own screens are linked from here; a deleted one has only its /admin state page.
  const owns = realtor && !realtor.deletedAt && canManage(user, realtor)
  const [unread, clock] = owns
    ? await Promise.all([unreadContacts(c.env.DB, realtor.id), realtorClock(c.env.DB, realtor.id)])
    : [undefined, undefined]
  const nav = unread === undefined ? undefined : builderNav(c, 'settings', unread)
  return render(c, 'builder.settings.title', (ctx, title) => (
    <SettingsPage
      ctx={ctx}
      title={title}
      user={sessionUserOf(account)}
      backHref={backHref}
      loginHref={loginHrefOf(c)}
      nav={nav}
      clock={clock && realtor ? { realtorId: realtor.id, timeZone: clock.timeZone, chosen: clock.chosen } : undefined}
    />
  ))
})
// The confirmation link of a notification address: opened by the address's owner, signed in or not.
app.on(['GET', 'POST'], '/admin/notifications/confirm', limitBody(4096), async (c) => {
  const realtor = c.get('realtor')
  if (!realtor || realtor.deletedAt) throw new AppError(404, c.get('intl').formatMessage({ id: 'error.404.title' }))
  const homepage = displayNameOf(realtor, c.get('locale'))
  let state: ConfirmState = { kind: 'invalid' }
  if (c.req.method === 'GET') {
    const token = c.req.query('token') ?? ''
    if (TOKEN_PATTERN.test(token)) state = { kind: 'ask', token }
  } else {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const token = typeof body.token === 'string' ? body.token : ''
    const confirmed = TOKEN_PATTERN.test(token) ? await confirmPendingEmail(c.env.DB, await tokenHash(token)) : null
    if (confirmed && confirmed.realtorId === realtor.id) state = { kind: 'done', email: confirmed.email }
  }
  return render(c, 'builder.notify.confirm.title', (ctx, title) => (
    <NotificationConfirmPage ctx={ctx} title={title} state={state} homepage={homepage} />
  ))
})

app.use('/admin/notifications', auth({ requireUser: true }))

/** A realtor's notification settings: on the realtor's own site, for its owner or an admin. */
app.get('/admin/notifications', async (c) => {
  const realtor = c.get('realtor')
  const adminHref = sitePath(c.var, '/admin')
  // The provider's site and a deleted homepage have none: /admin says where to go.
  if (!realtor || realtor.deletedAt) return c.redirect(adminHref, 302)
  requirePageManager(c, realtor)
  // What is really on: the saved choice, or the default every realtor starts with.
  const settings = await findNotificationSettings(c.env.DB, realtor.id)
  const state = {
    email: settings?.email ?? '',
    webhookUrl: settings?.webhookUrl ?? '',
    saved: settings?.saved ?? false,
    pendingEmail: settings?.pendingEmail ?? null,
  }
  const nav = builderNav(c, 'notifications', await unreadContacts(c.env.DB, realtor.id))
  return render(c, 'builder.notify.title', (ctx, title) => (
    <NotificationsPage ctx={ctx} title={title} realtorId={realtor.id} initial={state} backHref={adminHref} nav={nav} />
  ))
})

app.get('/admin', async (c) => {
  const user = c.get('user')!
  const realtor = c.get('realtor')
  // A realtor's site: the editor, for an admin or the realtor who owns the homepage.
  if (realtor) {
    requirePageManager(c, realtor)
    // A deleted homepage has no editor until an admin restores it: its state, not a dead form.
    if (realtor.deletedAt) {
      const homepage = { desiredUrl: realtor.desiredUrl, deletedAt: realtor.deletedAt }
      // The builder names a homepage by its provider address, as the editor does, whatever Host it is read on.
      const homepageUrl = providerHomeUrls(realtor.desiredUrl, c.env.PUBLIC_ORIGIN)[c.get('locale')]
      return render(c, 'builder.lifecycle.deletedTitle', (ctx, title) => (
        <DeletedPage
          ctx={ctx}
          title={title}
          homepage={homepage}
          homepageUrl={homepageUrl}
          isAdmin={isAdmin(user)}
          contactEmail={adminCredentials(c.env)?.email ?? null}
        />
      ))
    }
    // An empty contact email is offered the owner's account email (docs/decisions/048-onboarding.md).
    const [owner, unread, clock, opened, addressState, listings] = await Promise.all([
      realtor.email || !realtor.userId ? null : findAccountById(c.env.DB, realtor.userId),
      unreadContacts(c.env.DB, realtor.id),
      realtorClock(c.env.DB, realtor.id),
      editable(c.env, realtor),
      addressStateOf(c.env.DB, realtor.id),
      loadHomeListings(listingSourceOf(c.env, c.get('upstreamFetch'), c.get('dataCache')), realtor),
    ])
    const nav = builderNav(c, 'editor', unread)
    return render(
      c,
      'builder.editorTitle',
      (ctx, title) => (
        <EditorPage
          ctx={ctx}
          title={title}
          realtor={opened.realtor}
          etag={opened.etag}
          isAdmin={isAdmin(user)}
          accountEmail={owner?.email ?? null}
          publicOrigin={c.env.PUBLIC_ORIGIN}
          notified={clock.notifiedAt !== null}
          addressState={addressState}
          listingsHidden={!listingsShown(listings)}
          nav={nav}
        />
      ),
      { values: { name: displayNameOf(realtor, c.get('locale')) } },
    )
  }
  // The provider's site: the console for admins; a realtor goes to their own editor.
  if (!isAdmin(user)) {
    const own = user.realtorId ? await c.get('realtors').find(String(user.realtorId)) : null
    if (own) return c.redirect(`${c.get('localePrefix')}/${own.desiredUrl}/admin`, 302)
    return render(c, 'page.admin.title', (ctx, title) => <NoProfilePage ctx={ctx} title={title} />)
  }
  // The search lives in the URL, so a console view can be shared and reloaded.
  const query = (c.req.query('q') ?? '').trim().slice(0, 100)
  // "Create homepage from this lead" (docs/decisions/102-invitations.md): ?lead={id} fills the form in.
  const leadId = Number(c.req.query('lead'))
  const [page, failed, lead] = await Promise.all([
    listAccounts(c.env.DB, { query, limit: ADMIN_PAGE_SIZE }),
    failedDeliveries(c.env.DB),
    Number.isSafeInteger(leadId) && leadId > 0 ? leadInvitation(c.env.DB, leadId) : null,
  ])
  return render(c, 'page.admin.title', (ctx, title) => (
    <AdminConsolePage ctx={ctx} title={title} query={query} page={page} failed={failed} lead={lead} />
  ))
})

export default app
