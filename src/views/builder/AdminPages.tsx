// The builder's working screens: the admin console (every realtor), a realtor's editor, and the notice
// for an account that has no homepage yet.

import type { ReactNode } from 'react'
import AdminConsole, { ADMIN_CONSOLE_MESSAGES } from '../../client/islands/AdminConsole'
import { REALTOR_EDITOR_MESSAGES } from '../../client/islands/realtor-editor-messages'
import type { AccountPage } from '../../lib/accounts/list'
import type { AddressState } from '../../lib/builder/address-state'
import { messagesOf } from '../../lib/island-messages'
import type { LeadInvitation } from '../../lib/leads/conversion'
import type { FailedDelivery } from '../../lib/outbox/deliveries'
import type { Realtor } from '../../lib/realtors/types'
import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BuilderPage } from './BuilderPage'

/** Deliveries given up after a day of retries (docs/decisions/027-delivery-retries.md). */
function FailedDeliveries({ ctx, failed }: { ctx: PageContext; failed: FailedDelivery[] }) {
  if (!failed.length) return null
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  return (
    <section className="notice notice--error" aria-labelledby="failed-deliveries" data-testid="failed-deliveries">
      <h2 id="failed-deliveries">{t('builder.failed.title')}</h2>
      <p>{t('builder.failed.intro')}</p>
      <ul>
        {failed.map((delivery) => (
          <li key={delivery.id}>
            {t('builder.failed.item', {
              topic: t(`builder.failed.${delivery.topic}`),
              id: delivery.messageId,
              destination: delivery.destination,
              error: delivery.lastError,
            })}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function AdminConsolePage({
  ctx,
  title,
  query,
  page,
  failed,
  lead,
}: {
  ctx: PageContext
  title: string
  /** "Create homepage from this lead" (`?lead=`): the new-realtor form's start. */
  lead: LeadInvitation | null
  /** The search of the URL (`?q=`) and the first page of accounts it finds. */
  query: string
  page: AccountPage
  failed: FailedDelivery[]
}) {
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      lead={
        <>
          <p>{ctx.intl.formatMessage({ id: 'page.admin.intro' })}</p>
          <p>
            <a href={`${ctx.localePrefix}/admin/leads`}>{ctx.intl.formatMessage({ id: 'inbox.leadsTitle' })} →</a>
          </p>
        </>
      }
    >
      <FailedDeliveries ctx={ctx} failed={failed} />
      <Island
        name="AdminConsole"
        component={AdminConsole}
        props={{
          messages: messagesOf(ctx.locale, ADMIN_CONSOLE_MESSAGES),
          locale: ctx.locale,
          localePrefix: ctx.localePrefix,
          loginHref: `${ctx.localePrefix}/login`,
          settingsHref: `${ctx.localePrefix}/admin/settings`,
          query,
          page,
          lead,
        }}
      />
    </BuilderPage>
  )
}

export function NoProfilePage({ ctx, title }: { ctx: PageContext; title: string }) {
  return (
    <BuilderPage ctx={ctx} title={title}>
      <p className="notice notice--error">{ctx.intl.formatMessage({ id: 'builder.noProfile' })}</p>
    </BuilderPage>
  )
}

export function EditorPage({
  ctx,
  title,
  realtor,
  etag = null,
  isAdmin,
  accountEmail = null,
  publicOrigin,
  notified = false,
  addressState = null,
  listingsHidden = false,
  nav,
}: {
  ctx: PageContext
  title: string
  /** The homepage leaves its listings section out (nothing to show): the editor says why. */
  listingsHidden?: boolean
  /** The realtor's builder navigation (BuilderNav). */
  nav?: ReactNode
  realtor: Realtor
  /** The version of `realtor` the editor's first save names (decision 082); null: none. */
  etag?: string | null
  isAdmin: boolean
  accountEmail?: string | null
  publicOrigin: string
  /** A notification of the realtor's own has reached them (the onboarding checklist). */
  notified?: boolean
  /** What leaving the current address will do (decision 083); null when unknown (upstream mode). */
  addressState?: AddressState | null
}) {
  return (
    <BuilderPage ctx={ctx} title={title} width="wide" nav={nav}>
      {listingsHidden ? (
        <p className="notice" role="note">
          {ctx.intl.formatMessage({ id: 'home.listings.hidden' })}
        </p>
      ) : null}
      <Island
        name="RealtorEditor"
        fallback={
          <div className="editor-loading">
            <p role="status">{ctx.intl.formatMessage({ id: 'builder.editorLoading' })}</p>
            <noscript>
              <p className="notice notice--error">{ctx.intl.formatMessage({ id: 'builder.editorNeedsScript' })}</p>
            </noscript>
          </div>
        }
        props={{
          messages: messagesOf(ctx.locale, REALTOR_EDITOR_MESSAGES),
          locale: ctx.locale,
          localePrefix: ctx.localePrefix,
          realtor,
          etag,
          adminHref: isAdmin ? `${ctx.localePrefix}/admin` : null,
          loginHref: `${ctx.localePrefix}/login`,
          settingsHref: sitePath(ctx, '/admin/settings'),
          domainHref: sitePath(ctx, '/admin/domain'),
          accountEmail,
          publicOrigin,
          notified,
          addressState,
        }}
      />
    </BuilderPage>
  )
}
