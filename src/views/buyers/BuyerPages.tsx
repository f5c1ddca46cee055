// A buyer's pages on a realtor's site (issue 32, docs/decisions/107-buyer-accounts.md): sign up (or ask for a
// sign-in link), "check your email", the link's button, "My homes" (saved homes and searches, the account)
// and deleting the account. Every one is a form that posts and works without JavaScript.
import type { ReactNode } from 'react'
import { HOME_CARD_MESSAGES, HomeGrid } from '../../client/components/HomeCard'
import type { Buyer, SavedSearch } from '../../lib/buyers/store'
import { messagesOf } from '../../lib/island-messages'
import type { FoundHome } from '../../lib/mls/search'
import { formatPhone } from '../../lib/phone'
import { PHONE_MAX_LENGTH } from '../../lib/phone/input'
import { sitePath } from '../../lib/urls'
import { tOf } from '../home/sections/t'
import type { TenantFrame } from '../home/TenantLayout'
import { TenantPage } from '../home/TenantPages'
import { FrequencySelect } from './SaveSearchForm'

/** A form's refused fields: the message of each, by field name. */
export type FieldErrors = Partial<Record<string, string>>

/** What a sign-up was saving, carried in the form as hidden fields. */
export interface IntentFields {
  home?: string
  search?: string
  searchName?: string
  frequency?: string
}

export const MAX_NAME = 80
export const MAX_EMAIL = 254

function ErrorSummary({ frame, errors, message }: { frame: TenantFrame; errors: FieldErrors; message?: string }) {
  const t = tOf(frame.ctx)
  const list = Object.values(errors).filter(Boolean) as string[]
  if (!list.length && !message) return null
  return (
    <div className="buyer-alert" role="alert">
      {message ? <p>{message}</p> : null}
      {list.length ? (
        <>
          <p>{t('buyer.error.title')}</p>
          <ul>
            {list.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

function Field({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string
  name: string
  label: string
  error?: string
  children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const errorId = `${id}-error`
  return (
    <div className="buyer-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) })}
      {error ? (
        <p id={errorId} className="buyer-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export interface SignUpProps {
  frame: TenantFrame
  values: { email?: string; name?: string; phone?: string }
  errors: FieldErrors
  /** A message above the forms: a spent link, too many requests. */
  message?: string
  intent: IntentFields
  next: string | null
  /** What the sign-up is for ('home', 'search'), or null for the plain page. */
  intro: string
  /** Which form the errors are of. */
  form?: 'signup' | 'signin'
}

/** Where "Not now" on the sign-up form leads: the home or search being saved, else where the buyer came from. */
function notNowPath(intent: IntentFields, next: string | null): string {
  if (intent.home) return `/homes/${encodeURIComponent(intent.home)}`
  if (intent.search?.startsWith('?')) return `/homes${intent.search}`
  return next ?? '/homes'
}

/** The sign-up form and, below it, the sign-in form (email only): the page a signed-out buyer gets. */
export function SignUpPage({ frame, values, errors, message, intent, next, intro, form = 'signup' }: SignUpProps) {
  const t = tOf(frame.ctx)
  const { ctx } = frame
  const hidden = (
    <>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      {Object.entries(intent).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  )
  const signupErrors = form === 'signup' ? errors : {}
  const signinErrors = form === 'signin' ? errors : {}
  return (
    <TenantPage frame={frame} title={t('buyer.signup.title')} intro={intro}>
      <ErrorSummary frame={frame} errors={errors} message={message} />
      <form method="post" action={sitePath(ctx, '/account/signup')} className="buyer-form" noValidate>
        {hidden}
        <Field id="buyer-email" name="email" label={t('buyer.field.email')} error={signupErrors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              required
              maxLength={MAX_EMAIL}
              defaultValue={form === 'signup' ? values.email : ''}
            />
          )}
        </Field>
        <Field id="buyer-name" name="name" label={t('buyer.field.name')} error={signupErrors.name}>
          {(props) => <input {...props} autoComplete="name" maxLength={MAX_NAME} defaultValue={values.name} />}
        </Field>
        <Field id="buyer-phone" name="phone" label={t('buyer.field.phone')} error={signupErrors.phone}>
          {(props) => (
            <input {...props} type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} defaultValue={values.phone} />
          )}
        </Field>
        <div className="buyer-consent">
          <input
            id="buyer-consent"
            type="checkbox"
            name="consent"
            value="yes"
            required
            {...(signupErrors.consent ? { 'aria-invalid': true, 'aria-describedby': 'buyer-consent-error' } : {})}
          />
          <label htmlFor="buyer-consent">{t('buyer.consent', { name: frame.name })}</label>
          {signupErrors.consent ? (
            <p id="buyer-consent-error" className="buyer-field__error">
              {signupErrors.consent}
            </p>
          ) : null}
        </div>
        <div className="buyer-actions">
          <button type="submit" className="buyer-button">
            {t('buyer.signup.submit')}
          </button>
          {/* Asked while saving, the buyer may decline and go on where they were. */}
          <a href={sitePath(ctx, notNowPath(intent, next))}>{t('buyer.prompt.dismiss')}</a>
        </div>
      </form>
      <section className="buyer-signin" aria-labelledby="buyer-signin-title">
        <h2 id="buyer-signin-title">{t('buyer.signin.title')}</h2>
        <p>{t('buyer.signin.intro')}</p>
        <form method="post" action={sitePath(ctx, '/account/signin')} className="buyer-form" noValidate>
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <Field id="buyer-signin-email" name="email" label={t('buyer.field.email')} error={signinErrors.email}>
            {(props) => (
              <input
                {...props}
                type="email"
                autoComplete="email"
                required
                maxLength={MAX_EMAIL}
                defaultValue={form === 'signin' ? values.email : ''}
              />
            )}
          </Field>
          <button type="submit" className="buyer-button buyer-button--quiet">
            {t('buyer.signin.submit')}
          </button>
        </form>
      </section>
    </TenantPage>
  )
}

/** The same answer whether the address had an account or not: a link is on its way. */
export function SentPage({ frame, email, continueHref }: { frame: TenantFrame; email: string; continueHref: string }) {
  const t = tOf(frame.ctx)
  return (
    <TenantPage frame={frame} title={t('buyer.sent.title')}>
      <p role="status">{t('buyer.sent.text', { email })}</p>
      <p>
        <a href={continueHref}>{t('buyer.sent.continue')}</a>
      </p>
    </TenantPage>
  )
}

/** A mailed link opened: one button, so a mail scanner that opens links does not spend it. */
export function LinkPage({ frame, token }: { frame: TenantFrame; token: string }) {
  const t = tOf(frame.ctx)
  return (
    <TenantPage frame={frame} title={t('buyer.link.title', { name: frame.name })} intro={t('buyer.link.text')}>
      <form method="post" action={sitePath(frame.ctx, '/account/link')} className="buyer-form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="buyer-button">
          {t('buyer.link.submit')}
        </button>
      </form>
    </TenantPage>
  )
}

export interface MyHomesProps {
  frame: TenantFrame
  buyer: Buyer
  homes: FoundHome[]
  /** Saved homes no longer listed (their keys). */
  gone: string[]
  searches: SavedSearch[]
  notice?: string
  errors: FieldErrors
  values?: { name?: string; phone?: string }
}

/** "My homes": saved homes, saved searches, the account. */
export function MyHomesPage({ frame, buyer, homes, gone, searches, notice, errors, values }: MyHomesProps) {
  const { ctx } = frame
  const t = tOf(ctx)
  const homesHref = sitePath(ctx, '/homes')
  const saved = new Set(homes.map((home) => home.listingKey))
  return (
    <TenantPage frame={frame} title={t('buyer.account.title')}>
      {notice ? (
        <p className="buyer-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary frame={frame} errors={errors} />
      <section className="buyer-section" aria-labelledby="buyer-homes">
        <h2 id="buyer-homes">{t('buyer.account.homes')}</h2>
        {homes.length || gone.length ? null : <p>{t('buyer.account.noHomes')}</p>}
        {homes.length ? (
          <HomeGrid
            homes={homes}
            messages={messagesOf(ctx.locale, HOME_CARD_MESSAGES)}
            locale={ctx.locale}
            empty=""
            homesHref={homesHref}
            saved={saved}
          />
        ) : null}
        {gone.length ? (
          <ul className="buyer-list">
            {gone.map((key) => (
              <li key={key}>
                <a href={`${homesHref}/${encodeURIComponent(key)}`}>{`${key} · ${t('buyer.account.gone')}`}</a>
                <form method="post" action={`${homesHref}/${encodeURIComponent(key)}/save`} className="buyer-inline">
                  <input type="hidden" name="saved" value="0" />
                  <button type="submit" className="buyer-button buyer-button--quiet">
                    {t('buyer.account.remove')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="buyer-section" aria-labelledby="buyer-searches">
        <h2 id="buyer-searches">{t('buyer.account.searches')}</h2>
        {searches.length ? (
          <ul className="buyer-list">
            {searches.map((search) => (
              <li key={search.id} className="buyer-search">
                <a href={`${homesHref}${search.query}`}>{search.name}</a>
                <form method="post" action={sitePath(ctx, `/account/searches/${search.id}`)} className="buyer-inline">
                  <FrequencySelect
                    ctx={ctx}
                    id={`frequency-${search.id}`}
                    value={search.frequency}
                    label={t('buyer.account.frequencyOf', { name: search.name })}
                  />
                  <button type="submit" className="buyer-button buyer-button--quiet">
                    {t('buyer.account.change')}
                  </button>
                </form>
                <form
                  method="post"
                  action={sitePath(ctx, `/account/searches/${search.id}/delete`)}
                  className="buyer-inline"
                >
                  <button
                    type="submit"
                    className="buyer-button buyer-button--quiet"
                    aria-label={t('buyer.account.deleteSearchLabel', { name: search.name })}
                  >
                    {t('buyer.account.deleteSearch')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {t('buyer.account.noSearches')} <a href={homesHref}>{t('buyer.account.searchHomes')}</a>
          </p>
        )}
      </section>
      <section className="buyer-section" aria-labelledby="buyer-me">
        <h2 id="buyer-me">{t('buyer.account.me')}</h2>
        <p className="buyer-email">{buyer.email}</p>
        {buyer.confirmedAt ? (
          <p>{t('buyer.account.confirmed')}</p>
        ) : (
          <form method="post" action={sitePath(ctx, '/account/resend')} className="buyer-inline">
            <p>{t('buyer.account.unconfirmed')}</p>
            <button type="submit" className="buyer-button buyer-button--quiet">
              {t('buyer.account.resend')}
            </button>
          </form>
        )}
        <form method="post" action={sitePath(ctx, '/account/profile')} className="buyer-form" noValidate>
          <Field id="buyer-name" name="name" label={t('buyer.field.name')} error={errors.name}>
            {(props) => (
              <input
                {...props}
                autoComplete="name"
                maxLength={MAX_NAME}
                defaultValue={values?.name ?? buyer.name ?? ''}
              />
            )}
          </Field>
          <Field id="buyer-phone" name="phone" label={t('buyer.field.phone')} error={errors.phone}>
            {(props) => (
              <input
                {...props}
                type="tel"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
                defaultValue={values?.phone ?? (buyer.phone ? formatPhone(buyer.phone) : '')}
              />
            )}
          </Field>
          <button type="submit" className="buyer-button">
            {t('buyer.account.saveDetails')}
          </button>
        </form>
        <div className="buyer-actions">
          <form method="post" action={sitePath(ctx, '/account/signout')} className="buyer-inline">
            <button type="submit" className="buyer-button buyer-button--quiet">
              {t('buyer.account.signOut')}
            </button>
          </form>
          <a href={sitePath(ctx, '/account/delete')} className="buyer-danger-link">
            {t('buyer.account.delete')}
          </a>
        </div>
      </section>
    </TenantPage>
  )
}

/** The confirm step of deleting the account. */
export function DeletePage({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame.ctx)
  return (
    <TenantPage frame={frame} title={t('buyer.delete.title')} intro={t('buyer.delete.text', { name: frame.name })}>
      <div className="buyer-actions">
        <form method="post" action={sitePath(frame.ctx, '/account/delete')} className="buyer-inline">
          <button type="submit" className="buyer-button buyer-button--danger">
            {t('buyer.delete.confirm')}
          </button>
        </form>
        <a href={sitePath(frame.ctx, '/account')}>{t('buyer.delete.cancel')}</a>
      </div>
    </TenantPage>
  )
}

export function DeletedPage({ frame }: { frame: TenantFrame }) {
  const t = tOf(frame.ctx)
  return (
    <TenantPage frame={frame} title={t('buyer.deleted.title')} intro={t('buyer.deleted.text')}>
      <p>
        <a href={sitePath(frame.ctx)}>{t('buyer.deleted.home')}</a>
      </p>
    </TenantPage>
  )
}
