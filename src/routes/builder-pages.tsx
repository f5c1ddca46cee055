// The builder's pages (issue 6): sign-in, the sign-in redirect, the service agreement, the admin
// console and a realtor's editor. Every page here depends on who is signed in, so none is cached.
import type { Context } from 'hono'
import AdminConsole, { type RealtorSummary } from '../client/islands/AdminConsole'
import AgreementForm from '../client/islands/AgreementForm'
import LoginForm from '../client/islands/LoginForm'
import LoginRedirect from '../client/islands/LoginRedirect'
import RealtorEditor from '../client/islands/RealtorEditor'
import type { AppEnv } from '../env'
import { findAccountById } from '../lib/accounts/store'
import { destinationAfterSignIn, safeNextPath } from '../lib/builder/navigation'
import { AppError } from '../lib/errors'
import { MESSAGES } from '../lib/i18n'
import type { Locale } from '../lib/locale'
import type { Realtor } from '../lib/realtors/types'
import { pageContext, renderPage } from '../render'
import { BuilderPage } from '../views/builder/BuilderPage'
import { Island } from '../views/Island'

const NO_STORE = { 'Cache-Control': 'no-store' }
const ADMIN_LIST_LIMIT = 1000

/** The `builder.*` messages of a locale: what the builder's islands get as props. */
export function builderMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES[locale]).filter(([key]) => key.startsWith('builder.')))
}

function render(
  c: Context<AppEnv>,
  titleId: string,
  body: (title: string) => React.ReactElement,
  { values = {}, indexable = false }: { values?: Record<string, string>; indexable?: boolean } = {},
) {
  const ctx = pageContext(c)
  const title = ctx.intl.formatMessage({ id: titleId }, values)
  const brand = c.get('realtor')?.name ?? ctx.intl.formatMessage({ id: 'brand.name' })
  return renderPage(c, body(title), {
    head: { title: `${title} | ${brand}`, description: title, noindex: !indexable },
    headers: NO_STORE,
  })
}

const loginHrefOf = (c: Context<AppEnv>) => `${c.get('localePrefix')}${c.get('tenantBase')}/login`

export async function loginPage(c: Context<AppEnv>): Promise<Response> {
  const next = safeNextPath(c.req.query('next'))
  const user = c.get('user')
  if (user) return c.redirect(destinationAfterSignIn(next, user, c.get('localePrefix')), 302)
  const ctx = pageContext(c)
  // The provider's sign-in page is the builder's front door, found by searching for it; a tenant's
  // copy (/{desiredUrl}/login, a custom domain's /login) stays out of search results.
  const indexable = c.get('realtor') === null
  return render(
    c,
    'page.login.title',
    (title) => (
      <BuilderPage ctx={ctx} title={title} lead={<p>{ctx.intl.formatMessage({ id: 'page.login.intro' })}</p>}>
        <div className="card builder-card">
          <Island
            name="LoginForm"
            component={LoginForm}
            props={{
              messages: builderMessages(ctx.locale),
              localePrefix: ctx.localePrefix,
              next,
              tenantBase: ctx.tenantBase,
            }}
          />
          <p className="muted builder-card__foot">{ctx.intl.formatMessage({ id: 'builder.login.hint' })}</p>
        </div>
      </BuilderPage>
    ),
    { indexable },
  )
}

export async function loginRedirectPage(c: Context<AppEnv>): Promise<Response> {
  const ctx = pageContext(c)
  const next = safeNextPath(c.req.query('next'))
  return render(c, 'page.loginRedirect.title', (title) => (
    <BuilderPage ctx={ctx} title={title} lead={<p>{ctx.intl.formatMessage({ id: 'page.loginRedirect.intro' })}</p>}>
      <div className="card builder-card">
        <Island
          name="LoginRedirect"
          component={LoginRedirect}
          props={{
            messages: builderMessages(ctx.locale),
            localePrefix: ctx.localePrefix,
            next,
            loginHref: loginHrefOf(c),
          }}
        />
      </div>
    </BuilderPage>
  ))
}

/** /agreement: the terms for anyone; signed in, the acceptance form (or when it was accepted). */
export async function agreementPage(c: Context<AppEnv>) {
  const user = c.get('user')
  const url = new URL(c.req.url)
  const next = destinationAfterSignIn(c.req.query('next'), user ?? { role: 'realtor' }, c.get('localePrefix'))
  const account = user ? await findAccountById(c.env.DB, user.id) : null
  const signInHref = `${loginHrefOf(c)}?next=${encodeURIComponent(url.pathname + url.search)}`
  const ctx = pageContext(c)
  const m = (id: string, values?: Record<string, string>) => ctx.intl.formatMessage({ id }, values)
  return render(c, 'page.agreement.title', (title) => (
    <BuilderPage ctx={ctx} title={title} lead={<p>{m('builder.agreement.lead')}</p>}>
      <div className="card builder-card">
        <ol className="agreement-terms">
          <li>{m('builder.agreement.item1')}</li>
          <li>{m('builder.agreement.item2')}</li>
          <li>{m('builder.agreement.item3')}</li>
        </ol>
        <p>
          <a href={`${ctx.localePrefix}/terms`}>{m('builder.agreement.terms')}</a>
        </p>
        {!user ? (
          <a className="button" href={signInHref}>
            {m('builder.agreement.signIn')}
          </a>
        ) : account?.agreed_at ? (
          <>
            <p className="notice notice--ok">
              {m('builder.agreement.accepted', { date: account.agreed_at.slice(0, 10) })}
            </p>
            <a className="button" href={next}>
              {m('builder.login.continue')}
            </a>
          </>
        ) : (
          <Island
            name="AgreementForm"
            component={AgreementForm}
            props={{ messages: builderMessages(ctx.locale), next }}
          />
        )}
      </div>
    </BuilderPage>
  ))
}

function summaryOf(realtor: Realtor): RealtorSummary {
  const cities = [...new Set(realtor.activityRegion.map((region) => region.city))].join(', ')
  return { id: realtor.id, name: realtor.name, desiredUrl: realtor.desiredUrl, email: realtor.email, cities }
}

/** /admin: the console for admins; a realtor goes to their own editor. (Signed out: the auth guard.) */
export async function adminPage(c: Context<AppEnv>) {
  const user = c.get('user')!
  const ctx = pageContext(c)
  if (user.role !== 'admin') {
    const own = user.realtorId ? await c.get('realtors').find(String(user.realtorId)) : null
    if (own) return c.redirect(`${ctx.localePrefix}/${own.desiredUrl}/admin`, 302)
    return render(c, 'page.admin.title', (title) => (
      <BuilderPage ctx={ctx} title={title}>
        <p className="notice notice--error">{ctx.intl.formatMessage({ id: 'builder.noProfile' })}</p>
      </BuilderPage>
    ))
  }
  const realtors = await c.get('realtors').list({ limit: ADMIN_LIST_LIMIT })
  return render(c, 'page.admin.title', (title) => (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      lead={<p>{ctx.intl.formatMessage({ id: 'page.admin.intro' })}</p>}
    >
      <Island
        name="AdminConsole"
        component={AdminConsole}
        props={{
          messages: builderMessages(ctx.locale),
          locale: ctx.locale,
          localePrefix: ctx.localePrefix,
          loginHref: `${ctx.localePrefix}/login`,
          realtors: realtors.map(summaryOf),
        }}
      />
    </BuilderPage>
  ))
}

/** /{desiredUrl}/admin: the editor, for an admin or the realtor who owns the homepage. */
export async function editorPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get('user')!
  const realtor = c.get('realtor')!
  if (user.role !== 'admin' && realtor.userId !== user.id) {
    throw new AppError(403, c.get('intl').formatMessage({ id: 'builder.forbidden' }))
  }
  const ctx = pageContext(c)
  return render(
    c,
    'builder.editorTitle',
    (title) => (
      <BuilderPage ctx={ctx} title={title} width="wide">
        <Island
          name="RealtorEditor"
          component={RealtorEditor}
          props={{
            messages: builderMessages(ctx.locale),
            locale: ctx.locale,
            localePrefix: ctx.localePrefix,
            realtor,
            adminHref: user.role === 'admin' ? `${ctx.localePrefix}/admin` : null,
            loginHref: `${ctx.localePrefix}/login`,
          }}
        />
      </BuilderPage>
    ),
    { values: { name: realtor.name || realtor.desiredUrl } },
  )
}
