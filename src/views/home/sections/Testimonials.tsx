// What clients said (issue 33, docs/decisions/111): on the homepage the first HOME_TESTIMONIALS written in the
// page's language and a link to the site's /reviews page with all of them. No Review or AggregateRating
// structured data: search engines do not take a business's own reviews of itself on its own site.
import { HOME_TESTIMONIALS, type ShownTestimonial, testimonialsIn } from '../../../lib/home/testimonials'
import { sitePath } from '../../../lib/urls'
import type { TenantFrame } from '../TenantLayout'
import { type T, tOf } from './t'

const STARS = 5

/** The rating as stars in text, read as "4 out of 5". */
function Rating({ rating, t }: { rating: number; t: T }) {
  return (
    <span className="testimonial__rating" role="img" aria-label={t('testimonials.rating', { rating, max: STARS })}>
      {'★'.repeat(rating)}
      {rating < STARS ? <span className="testimonial__rating-off">{'☆'.repeat(STARS - rating)}</span> : null}
    </span>
  )
}

/** One testimonial: the quote, the client's name, the rating and where it was first posted. */
export function TestimonialQuote({ item, t }: { item: ShownTestimonial; t: T }) {
  return (
    <blockquote className="testimonial" cite={item.sourceUrl || undefined}>
      {item.rating ? <Rating rating={item.rating} t={t} /> : null}
      <p className="testimonial__quote">{item.quote}</p>
      <footer className="testimonial__footer">
        <cite className="testimonial__name">{item.clientName}</cite>
        {item.sourceUrl ? (
          <a className="testimonial__source" href={item.sourceUrl} rel="nofollow noopener">
            {t('testimonials.source', { site: item.sourceName })}
          </a>
        ) : null}
      </footer>
    </blockquote>
  )
}

export function TestimonialList({ items, t }: { items: ShownTestimonial[]; t: T }) {
  return (
    <ul className="home-testimonials__list">
      {items.map((item, index) => (
        <li key={index} className="home-testimonials__item">
          <TestimonialQuote item={item} t={t} />
        </li>
      ))}
    </ul>
  )
}

/** The homepage's section: nothing while no testimonial is written in the page's language. */
export function Testimonials({ frame }: { frame: TenantFrame }) {
  const { ctx, realtor } = frame
  const t = tOf(ctx)
  const all = testimonialsIn(realtor.testimonials, ctx.locale)
  if (!all.length) return null
  return (
    <section id="testimonials" className="home-section home-testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t('testimonials.title')}</h2>
      <TestimonialList items={all.slice(0, HOME_TESTIMONIALS)} t={t} />
      {all.length > HOME_TESTIMONIALS ? (
        <p className="home-testimonials__all">
          <a href={sitePath(ctx, '/reviews')}>{t('testimonials.seeAll', { count: all.length })}</a>
        </p>
      ) : null}
    </section>
  )
}
