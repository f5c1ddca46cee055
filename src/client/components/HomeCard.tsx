// One home in a listing grid: photo, price, beds/baths/size, address, listing date. Shared by the
// listing islands, so it reads the messages they hand it.
import type { ReactElement } from 'react'
import type { Home } from '../../lib/listings/markets'
import { shownPrice } from '../../lib/mls/rules'
import { formatListingDate, formatPrice, formatThousands } from '../../lib/number-format'
import { type Messages, t } from '../lib/messages'

/** The messages a card reads (src/lib/island-messages.ts): its labels and each deal type's badge. */
export const HOME_CARD_MESSAGES = [
  'home.card.',
  'home.listings.sale',
  'home.listings.rent',
  'home.listings.sold',
  'home.listings.rented',
  'buyer.heart.',
] as const

const RENTALS = new Set(['rent', 'rented'])

/** Site paths and http(s) URLs only; anything else shows the no-photo tile. */
function imageOf(url: string | null): string | null {
  if (!url) return null
  if (/^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url)) return url
  return /^https?:\/\//i.test(url) ? url : null
}

/** The address of a home's page on the site whose homes live under `homesHref` ({site}/homes), if it has one. */
export function homeHref(homesHref: string | undefined, home: Pick<Home, 'listingKey'>): string | undefined {
  return homesHref && home.listingKey ? `${homesHref}/${encodeURIComponent(home.listingKey)}` : undefined
}

/**
 * The heart of a home's card (issue 32, docs/decisions/107-buyer-accounts.md): a form that saves (or, filled,
 * unsaves) the home at `{home page}/save`, without JavaScript; signed out, that address asks to sign up first.
 * It says which way it goes (`saved`), so a page drawn for nobody in particular (a cached one) only ever saves.
 */
export function SaveHomeButton({
  href,
  saved,
  label,
  className = 'home-heart',
  text,
}: {
  href: string
  saved: boolean
  label: string
  className?: string
  text?: string
}) {
  return (
    <form method="post" action={`${href}/save`} className={`${className}__form`}>
      <input type="hidden" name="saved" value={saved ? '0' : '1'} />
      <button type="submit" className={className} aria-label={label} aria-pressed={saved}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2.1 0 3.6 1.1 4.4 2.5h2C13.8 6.1 15.3 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z"
            fill={saved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {text ? <span>{text}</span> : null}
      </button>
    </form>
  )
}

/**
 * One home's card as a React element keyed by the home's id, drawn on every render: keeping drawn cards
 * per frozen home saved ~1% of a large home's render and cost the isolate ~40 MB of heap at 6,000 data
 * cache entries (docs/decisions/058-render-at-scale.md). With `homesHref` an MLS listing's card links to its
 * page; a card names the listing office (IDX) and shows a sold price only where its MLS allows.
 */
export function homeCard(
  home: Home,
  messages: Messages,
  locale: string,
  homesHref?: string,
  saved = false,
): ReactElement {
  const image = imageOf(home.imageUrl)
  const status = messages[`home.listings.${home.dealType}`] ?? home.dealType
  const href = homeHref(homesHref, home)
  const price = home.market
    ? shownPrice({ market: home.market, dealType: home.dealType, price: home.price })
    : home.price
  const address = `${home.address}, ${home.city}, ${home.state} ${home.zipcode}`
  return (
    <article key={home.id} className="home-card">
      <div className="home-card__media">
        {image ? (
          <img src={image} alt="" width={400} height={260} loading="lazy" decoding="async" />
        ) : (
          <span className="home-card__nophoto">{t(messages, 'home.card.noPhoto')}</span>
        )}
        <span className={`home-card__badge home-card__badge--${home.dealType}`}>{status}</span>
        {href ? (
          <SaveHomeButton
            href={href}
            saved={saved}
            label={t(messages, saved ? 'buyer.heart.unsave' : 'buyer.heart.save', { address: home.address })}
          />
        ) : null}
      </div>
      <div className="home-card__body">
        <p className="home-card__price">
          {price === null ? status : formatPrice(price)}
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
        <p className="home-card__address">
          {href ? (
            <a className="home-card__link" href={href}>
              {address}
            </a>
          ) : (
            address
          )}
        </p>
        <p className="home-card__date">
          <time dateTime={home.listedAt}>{formatListingDate(home.listedAt, locale)}</time>
        </p>
        {home.listOfficeName ? (
          <p className="home-card__office">{t(messages, 'home.card.courtesy', { office: home.listOfficeName })}</p>
        ) : null}
      </div>
    </article>
  )
}

export function HomeCard({
  home,
  messages,
  locale,
  homesHref,
}: {
  home: Home
  messages: Messages
  locale: string
  homesHref?: string
}) {
  return homeCard(home, messages, locale, homesHref)
}

export function HomeGrid({
  homes,
  messages,
  locale,
  empty,
  homesHref,
  saved,
}: {
  homes: Home[]
  messages: Messages
  locale: string
  empty: string
  homesHref?: string
  /** The listing keys the signed-in buyer saved (their hearts drawn filled); none on a page for anyone. */
  saved?: ReadonlySet<string>
}) {
  if (homes.length === 0) return <p className="home-grid__empty">{empty}</p>
  // The cards themselves, not a <HomeCard> each: one component layer less per card on every render.
  return (
    <div className="home-grid">
      {homes.map((home) => homeCard(home, messages, locale, homesHref, saved?.has(home.listingKey ?? '')))}
    </div>
  )
}
