// What clients said, as a page in one language shows it (issue 33, docs/decisions/111): only the quotes
// written in the page's language (a quote missing in it is never shown in the other language's words), in the
// realtor's order; at most HOME_TESTIMONIALS on the homepage, all of them on the site's /reviews page.
import type { Locale } from '../locale'
import type { Testimonial } from '../realtors/types'

/** Testimonials the homepage shows; the rest are on /reviews. */
export const HOME_TESTIMONIALS = 3

/** A testimonial as one page shows it. */
export interface ShownTestimonial {
  quote: string
  clientName: string
  /** An http(s) link to where the review was first posted, or '' (the schema checked it). */
  sourceUrl: string
  /** The site the source link goes to, by its host: "Zillow", "Google", "Yelp", else the host itself. */
  sourceName: string
  /** 1–5, or 0 for none. */
  rating: number
}

const KNOWN_SOURCES: [RegExp, string][] = [
  [/(^|\.)zillow\.com$/, 'Zillow'],
  [/(^|\.)google\.[a-z.]+$|(^|\.)goo\.gl$|^g\.page$/, 'Google'],
  [/(^|\.)yelp\.[a-z.]+$/, 'Yelp'],
]

/** The name of the site a source link goes to: a known review site's name, else its host without `www.`. */
export function sourceNameOf(url: string): string {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return ''
  }
  return KNOWN_SOURCES.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, '')
}

/** The testimonials a page in `locale` shows, in the realtor's order: those with a quote in its language. */
export function testimonialsIn(testimonials: readonly Testimonial[] | undefined, locale: Locale): ShownTestimonial[] {
  return (testimonials ?? []).flatMap((item) => {
    const quote = (locale === 'ko' ? item.quoteKr : item.quoteEn)?.trim() ?? ''
    if (!quote) return []
    const sourceUrl = /^https?:\/\//i.test(item.sourceUrl ?? '') ? item.sourceUrl : ''
    const rating = Number.isInteger(item.rating) && item.rating >= 1 && item.rating <= 5 ? item.rating : 0
    return [
      {
        quote,
        clientName: item.clientName.trim(),
        sourceUrl,
        sourceName: sourceUrl ? sourceNameOf(sourceUrl) : '',
        rating,
      },
    ]
  })
}
