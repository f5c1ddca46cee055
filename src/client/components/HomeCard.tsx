// One home in a listing grid: photo, price, beds/baths/size, address, listing date. Shared by the
// listing islands, so it reads the messages they hand it.
import type { ReactElement } from 'react'
import type { Home } from '../../lib/listings/markets'
import { formatListingDate, formatPrice, formatThousands } from '../../lib/number-format'
import { type Messages, t } from '../lib/messages'

/** The messages a card reads (src/lib/island-messages.ts): its labels and each deal type's badge. */
export const HOME_CARD_MESSAGES = [
  'home.card.',
  'home.listings.sale',
  'home.listings.rent',
  'home.listings.sold',
  'home.listings.rented',
] as const

const RENTALS = new Set(['rent', 'rented'])

/** Site paths and http(s) URLs only; anything else shows the no-photo tile. */
function imageOf(url: string | null): string | null {
  if (!url) return null
  if (/^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url)) return url
  return /^https?:\/\//i.test(url) ? url : null
}

/**
 * One home's card as a React element keyed by the home's id, drawn on every render: keeping drawn cards
 * per frozen home saved ~1% of a large home's render and cost the isolate ~40 MB of heap at 6,000 data
 * cache entries (docs/decisions/058-render-at-scale.md).
 */
export function homeCard(home: Home, messages: Messages, locale: string): ReactElement {
  const image = imageOf(home.imageUrl)
  const status = messages[`home.listings.${home.dealType}`] ?? home.dealType
  return (
    <article key={home.id} className="home-card">
      <div className="home-card__media">
        {image ? (
          <img src={image} alt="" width={400} height={260} loading="lazy" decoding="async" />
        ) : (
          <span className="home-card__nophoto">{t(messages, 'home.card.noPhoto')}</span>
        )}
        <span className={`home-card__badge home-card__badge--${home.dealType}`}>{status}</span>
      </div>
      <div className="home-card__body">
        <p className="home-card__price">
          {formatPrice(home.price)}
          {RENTALS.has(home.dealType) ? (
            <span className="home-card__per">{t(messages, 'home.card.perMonth')}</span>
          ) : null}
        </p>
        {/* One text node per line: React separates adjacent ones with comments, and a grid renders
            dozens of these cards per page. */}
        <p className="home-card__facts">
          <span>{`${home.beds} ${t(messages, 'home.card.beds')}`}</span>
          <span>{`${home.baths} ${t(messages, 'home.card.baths')}`}</span>
          <span>{`${formatThousands(home.sqft)} ${t(messages, 'home.card.sqft')}`}</span>
        </p>
        <p className="home-card__address">{`${home.address}, ${home.city}, ${home.state} ${home.zipcode}`}</p>
        <p className="home-card__date">
          <time dateTime={home.listedAt}>{formatListingDate(home.listedAt, locale)}</time>
        </p>
      </div>
    </article>
  )
}

export function HomeCard({ home, messages, locale }: { home: Home; messages: Messages; locale: string }) {
  return homeCard(home, messages, locale)
}

export function HomeGrid({
  homes,
  messages,
  locale,
  empty,
}: {
  homes: Home[]
  messages: Messages
  locale: string
  empty: string
}) {
  if (homes.length === 0) return <p className="home-grid__empty">{empty}</p>
  // The cards themselves, not a <HomeCard> each: one component layer less per card on every render.
  return <div className="home-grid">{homes.map((home) => homeCard(home, messages, locale))}</div>
}
