// /{desiredUrl}/admin/inbox and the admin's /admin/leads (docs/decisions/049-inbox.md): the first page of
// entries rendered on the server, newest first, with the filters and search as a GET form and older pages
// as links (both work without JavaScript and page by key through thousands), and the exports.

import { describeRequest } from '../../lib/contacts/describe'
import { CONTACT_KINDS } from '../../lib/contacts/requests'
import { mailtoHref } from '../../lib/html'
import type { EntryFilter } from '../../lib/inbox/store'
import { type ContactEntry, type EntryPage, type LeadEntry, STATUS_FILTERS } from '../../lib/inbox/types'
import { zoneName } from '../../lib/time-zone'
import type { PageContext } from '../context'
import { PhoneLink } from '../PhoneLink'
import { BuilderPage } from './BuilderPage'
import { InboxTabs } from './BuyersPages'
import { formatTime } from './inbox-format'

export interface InboxView {
  kind: 'contacts' | 'leads'
  page: EntryPage<ContactEntry | LeadEntry>
  filter: EntryFilter
  /** This page's path (the form's action and the paging links' base). */
  path: string
  /** The export endpoint with the list's scope (`?realtorId=…` for a realtor's contacts). */
  exportHref: (format: 'csv' | 'json') => string
}

/** The query string of the filter (without the cursor), for links that keep it. */
export function filterQuery(filter: EntryFilter): URLSearchParams {
  const query = new URLSearchParams()
  if (filter.status !== 'inbox') query.set('status', filter.status)
  if (filter.kind) query.set('kind', filter.kind)
  if (filter.q) query.set('q', filter.q)
  if (filter.from) query.set('from', filter.from)
  if (filter.to) query.set('to', filter.to)
  return query
}

/** The line under the name: a request's headline (its home, times or address), else the message or area. */
function summaryOf(ctx: PageContext, entry: ContactEntry | LeadEntry): string {
  if (!('message' in entry)) return entry.area
  return describeRequest(entry.kind, entry.details, ctx.locale).headline ?? entry.message
}

export function InboxPage({
  ctx,
  title,
  view,
  nav,
}: {
  ctx: PageContext
  title: string
  view: InboxView
  nav?: React.ReactNode
}) {
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  const { page, filter, path } = view
  const query = filterQuery(filter)
  const olderQuery = new URLSearchParams(query)
  if (page.next) olderQuery.set('after', page.next)
  const filtered = query.size > 0
  const zoneLabel = ctx.timeZone ? zoneName(ctx.timeZone, ctx.locale) : 'UTC'
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      nav={nav}
      lead={
        <p>
          {t(view.kind === 'leads' ? 'inbox.leadsLead' : 'inbox.lead')}{' '}
          <strong data-testid="inbox-unread">{t('inbox.unreadCount', { count: page.unread })}</strong>
        </p>
      }
    >
      <div className="inbox">
        {view.kind === 'contacts' ? <InboxTabs ctx={ctx} current="messages" /> : null}
        <form className="inbox__filters card" method="get" action={path} aria-label={t('inbox.filters')}>
          <div className="field inbox__search">
            <label htmlFor="inbox-q">{t(view.kind === 'leads' ? 'inbox.searchLeads' : 'inbox.search')}</label>
            <input id="inbox-q" name="q" type="search" defaultValue={filter.q} maxLength={100} />
          </div>
          <div className="field inbox__status">
            <label htmlFor="inbox-status">{t('inbox.filter.status')}</label>
            <select id="inbox-status" name="status" defaultValue={filter.status}>
              {STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(`inbox.filter.${status}`)}
                </option>
              ))}
            </select>
          </div>
          {view.kind === 'contacts' ? (
            <div className="field inbox__kind">
              <label htmlFor="inbox-kind">{t('inbox.filter.kind')}</label>
              <select id="inbox-kind" name="kind" defaultValue={filter.kind ?? ''}>
                <option value="">{t('inbox.kind.all')}</option>
                {CONTACT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`inbox.kind.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button className="button inbox__apply" type="submit">
            {t('inbox.apply')}
          </button>
          {/* The days are the realtor's: on a phone they fold away so the first entry shows without scrolling. */}
          <details className="inbox__dates" open={Boolean(filter.from || filter.to)}>
            <summary>{t('inbox.dates', { zone: zoneLabel })}</summary>
            <div className="inbox__date-fields">
              <div className="field">
                <label htmlFor="inbox-from">{t('inbox.from')}</label>
                <input id="inbox-from" name="from" type="date" defaultValue={filter.from ?? ''} />
              </div>
              <div className="field">
                <label htmlFor="inbox-to">{t('inbox.to')}</label>
                <input id="inbox-to" name="to" type="date" defaultValue={filter.to ?? ''} />
              </div>
            </div>
          </details>
        </form>
        {page.items.length === 0 ? (
          <p className="card inbox__empty">{t(filtered || filter.after ? 'inbox.emptyFiltered' : 'inbox.empty')}</p>
        ) : (
          <ul className="inbox__list" data-testid="inbox-list">
            {page.items.map((entry) => (
              <li key={entry.id} className={`inbox-item inbox-item--${entry.status}`}>
                <a className="inbox-item__link" href={`${path}/${entry.id}`}>
                  <span className="inbox-item__head">
                    <span className="inbox-item__name">{entry.name}</span>
                    {'kind' in entry ? (
                      <span className={`inbox-badge inbox-badge--kind inbox-badge--${entry.kind}`}>
                        {t(`inbox.kind.${entry.kind}`)}
                      </span>
                    ) : null}
                    <span className={`inbox-badge inbox-badge--${entry.status}`}>
                      {t(`inbox.status.${entry.status}`)}
                    </span>
                    <time className="inbox-item__time" dateTime={entry.createdAt}>
                      {formatTime(ctx, entry.createdAt)}
                    </time>
                  </span>
                  <span className="inbox-item__summary">{summaryOf(ctx, entry)}</span>
                </a>
                {/* Outside the entry's link: a tap calls or writes to the person straight away. */}
                <p className="inbox-item__meta">
                  <PhoneLink
                    phone={entry.phone}
                    region={'phoneCountryCode' in entry ? entry.phoneCountryCode : undefined}
                  />
                  {'email' in entry ? <a href={mailtoHref(entry.email)}>{entry.email}</a> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="inbox__exports">
          <a className="button button--ghost button--small" href={view.exportHref('csv')} download>
            {t('inbox.exportCsv')}
          </a>
          <a className="button button--ghost button--small" href={view.exportHref('json')} download>
            {t('inbox.exportJson')}
          </a>
        </p>
        <p className="inbox__paging">
          {filter.after ? <a href={`${path}${query.size ? `?${query}` : ''}`}>{t('inbox.newest')}</a> : null}
          {page.next ? (
            <a href={`${path}?${olderQuery}`} rel="next">
              {t('inbox.older')} →
            </a>
          ) : null}
        </p>
      </div>
    </BuilderPage>
  )
}
