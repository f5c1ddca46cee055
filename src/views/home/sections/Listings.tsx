// Homes on the homepage: the realtor's own listings in deal-type tabs, and the homes of a city they
// serve. Both are islands (tabs and the city picker work in the browser); their text comes as props.
import AgentListings, { AGENT_LISTINGS_MESSAGES } from '../../../client/islands/AgentListings'
import CityHomes, { CITY_HOMES_MESSAGES } from '../../../client/islands/CityHomes'
import type { HomeListings } from '../../../lib/home/listings'
import { messagesOf } from '../../../lib/island-messages'
import type { PageContext } from '../../context'
import { Island } from '../../Island'
import { tOf } from './t'

export function Listings({ ctx, listings }: { ctx: PageContext; listings: HomeListings }) {
  const t = tOf(ctx)
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
              messages: messagesOf(ctx.locale, AGENT_LISTINGS_MESSAGES),
              tabs: listings.agentTabs.map(({ type, page }) => ({ type, homes: page.homes, total: page.total })),
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
          state: listings.state,
          city: listings.city,
          homes: listings.cityPage.homes,
          messages: messagesOf(ctx.locale, CITY_HOMES_MESSAGES),
        }}
        hydrate="visible"
      />
    </section>
  )
}
