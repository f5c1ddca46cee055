// /{desiredUrl}/admin/inbox/{id} and /admin/leads/{id} (docs/decisions/049-inbox.md): every field of one
// contact or lead, the page and language it came from, the consent time, each notification channel's
// delivery state (from the outbox's rows), and the island that marks, archives and notes it.
import InboxEntryActions, { INBOX_ENTRY_MESSAGES } from '../../client/islands/InboxEntryActions'
import { describeRequest } from '../../lib/contacts/describe'
import { mailtoHref } from '../../lib/html'
import type { ChannelStatus, ContactEntry, LeadEntry } from '../../lib/inbox/types'
import { messagesOf } from '../../lib/island-messages'
import { destinationKind } from '../../lib/outbox/config'
import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { PhoneLink } from '../PhoneLink'
import { BuilderPage } from './BuilderPage'
import { formatTime } from './inbox-format'

// By kind: each push device is a destination of its own (`realtor-push:{id}`), all named alike.
const KNOWN_CHANNELS = new Set([
  'operator-webhook',
  'operator-slack',
  'realtor-email',
  'realtor-webhook',
  'realtor-push',
])

function fieldsOf(ctx: PageContext, entry: ContactEntry | LeadEntry): [string, React.ReactNode][] {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  const time = (iso: string) => <time dateTime={iso}>{formatTime(ctx, iso)}</time>
  const language = ctx.intl.formatMessage({ id: `builder.preview.${entry.locale === 'en' ? 'en' : 'ko'}` })
  if ('message' in entry) {
    // A request's home links to its page on this site (/{desiredUrl}/homes/{ListingKey}, or the domain's).
    const home = entry.details?.home
    const request = describeRequest(entry.kind, entry.details, ctx.locale).fields.map(
      (field): [string, React.ReactNode] => [
        field.label,
        field.path && home ? (
          <a href={sitePath(ctx, `/homes/${encodeURIComponent(home.listingKey)}`)}>{field.text}</a>
        ) : (
          field.text
        ),
      ],
    )
    return [
      [
        'inbox.field.kind',
        <span className={`inbox-badge inbox-badge--kind inbox-badge--${entry.kind}`}>
          {t(`inbox.kind.${entry.kind}`)}
        </span>,
      ],
      ...request,
      ['inbox.field.name', entry.name],
      ['inbox.field.email', <a href={mailtoHref(entry.email)}>{entry.email}</a>],
      ['inbox.field.phone', <PhoneLink phone={entry.phone} region={entry.phoneCountryCode} />],
      ['inbox.field.message', entry.message ? <span className="inbox-entry__message">{entry.message}</span> : '—'],
      ['inbox.field.receivedAt', time(entry.createdAt)],
      ['inbox.field.page', entry.page ?? '—'],
      ['inbox.field.locale', language],
      ['inbox.field.consentAt', entry.consent ? time(entry.createdAt) : '—'],
    ].map(([key, value]) => [t(key as string), value])
  }
  // "Create homepage from this lead" (docs/decisions/102-invitations.md): the console's form, filled in.
  const homepage = entry.convertedAt ? (
    <span data-testid="lead-converted">
      {ctx.intl.formatMessage({ id: 'inbox.lead.converted' }, { date: formatTime(ctx, entry.convertedAt) })}
    </span>
  ) : (
    <a className="button button--small" href={`${ctx.localePrefix}/admin?lead=${entry.id}#admin-create`}>
      {t('inbox.lead.createHomepage')}
    </a>
  )
  return [
    ['inbox.field.name', entry.name],
    ['inbox.field.homepage', homepage],
    ['inbox.field.phone', <PhoneLink phone={entry.phone} />],
    ['inbox.field.area', entry.area],
    ['inbox.field.hasSite', t(entry.hasSite === 'yes' ? 'builder.yes' : 'builder.no')],
    ['inbox.field.receivedAt', time(entry.createdAt)],
    ['inbox.field.locale', language],
  ].map(([key, value]) => [t(key as string), value])
}

function Channels({ ctx, channels }: { ctx: PageContext; channels: ChannelStatus[] }) {
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  return (
    <section className="card inbox-channels" aria-labelledby="inbox-channels">
      <h2 id="inbox-channels">{t('inbox.deliveries')}</h2>
      {channels.length === 0 ? (
        <p className="muted">{t('inbox.deliveriesNone')}</p>
      ) : (
        <ul data-testid="inbox-channels">
          {channels.map((channel) => (
            <li key={channel.destination} className={`inbox-channel inbox-channel--${channel.state}`}>
              <span>
                {KNOWN_CHANNELS.has(destinationKind(channel.destination))
                  ? t(`inbox.channel.${destinationKind(channel.destination)}`)
                  : channel.destination}
              </span>
              <span className={`inbox-badge inbox-badge--${channel.state}`}>
                {t(`inbox.delivery.${channel.state}`, { attempts: channel.attempts })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function InboxEntryPage({
  ctx,
  title,
  entry,
  channels,
  listHref,
  apiPath,
  nav,
}: {
  ctx: PageContext
  title: string
  entry: ContactEntry | LeadEntry
  channels: ChannelStatus[]
  listHref: string
  apiPath: string
  nav?: React.ReactNode
}) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <BuilderPage
      ctx={ctx}
      title={title}
      width="wide"
      nav={nav}
      lead={
        <p>
          <a href={listHref}>← {t('inbox.back')}</a>
        </p>
      }
    >
      <div className="inbox-entry">
        <section className="card" aria-labelledby="inbox-entry-fields">
          <h2 id="inbox-entry-fields" className="visually-hidden">
            {title}
          </h2>
          <dl className="inbox-entry__fields" data-testid="entry-fields">
            {fieldsOf(ctx, entry).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="inbox-entry__side">
          <Island
            name="InboxEntryActions"
            component={InboxEntryActions}
            props={{
              messages: messagesOf(ctx.locale, INBOX_ENTRY_MESSAGES),
              locale: ctx.locale,
              apiPath,
              status: entry.status,
              note: entry.note,
            }}
          />
          <Channels ctx={ctx} channels={channels} />
        </div>
      </div>
    </BuilderPage>
  )
}
