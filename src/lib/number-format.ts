// Number and date formatting of docs/product.md §9 as pure functions: thousands commas, B/M for large
// numbers, three-letter English weekday and month names. Free of the phone library, so a public page's
// islands (listing cards) import this module; the server's pages import ./format, which adds phones.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** "1234567" → "1,234,567": a loop, not a pattern, since a homepage groups a few hundred numbers. */
function groupDigits(digits: string): string {
  const head = digits.length % 3 || 3
  let grouped = digits.slice(0, head)
  for (let i = head; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`
  return grouped
}

/** 1234567 → "1,234,567"; decimals kept as given. */
export function formatThousands(value: number): string {
  if (!Number.isFinite(value)) return '0'
  const [whole = '0', fraction] = String(Math.abs(value)).split('.')
  const grouped = whole.includes('e') ? whole : groupDigits(whole)
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** 10+ digits → "1.23B", 7–9 digits → "12.35M" (two decimals), otherwise thousands commas. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '0'
  const digits = String(Math.trunc(Math.abs(value))).length
  const sign = value < 0 ? '-' : ''
  if (digits >= 10) return `${sign}${(Math.abs(value) / 1e9).toFixed(2)}B`
  if (digits >= 7) return `${sign}${(Math.abs(value) / 1e6).toFixed(2)}M`
  return formatThousands(Math.round(value))
}

/** A US dollar price: "$1,250,000", or "$1.25M" when compact. */
export function formatPrice(value: number, compact = false): string {
  return `$${compact ? formatCompact(value) : formatThousands(Math.round(value))}`
}

export function weekdayName(day: number): string {
  return WEEKDAYS[((day % 7) + 7) % 7]!
}

export function monthName(month: number): string {
  return MONTHS[((month % 12) + 12) % 12]!
}

/** An ISO date (UTC) for a listing: "Mon, Mar 2, 2026" in English, "2026. 3. 2. (Mon)" in Korean. */
export function formatListingDate(iso: string, locale: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const y = date.getUTCFullYear()
  const m = date.getUTCMonth()
  const d = date.getUTCDate()
  const weekday = weekdayName(date.getUTCDay())
  return locale === 'ko' ? `${y}. ${m + 1}. ${d}. (${weekday})` : `${weekday}, ${monthName(m)} ${d}, ${y}`
}
