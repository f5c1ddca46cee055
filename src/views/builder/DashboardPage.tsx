// /{desiredUrl}/admin/dashboard (docs/decisions/051-dashboard.md): the realtor's last 30 days at a
// glance: totals, views and contacts per day as charts with the numbers in a table, views by language
// and device, and the most viewed pages. Server-rendered, no island: it reads well without script.
import type { ReactNode } from 'react'
import { BUYER_FIGURES, type Dashboard } from '../../lib/page-views/dashboard'
import { zoneName } from '../../lib/time-zone'
import type { PageContext } from '../context'
import { BackAndIntro, BuilderPage } from './BuilderPage'
import { DayChart } from './DayChart'

const TABLE_ID = 'dashboard-days'
const BUYERS_TABLE_ID = 'dashboard-buyer-days'
const LOCALE_LABELS = { ko: 'builder.dashboard.locale.ko', en: 'builder.dashboard.locale.en' } as const
const DEVICE_LABELS = {
  mobile: 'builder.dashboard.device.mobile',
  tablet: 'builder.dashboard.device.tablet',
  desktop: 'builder.dashboard.device.desktop',
} as const

/** A small table of views by some key, with each one's share of the total. */
function Breakdown({
  title,
  rows,
  total,
  formatNumber,
  keyLabel,
  viewsLabel,
}: {
  title: string
  rows: { label: string; views: number }[]
  total: number
  formatNumber: (value: number) => string
  keyLabel: string
  viewsLabel: string
}) {
  return (
    <section className="card dashboard__panel">
      <h2>{title}</h2>
      <table className="dashboard__breakdown">
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">{viewsLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">
                {row.label}
                <span className="dashboard__share" aria-hidden="true">
                  <span style={{ width: `${total ? Math.round((row.views / total) * 100) : 0}%` }} />
                </span>
              </th>
              <td>{formatNumber(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export function DashboardPage({
  ctx,
  title,
  dashboard,
  editorHref,
  nav,
}: {
  ctx: PageContext
  title: string
  dashboard: Dashboard
  editorHref: string
  /** The realtor's builder navigation. */
  nav?: ReactNode
}) {
  const t = (id: string, values?: Record<string, string>) => ctx.intl.formatMessage({ id }, values)
  const formatNumber = (value: number) => ctx.intl.formatNumber(value)
  const formatDay = (day: string) =>
    ctx.intl.formatDate(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const { days, totals, byLocale, byDevice, topPages, viewsAvailable } = dashboard
  const max = (figure: 'views' | 'contacts' | (typeof BUYER_FIGURES)[number]) =>
    formatNumber(Math.max(0, ...days.map((day) => day[figure])))
  const viewsLabel = t('builder.dashboard.views')
  const contactsLabel = t('builder.dashboard.contacts')
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      nav={nav}
      lead={
        <BackAndIntro
          href={editorHref}
          back={t('builder.dashboard.back')}
          intro={t('builder.dashboard.intro', { zone: ctx.timeZone ? zoneName(ctx.timeZone, ctx.locale) : 'UTC' })}
        />
      }
    >
      <div className="dashboard">
        <div className="dashboard__totals">
          <p className="card dashboard__total">
            <span>{viewsLabel}</span>
            <strong>{viewsAvailable ? formatNumber(totals.views) : '—'}</strong>
          </p>
          <p className="card dashboard__total">
            <span>{contactsLabel}</span>
            <strong>{formatNumber(totals.contacts)}</strong>
          </p>
        </div>
        {/* Analytics Engine unread (docs/decisions/073): contacts are still shown, views are not guessed. */}
        {!viewsAvailable ? (
          <p className="dashboard__empty" role="status">
            {t('builder.dashboard.viewsUnavailable')}
          </p>
        ) : totals.views === 0 ? (
          <p className="dashboard__empty">{t('builder.dashboard.empty')}</p>
        ) : null}
        <section className="card dashboard__panel">
          {viewsAvailable ? (
            <>
              <h2>{viewsLabel}</h2>
              <DayChart
                days={days}
                figure="views"
                variant="views"
                label={t('builder.dashboard.viewsChart', { total: formatNumber(totals.views), max: max('views') })}
                describedBy={TABLE_ID}
                formatDay={formatDay}
                formatNumber={formatNumber}
              />
            </>
          ) : null}
          <h2>{contactsLabel}</h2>
          <DayChart
            days={days}
            figure="contacts"
            variant="contacts"
            label={t('builder.dashboard.contactsChart', { total: formatNumber(totals.contacts), max: max('contacts') })}
            describedBy={TABLE_ID}
            formatDay={formatDay}
            formatNumber={formatNumber}
          />
          <details className="dashboard__table">
            <summary>{t('builder.dashboard.table')}</summary>
            <table id={TABLE_ID}>
              <caption>{t('builder.dashboard.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('builder.dashboard.day')}</th>
                  {viewsAvailable ? <th scope="col">{viewsLabel}</th> : null}
                  <th scope="col">{contactsLabel}</th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <time dateTime={day.day}>{formatDay(day.day)}</time>
                    </th>
                    {viewsAvailable ? <td>{formatNumber(day.views)}</td> : null}
                    <td>{formatNumber(day.contacts)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
        {/* The buyers (issue 32, docs/decisions/109-buyers-in-the-inbox.md): sign-ups, saved searches and
            alert opens per day, as charts with the numbers in their own table. */}
        <section className="card dashboard__panel" aria-labelledby="dashboard-buyers" data-testid="dashboard-buyers">
          <h2 id="dashboard-buyers">{t('buyers.dashboard.title')}</h2>
          <div className="dashboard__totals dashboard__totals--buyers">
            {BUYER_FIGURES.map((figure) => (
              <p key={figure} className="dashboard__total" data-testid={`dashboard-total-${figure}`}>
                <span>{t(`buyers.dashboard.${figure}`)}</span>
                <strong>{formatNumber(totals[figure])}</strong>
              </p>
            ))}
          </div>
          {BUYER_FIGURES.map((figure) => (
            <div key={figure}>
              <h3>{t(`buyers.dashboard.${figure}`)}</h3>
              <DayChart
                days={days}
                figure={figure}
                variant="buyers"
                label={t(`buyers.dashboard.${figure}Chart`, { total: formatNumber(totals[figure]), max: max(figure) })}
                describedBy={BUYERS_TABLE_ID}
                formatDay={formatDay}
                formatNumber={formatNumber}
              />
            </div>
          ))}
          <details className="dashboard__table">
            <summary>{t('buyers.dashboard.table')}</summary>
            <table id={BUYERS_TABLE_ID}>
              <caption>{t('buyers.dashboard.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('builder.dashboard.day')}</th>
                  {BUYER_FIGURES.map((figure) => (
                    <th key={figure} scope="col">
                      {t(`buyers.dashboard.${figure}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <time dateTime={day.day}>{formatDay(day.day)}</time>
                    </th>
                    {BUYER_FIGURES.map((figure) => (
                      <td key={figure}>{formatNumber(day[figure])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
        {viewsAvailable ? (
          <div className="dashboard__panels">
            <Breakdown
              title={t('builder.dashboard.byLocale')}
              keyLabel={t('builder.dashboard.language')}
              viewsLabel={viewsLabel}
              rows={(['ko', 'en'] as const).map((key) => ({
                label: t(LOCALE_LABELS[key]),
                views: byLocale[key],
              }))}
              total={totals.views}
              formatNumber={formatNumber}
            />
            <Breakdown
              title={t('builder.dashboard.byDevice')}
              keyLabel={t('builder.dashboard.device')}
              viewsLabel={viewsLabel}
              rows={(['mobile', 'tablet', 'desktop'] as const).map((key) => ({
                label: t(DEVICE_LABELS[key]),
                views: byDevice[key],
              }))}
              total={totals.views}
              formatNumber={formatNumber}
            />
            <Breakdown
              title={t('builder.dashboard.topPages')}
              keyLabel={t('builder.dashboard.page')}
              viewsLabel={viewsLabel}
              rows={topPages.map((page) => ({
                label: page.path === '/' ? t('builder.dashboard.home') : page.path,
                views: page.views,
              }))}
              total={totals.views}
              formatNumber={formatNumber}
            />
          </div>
        ) : null}
      </div>
    </BuilderPage>
  )
}
