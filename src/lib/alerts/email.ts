// A listing alert as mailed (docs/decisions/108-listing-alerts.md): the realtor's mail to their buyer, in
// the buyer's language — From our sender address under the realtor's name, Reply-To the realtor, their
// branding, each home with its photo, price, rooms, address, what changed and its page on the realtor's own
// site (their domain when they have one), the search's results, "Manage alerts", the one-click unsubscribe
// (RFC 8058) and the open pixel. Written with the notifications' MIME builder and HTML layout.
import { groupPhotos, photoInUse } from '../home/photos'
import { displayNameOf, etcInfoOf } from '../home/profile'
import { intlFor } from '../i18n'
import type { Locale } from '../locale'
import { type AlertHome, alertEmailHtml } from '../notifications/email-html'
import { mimeMessage, plainAddress } from '../notifications/mime'
import { formatPrice, formatThousands } from '../number-format'
import type { Realtor } from '../realtors/types'
import { pageUrls, siteRoot } from '../urls'

/** Homes shown in one mail; the rest are counted and linked through the search. */
export const HOMES_PER_MAIL = 12

export type MatchKind = 'new' | 'price' | 'status'

export interface AlertListing {
  listingKey: string
  kind: MatchKind
  dealType: string
  price: number
  beds: number
  baths: number
  address: string
  city: string
  state: string
  zipcode: string
  imageUrl: string | null
}

export interface AlertMail {
  alertId: number
  locale: Locale
  to: string
  searchName: string
  /** The search's canonical query string, with or without its `?`. */
  searchQuery: string
  realtor: Pick<Realtor, 'name' | 'etcInfo' | 'desiredUrl' | 'hompageUrl' | 'email' | 'photos'>
  /** Where replies go when the profile's email is not one plain address (the notification address). */
  replyToFallback?: string | null
  /** The homes, newest match first; how many there are in all (the mail shows HOMES_PER_MAIL). */
  homes: AlertListing[]
  total: number
  /** The signed links: `t` of the unsubscribe URL and of the open pixel. */
  unsubscribeToken: string
  openToken: string
}

/** An absolute URL of the site for a site path or an http(s) URL; null for anything else. */
function absolute(origin: string, url: string | null | undefined): string | null {
  if (!url) return null
  if (/^https?:\/\//i.test(url)) return url
  return /^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url) ? `${origin}${url}` : null
}

/** Every link of a mail, on the realtor's canonical site in the buyer's language. */
export function alertLinks(
  mail: Pick<AlertMail, 'realtor' | 'locale' | 'alertId' | 'searchQuery' | 'unsubscribeToken' | 'openToken'>,
  publicOrigin: string,
) {
  const page = (path: string) => pageUrls(mail.realtor, publicOrigin, path)[mail.locale]
  const query = mail.searchQuery.replace(/^\?/, '')
  return {
    origin: siteRoot(mail.realtor, publicOrigin).origin,
    home: (key: string) => page(`/homes/${encodeURIComponent(key)}`),
    search: `${page('/homes')}${query ? `?${query}` : ''}`,
    manage: page('/account'),
    unsubscribe: `${page('/alerts/unsubscribe')}?t=${encodeURIComponent(mail.unsubscribeToken)}`,
    pixel: `${page(`/alerts/open/${mail.alertId}.gif`)}?t=${encodeURIComponent(mail.openToken)}`,
  }
}

/** The raw message of an alert. */
export function alertMessage(
  mail: AlertMail,
  { from, publicOrigin, date = new Date() }: { from: string; publicOrigin: string; date?: Date },
): string {
  const intl = intlFor(mail.locale)
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const links = alertLinks(mail, publicOrigin)
  const name = displayNameOf(mail.realtor, mail.locale)
  const brokerage = etcInfoOf(mail.realtor.etcInfo).company_name?.trim() || null
  const groups = groupPhotos(mail.realtor.photos)
  const portrait = photoInUse(groups, 'id') ?? photoInUse(groups, 'logo')
  const homes = mail.homes.slice(0, HOMES_PER_MAIL)
  const subject = t('alerts.mail.subject', { count: mail.total, search: mail.searchName })
  const intro = t('alerts.mail.intro', { search: mail.searchName, realtor: name })
  const shown: AlertHome[] = homes.map((home) => {
    const address = [home.address, home.city, `${home.state} ${home.zipcode}`.trim()].filter(Boolean).join(', ')
    const price = formatPrice(home.price) + (home.dealType === 'rent' ? t('homes.perMonth') : '')
    return {
      kindLabel: t(`alerts.mail.kind.${home.kind}`),
      price,
      rooms: t('alerts.mail.rooms', { beds: home.beds, baths: formatThousands(home.baths) }),
      address,
      photo: absolute(links.origin, home.imageUrl),
      photoAlt: t('alerts.mail.photoAlt', { address }),
      noPhoto: t('home.card.noPhoto'),
      href: links.home(home.listingKey),
      linkLabel: t('alerts.mail.view'),
    }
  })
  const more = mail.total > shown.length ? t('alerts.mail.more', { count: mail.total - shown.length }) : null
  const footer = t('alerts.mail.footer', { realtor: name })
  const html = alertEmailHtml({
    lang: mail.locale,
    title: subject,
    realtor: {
      name,
      photo: absolute(links.origin, portrait?.url),
      photoAlt: t('home.hero.portraitAlt', { name }),
      brokerage,
    },
    intro,
    homes: shown,
    more,
    button: { label: t('alerts.mail.button'), href: links.search },
    footer,
    manage: { label: t('alerts.mail.manage'), href: links.manage },
    unsubscribe: { label: t('alerts.mail.unsubscribe'), href: links.unsubscribe },
    pixel: links.pixel,
  })
  const text = [
    name,
    ...(brokerage ? [brokerage] : []),
    '',
    subject,
    intro,
    '',
    ...shown.flatMap((home) => [`${home.kindLabel}: ${home.price} · ${home.rooms}`, home.address, home.href, '']),
    ...(more ? [more, ''] : []),
    `${t('alerts.mail.button')}: ${links.search}`,
    '',
    footer,
    `${t('alerts.mail.manage')}: ${links.manage}`,
    `${t('alerts.mail.unsubscribe')}: ${links.unsubscribe}`,
  ].join('\n')
  const replyTo = plainAddress(mail.realtor.email) ?? plainAddress(mail.replyToFallback)
  const domain = from.slice(from.lastIndexOf('@') + 1)
  return mimeMessage(
    {
      from,
      fromName: name,
      to: mail.to,
      replyTo,
      messageId: `alert-${mail.alertId}@${domain}`,
      date,
      listUnsubscribe: links.unsubscribe,
    },
    { subject, text, html },
  )
}
