// How the inbox shows a stored time: date and time on the page's clock (the realtor's time zone, or the
// operator's on the Leads view; UTC when the page has none), the zone named, in the page's language.
import { ZONE_NAME_STYLE } from '../../lib/time-zone'
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
    timeZoneName: ZONE_NAME_STYLE[ctx.locale],
  })
}
