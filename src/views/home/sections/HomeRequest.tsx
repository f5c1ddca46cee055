// A home page's "Ask about this home" / "Schedule a tour" (docs/decisions/096-home-requests.md): the home's
// summary and the island that sends a question or a tour request about it. The home's address, price and
// page stored with the request are read from `listings` by its key, never taken from the form.
import HomeRequest, { HOME_REQUEST_MESSAGES } from '../../../client/islands/HomeRequest'
import { formatPrice } from '../../../lib/number-format'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { requestFormProps } from './request-form'
import { tOf } from './t'

/** The home the requests are about, as its page shows it. */
export interface HomeRequestSummary {
  /** RESO ListingKey (listings.listing_key). */
  listingKey: string
  /** Street line, e.g. "123 Main St". */
  address: string
  city: string
  /** The price the page shows (list price, or close price once sold); null where the MLS keeps it private. */
  price: number | null
}

export interface HomeRequestSectionProps {
  frame: TenantFrame
  home: HomeRequestSummary
  /** The section's id and the prefix of its form's element ids: unique on the page (default `home-request`). */
  idPrefix?: string
}

export function HomeRequestSection({ frame, home, idPrefix = 'home-request' }: HomeRequestSectionProps) {
  const { ctx, realtor } = frame
  const t = tOf(ctx)
  const titleId = `${idPrefix}-title`
  return (
    <section id={idPrefix} className="home-section home-request-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('home.homeRequest.title')}</h2>
      <p className="home-request-section__home">
        {[home.address, home.city].filter(Boolean).join(', ')}
        {home.price === null ? null : ` · ${formatPrice(home.price)}`}
      </p>
      <Island
        name="HomeRequest"
        component={HomeRequest}
        props={{ ...requestFormProps(ctx, realtor.id, idPrefix, HOME_REQUEST_MESSAGES), listingKey: home.listingKey }}
        hydrate="visible"
      />
    </section>
  )
}
