// How a request reads to its realtor (docs/decisions/096-home-requests.md), in their language: the one line
// that names it ("Tour request: 123 Main St, Johns Creek — Sat 11/28 morning, in person") and its details as
// labelled fields. The inbox, the CSV export, the email, Slack/webhook and push notifications all say it so.
import { intlFor } from '../i18n'
import type { Locale } from '../locale'
import { formatPrice, formatThousands, weekdayName } from '../number-format'
import type { ContactKind, HomeSnapshot, RequestDetails, TourSlot } from './requests'

export interface RequestField {
  /** Message id of the label. */
  label: string
  text: string
  /** The home page's path, for the home. */
  path?: string
}

export interface RequestDescription {
  /** The kind's one line, null for a plain message. */
  headline: string | null
  fields: RequestField[]
}

const homeLine = (home: HomeSnapshot) => [home.address, home.city].filter(Boolean).join(', ')

/** A tour day as §9 writes dates, with English weekday names: "Sat 11/28" (en), "11/28 (Sat)" (ko). */
function slotDay(date: string, locale: Locale): string {
  const day = new Date(`${date}T00:00:00Z`)
  const monthDay = `${day.getUTCMonth() + 1}/${day.getUTCDate()}`
  const weekday = weekdayName(day.getUTCDay())
  return locale === 'ko' ? `${monthDay} (${weekday})` : `${weekday} ${monthDay}`
}

export function describeRequest(kind: ContactKind, details: RequestDetails | null, locale: Locale): RequestDescription {
  if (kind === 'contact' || !details) return { headline: null, fields: [] }
  const intl = intlFor(locale)
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const slot = (s: TourSlot) => `${slotDay(s.date, locale)} ${t(`inbox.request.window.${s.window}`)}`
  const fields: RequestField[] = []
  const summary: string[] = []
  const { home, tour, valuation } = details
  if (home) {
    const line = [homeLine(home), [home.state, home.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    fields.push({ label: 'inbox.field.home', text: line, path: home.url })
    fields.push({ label: 'inbox.field.price', text: formatPrice(home.price) })
    summary.push(homeLine(home))
  }
  if (tour) {
    const mode = t(`inbox.request.mode.${tour.mode}`)
    const times = tour.slots.map(slot).join(' / ')
    fields.push({ label: 'inbox.field.tourTimes', text: times })
    fields.push({ label: 'inbox.field.tourMode', text: mode })
    summary.push(`${times}, ${mode}`)
  }
  if (valuation) {
    const rooms = t('inbox.request.rooms', { beds: String(valuation.beds), baths: formatThousands(valuation.baths) })
    const timeline = t(`home.request.timeline.${valuation.timeline}`)
    fields.push({ label: 'inbox.field.valuationAddress', text: valuation.address })
    fields.push({ label: 'inbox.field.rooms', text: rooms })
    fields.push({ label: 'inbox.field.timeline', text: timeline })
    summary.push(valuation.address, `${rooms}, ${timeline}`)
  }
  return { headline: t(`inbox.request.headline.${kind}`, { summary: summary.join(' — ') }), fields }
}
