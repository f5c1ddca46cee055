// Homes on the homepage: the realtor's own listings in deal-type tabs, and the homes of a city they
// serve. Both are islands (tabs and the city picker work in the browser); their text comes as props.
import type { HomeCardLabels } from '../../../client/components/HomeCard'
import AgentListings from '../../../client/islands/AgentListings'
import CityHomes from '../../../client/islands/CityHomes'
import type { HomeListings } from '../../../lib/home/listings'
import { SEARCH_TYPES } from '../../../lib/listings/query'
import type { PageContext } from '../../context'
import { Island } from '../../Island'
import { type T, tOf } from './t'

function cardLabels(t: T): HomeCardLabels {
  return {
    beds: t('home.card.beds'),
    baths: t('home.card.baths'),
    sqft: t('home.card.sqft'),
    perMonth: t('home.card.perMonth'),
    noPhoto: t('home.card.noPhoto'),
    status: Object.fromEntries(SEARCH_TYPES.map((type) => [type, t(`home.listings.${type}`)])),
  }
}

export function Listings({ ctx, listings }: { ctx: PageContext; listings: HomeListings }) {
  const t = tOf(ctx)
  const labels = cardLabels(t)
  return (
    <section id="listings" className="home-section home-listings" aria-labelledby="listings-title">
      <h2 id="listings-title">{t('home.listings.title')}</h2>
      {listings.agentTabs.length ? (
        <>
          <h3>{t('home.listings.mine')}</h3>
          <Island
            name="AgentListings"
            component={AgentListings}
            props={{
              idPrefix: 'agent',
              locale: ctx.locale,
              labels,
              empty: t('home.listings.emptyTab'),
              tablistLabel: t('home.listings.mine'),
              tabs: listings.agentTabs.map(({ type, page }) => ({
                type,
                label: t(`home.listings.${type}`),
                homes: page.homes,
                total: page.total,
              })),
            }}
            hydrate="visible"
          />
        </>
      ) : null}
      <h3>{t('home.listings.market')}</h3>
      <Island
        name="CityHomes"
        component={CityHomes}
        props={{
          idPrefix: 'city',
          locale: ctx.locale,
          city: listings.city,
          homes: listings.cityPage.homes,
          labels,
          pickerLabel: t('home.listings.city'),
          empty: t('home.listings.emptyCity'),
          failed: t('home.listings.failed'),
          loading: t('home.listings.loading'),
        }}
        hydrate="visible"
      />
    </section>
  )
}
