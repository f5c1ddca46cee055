// How the inbox shows a stored time: date and time on the page's clock (the realtor's time zone, or the
// operator's on the Leads view; UTC when the page has none), the zone named, in the page's language.
import { formatPhone, telHref } from '../../lib/format'
import type { PageContext } from '../context'

export function formatTime(ctx: PageContext, iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return ctx.intl.formatDate(date, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ctx.timeZone ?? 'UTC',
    timeZoneName: 'short',
  })
}

/** A phone as the reader dials it: shown in national format, a tel: link in E.164 (plain text without digits). */
export function PhoneLink({ phone }: { phone: string }) {
  const href = telHref(phone)
  return href ? <a href={href}>{formatPhone(phone)}</a> : <span>{phone}</span>
}

/** A mailto: link to a stored (validated) address, encoded so no part of it reads as a header. */
export const mailtoHref = (email: string) => `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`
