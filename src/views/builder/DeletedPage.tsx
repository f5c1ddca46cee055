// What a deleted homepage's /admin shows instead of the editor (docs/decisions/047-site-lifecycle.md):
// when it was deleted, how long it is kept, who can restore it, and a way out. Rendered on the server,
// so reloading the page shows the same state.
import DeletedHomepageActions, { DELETED_HOMEPAGE_MESSAGES } from '../../client/islands/DeletedHomepageActions'
import { messagesOf } from '../../lib/island-messages'
import { daysAfter, formatDay, KEEP_DELETED_DAYS } from '../../lib/realtors/lifecycle'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { BuilderPage } from './BuilderPage'

export interface DeletedHomepage {
  desiredUrl: string
  deletedAt: string
}

export function DeletedPage({
  ctx,
  title,
  homepage,
  homepageUrl,
  isAdmin,
  contactEmail,
}: {
  ctx: PageContext
  title: string
  homepage: DeletedHomepage
  /** The homepage's full address, as visitors typed it. */
  homepageUrl: string
  isAdmin: boolean
  contactEmail: string | null
}) {
  const t = (id: string, values?: Record<string, string>) => ctx.intl.formatMessage({ id }, values)
  const date = formatDay(homepage.deletedAt, ctx.locale)
  const until = formatDay(daysAfter(homepage.deletedAt, KEEP_DELETED_DAYS), ctx.locale)
  return (
    <BuilderPage ctx={ctx} title={title}>
      <section className="card deleted-state" data-testid="homepage-deleted">
        <p className="deleted-state__lead">{t('builder.lifecycle.deletedBody', { address: homepageUrl, date })}</p>
        <p>{t('builder.lifecycle.deletedKept', { until })}</p>
        <p className="muted">{t(isAdmin ? 'builder.lifecycle.deletedAdmin' : 'builder.lifecycle.deletedContact')}</p>
        <Island
          name="DeletedHomepageActions"
          component={DeletedHomepageActions}
          props={{
            messages: messagesOf(ctx.locale, DELETED_HOMEPAGE_MESSAGES),
            loginHref: `${ctx.localePrefix}/login`,
            contactHref: contactEmail ? `mailto:${contactEmail}` : null,
            adminHref: isAdmin ? `${ctx.localePrefix}/admin` : null,
          }}
        />
      </section>
    </BuilderPage>
  )
}
