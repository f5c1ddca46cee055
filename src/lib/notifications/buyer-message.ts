// What a realtor is told when a buyer signs up on their homepage or saves a search (issue 32,
// docs/decisions/109-buyers-in-the-inbox.md), in the realtor's notification language: the same email,
// chat and push forms as a contact's (./message.ts), by the same rules — a buyer's words stay on one line
// after our label, links are ours (the buyer's page in the inbox, the search on the realtor's own site).
import { formatPhone, telHref } from '../format'
import { mailtoHref } from '../html'
import { intlFor } from '../i18n'
import { type Locale, localizedPath } from '../locale'
import { withoutTrailingSlash } from '../urls'
import type { EmailField } from './email-html'
import { composeNotice, type Notification, receivedAt } from './message'
import { oneLine, plainAddress } from './mime'

/** The parts of a stored buyer event a notification shows. */
export interface NotifiedBuyerEvent {
  id: number
  realtorId: number
  buyerId: number
  kind: 'signup' | 'search'
  createdAt: string
  buyer: { name: string | null; email: string; phone: string | null }
  /** The saved search of a 'search' event (null once deleted, or for a sign-up). */
  search: { name: string; query: string; frequency: string } | null
}

/** `{origin}/{desiredUrl}/admin/inbox/buyers/{id}`; English under /en. */
export function buyerInboxLink(origin: string, desiredUrl: string, buyerId: number, locale: Locale): string {
  return `${withoutTrailingSlash(origin)}${localizedPath(locale, `/${desiredUrl}/admin/inbox/buyers/${buyerId}`)}`
}

/** The buyer as a subject names them: their name, else their address. */
export const buyerLabel = (event: Pick<NotifiedBuyerEvent, 'buyer'>) =>
  oneLine(event.buyer.name ?? '') || oneLine(event.buyer.email)

/** The subject alone: the push notification's title and the email's subject are the same words. */
export function buyerSubject(event: NotifiedBuyerEvent, locale: Locale): string {
  const t = (id: string, values?: Record<string, string>) => intlFor(locale).formatMessage({ id }, values)
  return event.kind === 'search'
    ? t('notify.buyer.search.subject', { buyer: buyerLabel(event), name: oneLine(event.search?.name ?? '') })
    : t('notify.buyer.signup.subject', { name: buyerLabel(event) })
}

export function buyerNotificationOf(
  event: NotifiedBuyerEvent,
  link: string,
  locale: Locale,
  {
    timeZone,
    homesUrl,
  }: {
    /** The realtor's IANA zone; UTC when unknown. */
    timeZone?: string
    /** The search page of the realtor's site (`{origin}/{desiredUrl}/homes`): a saved search links there. */
    homesUrl?: string
  } = {},
): Notification {
  const t = (id: string, values?: Record<string, string>) => intlFor(locale).formatMessage({ id }, values)
  const { buyer, search } = event
  const replyTo = plainAddress(buyer.email)
  const when = receivedAt(event.createdAt, locale, timeZone)
  const searchHref = search && homesUrl ? `${homesUrl}?${search.query}` : null
  const fields: EmailField[] = [
    ...(search
      ? [
          { label: t('notify.buyer.field.search'), text: oneLine(search.name), href: searchHref },
          { label: t('notify.buyer.field.frequency'), text: t(`buyers.frequency.${search.frequency}`) },
        ]
      : []),
    { label: t('builder.notify.message.name'), text: oneLine(buyer.name ?? '') || '—' },
    { label: t('builder.notify.message.email'), text: oneLine(buyer.email), href: replyTo && mailtoHref(replyTo) },
    ...(buyer.phone
      ? [
          {
            label: t('builder.notify.message.phone'),
            text: oneLine(formatPhone(buyer.phone)),
            href: telHref(buyer.phone),
          },
        ]
      : []),
    ...(when ? [{ label: t('notify.buyer.field.at'), text: when }] : []),
  ]
  const subject = buyerSubject(event, locale)
  const intro = t(event.kind === 'search' ? 'notify.buyer.search.intro' : 'notify.buyer.signup.intro')
  const note = replyTo ? t('builder.notify.message.reply', { name: buyerLabel(event) }) : null
  return composeNotice(locale, {
    subject,
    intro,
    fields,
    extraLines: searchHref ? [t('notify.buyer.searchLink', { url: searchHref })] : [],
    note,
    linkLine: t('notify.buyer.link', { url: link }),
    button: { label: t('notify.buyer.open'), href: link },
    replyTo,
  })
}
