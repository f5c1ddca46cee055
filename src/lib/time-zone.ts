// Times on the realtor's clock (issue 26, docs/decisions/063-notifications-on-by-default.md): the zones a
// realtor may choose, the default their activity regions imply, and the two conversions the inbox and the
// dashboard need between an instant (ISO, UTC, as D1 stores it) and a day of a zone. Browser-safe.

/** The zones offered: the continental US, Alaska, Hawaii and Korea, west to east. */
export const TIME_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'Asia/Seoul',
] as const
export type TimeZone = (typeof TIME_ZONES)[number]

const OFFERED: ReadonlySet<string> = new Set(TIME_ZONES)
export const isTimeZone = (value: unknown): value is TimeZone => typeof value === 'string' && OFFERED.has(value)

/** Any IANA zone the platform knows (the operator's may be one not offered to realtors); Intl throws on others. */
export function isKnownZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** The operator's clock (OPERATOR_TIME_ZONE): the admin's Leads view; California's when unset or unknown. */
export function operatorTimeZone(env: { OPERATOR_TIME_ZONE?: string }): string {
  const zone = env.OPERATOR_TIME_ZONE?.trim()
  return zone && isKnownZone(zone) ? zone : DEFAULT_TIME_ZONE
}

/** The zone of each state a realtor may work in (docs/product.md §9: CA and GA). */
const STATE_ZONES: Record<string, TimeZone> = { CA: 'America/Los_Angeles', GA: 'America/New_York' }

/** Where no state says otherwise: the first market of the product, California. */
export const DEFAULT_TIME_ZONE: TimeZone = 'America/Los_Angeles'

/** The zone of the realtor's first activity region with a known state; California's otherwise. */
export function timeZoneOfRegions(regions: readonly { state?: string }[]): TimeZone {
  for (const region of regions) {
    const zone = region.state ? STATE_ZONES[region.state] : undefined
    if (zone) return zone
  }
  return DEFAULT_TIME_ZONE
}

/**
 * How a time names its zone, by language: English's short names say which ("PST", "EDT"); Korean's short
 * ones are only offsets ("GMT-8"), so Korean takes the long name ("미 태평양 표준시").
 */
export const ZONE_NAME_STYLE = { en: 'short', ko: 'long' } as const satisfies Record<string, 'short' | 'long'>

/** A zone's name in a language, with its city: "Pacific Time (Los Angeles)", "미 동부 시간(New York)". */
export function zoneName(zone: string, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(Date.UTC(2026, 0, 15))
    .find((part) => part.type === 'timeZoneName')?.value
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')
  return name ? `${name} (${city})` : zone
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(instant: number | string | Date, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(new Date(instant))
}

/** Minutes the zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(ms)
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'))
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000)
}

/**
 * The instant (ISO, UTC) a day of a zone begins: the inbox's date filter reads its days on the realtor's
 * clock. Two passes settle the offset on days that change it (the change happens at night, not midnight).
 */
export function dayStart(day: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  let guess = midnightUtc - offsetMinutes(midnightUtc, timeZone) * 60_000
  guess = midnightUtc - offsetMinutes(guess, timeZone) * 60_000
  return new Date(guess).toISOString()
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
