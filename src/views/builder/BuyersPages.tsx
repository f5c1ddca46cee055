// The inbox's buyers (issue 32, docs/decisions/109-buyers-in-the-inbox.md): /{desiredUrl}/admin/inbox/buyers
// lists the realtor's buyers newest first, /admin/inbox/buyers/{id} shows one buyer's contact details,
// consent, saves, recent views and requests, and everything they did as one timeline, newest first.
// Server-rendered, no island: both read completely without script.
import type { ReactNode } from 'react'
import type {
  BuyerDetail,
  BuyerHome,
  BuyerPage,
  BuyerSearch,
  BuyerSummary,
  TimelineEvent,
} from '../../lib/buyers/inbox'
import { describeRequest } from '../../lib/contacts/describe'
import { mailtoHref } from '../../lib/html'
import { formatPrice } from '../../lib/number-format'
import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'
import { PhoneLink } from '../PhoneLink'
import { BuilderPage } from './BuilderPage'
import { formatTime } from './inbox-format'

type T = (id: string, values?: Record<string, string | number>) => string
const tOf =
  (ctx: PageContext): T =>
  (id, values) =>
    ctx.intl.formatMessage({ id }, values)

/** The inbox's two lists: the messages (contacts) and the buyers; the current one marked for screen readers. */
export function InboxTabs({ ctx, current }: { ctx: PageContext; current: 'messages' | 'buyers' }) {
  const t = tOf(ctx)
  const base = sitePath(ctx, '/admin/inbox')
  const tabs: ['messages' | 'buyers', string][] = [
    ['messages', base],
    ['buyers', `${base}/buyers`],
  ]
  return (
    <nav className="inbox-tabs" aria-label={t('buyers.tabs.label')} data-testid="inbox-tabs">
      {tabs.map(([tab, href]) => (
        <a key={tab} href={href} aria-current={tab === current ? 'page' : undefined}>
          {t(`buyers.tabs.${tab}`)}
        </a>
      ))}
    </nav>
  )
}

const time = (ctx: PageContext, iso: string | null) => (iso ? <time dateTime={iso}>{formatTime(ctx, iso)}</time> : '—')

function Confirmed({ ctx, buyer }: { ctx: PageContext; buyer: BuyerSummary }) {
  const t = tOf(ctx)
  return buyer.confirmedAt ? (
    <span className="inbox-badge inbox-badge--delivered">{t('buyers.confirmed')}</span>
  ) : (
    <span className="inbox-badge inbox-badge--retrying">{t('buyers.unconfirmed')}</span>
  )
}

export function BuyersListPage({
  ctx,
  title,
  page,
  path,
  after,
  nav,
}: {
  ctx: PageContext
  title: string
  page: BuyerPage
  /** This page's path: the buyers' links and paging start here. */
  path: string
  after?: number
  nav?: ReactNode
}) {
  const t = tOf(ctx)
  return (
    <BuilderPage ctx={ctx} title={title} width="wide" nav={nav} lead={<p>{t('buyers.lead')}</p>}>
      <div className="inbox">
        <InboxTabs ctx={ctx} current="buyers" />
        {page.items.length === 0 ? (
          <p className="card inbox__empty">{t(after ? 'buyers.emptyOlder' : 'buyers.empty')}</p>
        ) : (
          <ul className="inbox__list" data-testid="buyers-list">
            {page.items.map((buyer) => (
              <li key={buyer.id} className="inbox-item buyer-item">
                <a className="inbox-item__link" href={`${path}/${buyer.id}`}>
                  <span className="inbox-item__head">
                    <span className="inbox-item__name">{buyer.name || buyer.email}</span>
                    <Confirmed ctx={ctx} buyer={buyer} />
                    <time className="inbox-item__time" dateTime={buyer.createdAt}>
                      {formatTime(ctx, buyer.createdAt)}
                    </time>
                  </span>
                  <span className="inbox-item__summary">
                    {t('buyers.counts', { homes: buyer.savedHomes, searches: buyer.savedSearches })}
                    {' · '}
                    {buyer.lastSeenAt
                      ? t('buyers.lastSeen', { time: formatTime(ctx, buyer.lastSeenAt) })
                      : t('buyers.neverSeen')}
                  </span>
                  <span className="inbox-item__summary buyer-item__consent">
                    {t('buyers.consentOn', { time: formatTime(ctx, buyer.consentAt) })}
                  </span>
                </a>
                <p className="inbox-item__meta">
                  {buyer.phone ? <PhoneLink phone={buyer.phone} /> : null}
                  <a href={mailtoHref(buyer.email)}>{buyer.email}</a>
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="inbox__paging">
          {after ? <a href={path}>{t('inbox.newest')}</a> : null}
          {page.next ? (
            <a href={`${path}?after=${page.next}`} rel="next">
              {t('inbox.older')} →
            </a>
          ) : null}
        </p>
      </div>
    </BuilderPage>
  )
}

/** A home's line: its address linked to its page on the realtor's site (which says so once it is sold). */
function Home({ ctx, home }: { ctx: PageContext; home: BuyerHome }) {
  const t = tOf(ctx)
  const label = home.address ? [home.address, home.city].filter(Boolean).join(', ') : home.listingKey
  return (
    <>
      <a href={sitePath(ctx, `/homes/${encodeURIComponent(home.listingKey)}`)}>{label}</a>
      {home.price !== null ? <span className="buyer-home__price"> · {formatPrice(home.price)}</span> : null}
      {home.gone ? <span className="inbox-badge buyer-home__gone">{t('buyers.home.gone')}</span> : null}
    </>
  )
}

function Search({ ctx, search }: { ctx: PageContext; search: BuyerSearch }) {
  const t = tOf(ctx)
  return (
    <>
      <a href={`${sitePath(ctx, '/homes')}?${search.query}`}>{search.name}</a>
      <span className="inbox-badge">{t(`buyers.frequency.${search.frequency}`)}</span>
    </>
  )
}

/** What one step of the timeline says. */
function eventText(ctx: PageContext, event: TimelineEvent): ReactNode {
  const t = tOf(ctx)
  switch (event.type) {
    case 'signup':
      return t('buyers.event.signup')
    case 'confirmed':
      return t('buyers.event.confirmed')
    case 'savedHome':
      return (
        <>
          {t('buyers.event.savedHome')} <Home ctx={ctx} home={event.home} />
        </>
      )
    case 'savedSearch':
      return (
        <>
          {t('buyers.event.savedSearch')} <Search ctx={ctx} search={event.search} />
        </>
      )
    case 'viewedHome':
      return (
        <>
          {t('buyers.event.viewedHome')} <Home ctx={ctx} home={event.home} />
        </>
      )
    case 'request': {
      const { request } = event
      const headline = describeRequest(request.kind, request.details, ctx.locale).headline
      return (
        <>
          {t('buyers.event.request', { kind: t(`inbox.kind.${request.kind}`) })}{' '}
          <a href={sitePath(ctx, `/admin/inbox/${request.id}`)}>{headline ?? (request.message || '—')}</a>
        </>
      )
    }
    case 'alertSent':
      return t('buyers.event.alertSent', { name: event.alert.searchName })
    case 'alertOpened':
      return t('buyers.event.alertOpened', { name: event.alert.searchName })
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card buyer-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function List<I>({
  items,
  empty,
  testId,
  render,
}: {
  items: I[]
  empty: string
  testId: string
  render: (item: I) => [key: string, ReactNode]
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>
  return (
    <ul className="buyer-list" data-testid={testId}>
      {items.map((item) => {
        const [key, node] = render(item)
        return <li key={key}>{node}</li>
      })}
    </ul>
  )
}

export function BuyerDetailPage({
  ctx,
  title,
  buyer,
  listHref,
  nav,
}: {
  ctx: PageContext
  title: string
  buyer: BuyerDetail
  listHref: string
  nav?: ReactNode
}) {
  const t = tOf(ctx)
  const language = t(`builder.preview.${buyer.locale}`)
  const fields: [string, ReactNode][] = [
    [t('inbox.field.name'), buyer.name || '—'],
    [t('inbox.field.email'), <a href={mailtoHref(buyer.email)}>{buyer.email}</a>],
    [t('inbox.field.phone'), buyer.phone ? <PhoneLink phone={buyer.phone} /> : '—'],
    [t('inbox.field.locale'), language],
    [t('buyers.field.signedUp'), time(ctx, buyer.createdAt)],
    [
      t('buyers.field.confirmed'),
      buyer.confirmedAt ? time(ctx, buyer.confirmedAt) : <Confirmed ctx={ctx} buyer={buyer} />,
    ],
    [t('buyers.field.lastSeen'), time(ctx, buyer.lastSeenAt)],
    [
      t('buyers.field.consent'),
      <>
        {time(ctx, buyer.consentAt)}
        <blockquote className="buyer-consent" lang={buyer.locale}>
          {buyer.consentText}
        </blockquote>
      </>,
    ],
  ]
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      nav={nav}
      lead={
        <p>
          <a href={listHref}>← {t('buyers.back')}</a>
        </p>
      }
    >
      <div className="inbox-entry buyer">
        <div className="buyer__main">
          <section className="card" aria-labelledby="buyer-fields">
            <h2 id="buyer-fields">{t('buyers.contact')}</h2>
            <dl className="inbox-entry__fields" data-testid="buyer-fields">
              {fields.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <Section id="buyer-timeline" title={t('buyers.timeline')}>
            <ol className="buyer-timeline" data-testid="buyer-timeline">
              {buyer.timeline.map((event, index) => (
                <li
                  key={`${event.type}-${index}`}
                  className={`buyer-timeline__event buyer-timeline__event--${event.type}`}
                >
                  <time dateTime={event.at}>{formatTime(ctx, event.at)}</time>
                  <span>{eventText(ctx, event)}</span>
                </li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="inbox-entry__side">
          <Section id="buyer-homes" title={t('buyers.savedHomes', { count: buyer.savedHomes })}>
            <List
              items={buyer.savedHomesList}
              empty={t('buyers.savedHomesNone')}
              testId="buyer-saved-homes"
              render={(home) => [home.listingKey, <Home ctx={ctx} home={home} />]}
            />
          </Section>
          <Section id="buyer-searches" title={t('buyers.savedSearches', { count: buyer.savedSearches })}>
            <List
              items={buyer.savedSearchesList}
              empty={t('buyers.savedSearchesNone')}
              testId="buyer-saved-searches"
              render={(search) => [String(search.id), <Search ctx={ctx} search={search} />]}
            />
          </Section>
          <Section id="buyer-views" title={t('buyers.viewed')}>
            <List
              items={buyer.viewedHomes}
              empty={t('buyers.viewedNone')}
              testId="buyer-viewed"
              render={(home) => [
                home.listingKey,
                <>
                  <Home ctx={ctx} home={home} /> <span className="muted">· {formatTime(ctx, home.at)}</span>
                </>,
              ]}
            />
          </Section>
          <Section id="buyer-requests" title={t('buyers.requests')}>
            <List
              items={buyer.requests}
              empty={t('buyers.requestsNone')}
              testId="buyer-requests"
              render={(request) => [
                String(request.id),
                <>
                  <a href={sitePath(ctx, `/admin/inbox/${request.id}`)}>
                    {describeRequest(request.kind, request.details, ctx.locale).headline ??
                      t(`inbox.kind.${request.kind}`)}
                  </a>{' '}
                  <span className="muted">· {formatTime(ctx, request.createdAt)}</span>
                </>,
              ]}
            />
          </Section>
        </div>
      </div>
    </BuilderPage>
  )
}
