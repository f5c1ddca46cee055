// One home in a listing grid: photo, price, beds/baths/size, address, listing date. Shared by the
// server render and the listing islands, so it takes labels as props.
import { formatListingDate, formatPrice, formatThousands } from '../../lib/format'
import type { Home } from '../../lib/listings/markets'

export interface HomeCardLabels {
  beds: string
  baths: string
  sqft: string
  perMonth: string
  noPhoto: string
  status: Record<string, string>
}

const RENTALS = new Set(['rent', 'rented'])

/** Site paths and http(s) URLs only; anything else shows the no-photo tile. */
function imageOf(url: string | null): string | null {
  if (!url) return null
  if (/^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url)) return url
  return /^https?:\/\//i.test(url) ? url : null
}

export function HomeCard({ home, labels, locale }: { home: Home; labels: HomeCardLabels; locale: string }) {
  const image = imageOf(home.imageUrl)
  const status = labels.status[home.dealType] ?? home.dealType
  return (
    <article className="home-card">
      <div className="home-card__media">
        {image ? (
          <img src={image} alt="" width={400} height={260} loading="lazy" decoding="async" />
        ) : (
          <span className="home-card__nophoto">{labels.noPhoto}</span>
        )}
        <span className={`home-card__badge home-card__badge--${home.dealType}`}>{status}</span>
      </div>
      <div className="home-card__body">
        <p className="home-card__price">
          {formatPrice(home.price)}
          {RENTALS.has(home.dealType) ? <span className="home-card__per">{labels.perMonth}</span> : null}
        </p>
        {/* One text node per line: React separates adjacent ones with comments, and a grid renders
            dozens of these cards per page. */}
        <p className="home-card__facts">
          <span>{`${home.beds} ${labels.beds}`}</span>
          <span>{`${home.baths} ${labels.baths}`}</span>
          <span>{`${formatThousands(home.sqft)} ${labels.sqft}`}</span>
        </p>
        <p className="home-card__address">{`${home.address}, ${home.city}, ${home.state} ${home.zipcode}`}</p>
        <p className="home-card__date">
          <time dateTime={home.listedAt}>{formatListingDate(home.listedAt, locale)}</time>
        </p>
      </div>
    </article>
  )
}

export function HomeGrid({
  homes,
  labels,
  locale,
  empty,
}: {
  homes: Home[]
  labels: HomeCardLabels
  locale: string
  empty: string
}) {
  if (homes.length === 0) return <p className="home-grid__empty">{empty}</p>
  return (
    <div className="home-grid">
      {homes.map((home) => (
        <HomeCard key={home.id} home={home} labels={labels} locale={locale} />
      ))}
    </div>
  )
}
