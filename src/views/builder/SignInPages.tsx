// The builder's sign-in screens: sign in, "forgot password" and the new password its link sets
// (docs/decisions/100-password-reset.md), the sign-in redirect (a token in the URL fragment becomes a
// session) and the service agreement.
import AgreementForm, { AGREEMENT_FORM_MESSAGES } from '../../client/islands/AgreementForm'
import LoginForm, { LOGIN_FORM_MESSAGES } from '../../client/islands/LoginForm'
import LoginRedirect, { LOGIN_REDIRECT_MESSAGES } from '../../client/islands/LoginRedirect'
import PasswordForgotForm, { PASSWORD_FORGOT_MESSAGES } from '../../client/islands/PasswordForgotForm'
import PasswordResetForm, { PASSWORD_RESET_MESSAGES } from '../../client/islands/PasswordResetForm'
import { messagesOf } from '../../lib/island-messages'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BuilderPage } from './BuilderPage'

const tOf = (ctx: PageContext) => (id: string, values?: Record<string, string>) =>
  ctx.intl.formatMessage({ id }, values)

/**
 * The sign-in page. `requestHref` is the platform's front page, where a realtor without an account asks for one
 * (an invitation follows, decision 102); a realtor's own copy (`/{desiredUrl}/login`, a custom domain) has none.
 */
export function LoginPage({
  ctx,
  title,
  next,
  requestHref,
}: {
  ctx: PageContext
  title: string
  next: string | null
  requestHref: string | null
}) {
  const t = tOf(ctx)
  return (
    <BuilderPage ctx={ctx} title={title} lead={<p>{t('page.login.intro')}</p>}>
      <div className="card builder-card">
        <Island
          name="LoginForm"
          component={LoginForm}
          props={{
            messages: messagesOf(ctx.locale, LOGIN_FORM_MESSAGES),
            locale: ctx.locale,
            localePrefix: ctx.localePrefix,
            next,
            tenantBase: ctx.tenantBase,
          }}
        />
        <p className="builder-card__foot">
          <a href={`${ctx.localePrefix}/login/forgot`}>{t('builder.login.forgot')}</a>
        </p>
        {requestHref && (
          <p className="muted builder-card__foot">
            {t('builder.login.hint')} <a href={requestHref}>{t('builder.login.hintLink')}</a>{' '}
            {t('builder.login.hintAfter')}
          </p>
        )}
      </div>
    </BuilderPage>
  )
}

/** "Forgot password": the sign-in email, answered the same whether an account has it. */
export function PasswordForgotPage({ ctx, title, loginHref }: { ctx: PageContext; title: string; loginHref: string }) {
  const t = tOf(ctx)
  return (
    <BuilderPage ctx={ctx} title={title} lead={<p>{t('page.forgot.intro')}</p>}>
      <div className="card builder-card">
        <Island
          name="PasswordForgotForm"
          component={PasswordForgotForm}
          props={{ messages: messagesOf(ctx.locale, PASSWORD_FORGOT_MESSAGES), locale: ctx.locale }}
        />
        <p className="builder-card__foot">
          <a href={loginHref}>{t('builder.reset.backToLogin')}</a>
        </p>
      </div>
    </BuilderPage>
  )
}

/**
 * A mailed link's page: a new password, once. A reset link's (docs/decisions/100-password-reset.md)
 * offers a new link; an invitation's (docs/decisions/102-invitations.md) says whom to ask.
 */
export function PasswordLinkPage({ ctx, title, kind }: { ctx: PageContext; title: string; kind: 'reset' | 'invite' }) {
  const t = tOf(ctx)
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      lead={<p>{t(kind === 'invite' ? 'page.invite.intro' : 'page.reset.intro')}</p>}
    >
      <div className="card builder-card">
        <Island
          name="PasswordResetForm"
          component={PasswordResetForm}
          props={{
            messages: messagesOf(ctx.locale, PASSWORD_RESET_MESSAGES),
            locale: ctx.locale,
            localePrefix: ctx.localePrefix,
            kind,
          }}
        />
        {kind === 'invite' ? (
          <p className="builder-card__foot muted">{t('builder.invite.help')}</p>
        ) : (
          <p className="builder-card__foot">
            <a href={`${ctx.localePrefix}/login/forgot`}>{t('builder.reset.requestNew')}</a>
          </p>
        )}
      </div>
    </BuilderPage>
  )
}

export function LoginRedirectPage({
  ctx,
  title,
  next,
  loginHref,
}: {
  ctx: PageContext
  title: string
  next: string | null
  loginHref: string
}) {
  return (
    <BuilderPage ctx={ctx} title={title} lead={<p>{tOf(ctx)('page.loginRedirect.intro')}</p>}>
      <div className="card builder-card">
        <Island
          name="LoginRedirect"
          component={LoginRedirect}
          props={{
            messages: messagesOf(ctx.locale, LOGIN_REDIRECT_MESSAGES),
            locale: ctx.locale,
            localePrefix: ctx.localePrefix,
            next,
            loginHref,
          }}
        />
      </div>
    </BuilderPage>
  )
}

export interface AgreementState {
  /** Signed out: where signing in starts. */
  signInHref: string | null
  /** When the signed-in account accepted the terms (YYYY-MM-DD), or null. */
  acceptedOn: string | null
  /** Where to go once the terms are accepted. */
  next: string
}

/** The terms for anyone; signed in, the acceptance form, or when they were accepted. */
export function AgreementPage({ ctx, title, state }: { ctx: PageContext; title: string; state: AgreementState }) {
  const t = tOf(ctx)
  return (
    <BuilderPage ctx={ctx} title={title} lead={<p>{t('builder.agreement.lead')}</p>}>
      <div className="card builder-card">
        <ol className="agreement-terms">
          <li>{t('builder.agreement.item1')}</li>
          <li>{t('builder.agreement.item2')}</li>
          <li>{t('builder.agreement.item3')}</li>
        </ol>
        <p>
          <a href={`${ctx.localePrefix}/terms`}>{t('builder.agreement.terms')}</a>
        </p>
        {state.signInHref ? (
          <a className="button" href={state.signInHref}>
            {t('builder.agreement.signIn')}
          </a>
        ) : state.acceptedOn ? (
          <>
            <p className="notice notice--ok">{t('builder.agreement.accepted', { date: state.acceptedOn })}</p>
            <a className="button" href={state.next}>
              {t('builder.login.continue')}
            </a>
          </>
        ) : (
          <Island
            name="AgreementForm"
            component={AgreementForm}
            props={{ messages: messagesOf(ctx.locale, AGREEMENT_FORM_MESSAGES), next: state.next }}
          />
        )}
      </div>
    </BuilderPage>
  )
}
