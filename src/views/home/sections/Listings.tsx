// Homes on the homepage: the realtor's own listings in deal-type tabs first, and the homes of the areas they
// serve. Both are islands (tabs and the city picker work in the browser); their text comes as props. Every
// card opens its home page; the section links to the full search, and is left out when it has nothing to
// show (the editor says why: src/lib/home/listings.ts listingsShown).
import AgentListings, { AGENT_LISTINGS_MESSAGES } from '../../../client/islands/AgentListings'
import CityHomes, { CITY_HOMES_MESSAGES } from '../../../client/islands/CityHomes'
import { type HomeListings, listingsShown } from '../../../lib/home/listings'
import { messagesOf } from '../../../lib/island-messages'
import { MLS_FEEDS, type MlsFeed } from '../../../lib/mls/record'
import { sitePath } from '../../../lib/urls'
import type { PageContext } from '../../context'
import { IdxNotice } from '../../homes/parts'
import { Island } from '../../Island'
import { tOf } from './t'

export function Listings({ ctx, listings }: { ctx: PageContext; listings: HomeListings }) {
  const t = tOf(ctx)
  if (!listingsShown(listings)) return null
  const homesHref = sitePath(ctx, '/homes')
  // The kinds of deal the realtor has; every kind while a source failed, so each says it could not load.
  const ownTabs = listings.complete ? listings.agentTabs.filter((tab) => tab.page.total > 0) : listings.agentTabs
  return (
    <section id="listings" className="home-section home-listings" aria-labelledby="listings-title">
      <h2 id="listings-title">{t('home.listings.title')}</h2>
      <p className="home-listings__search">
        <a href={homesHref}>{t('home.listings.search')}</a>
      </p>
      {ownTabs.length ? (
        <>
          <h3>{t('home.listings.mine')}</h3>
          <Island
            name="AgentListings"
            component={AgentListings}
            props={{
              idPrefix: 'agent',
              locale: ctx.locale,
              messages: messagesOf(ctx.locale, AGENT_LISTINGS_MESSAGES),
              tabs: ownTabs.map(({ type, page }) => ({ type, homes: page.homes, total: page.total })),
              homesHref,
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
          cities: listings.cities,
          city: listings.city,
          homesHref,
          homes: listings.cityPage.homes,
          messages: messagesOf(ctx.locale, CITY_HOMES_MESSAGES),
        }}
        hydrate="visible"
      />
      <IdxNotice ctx={ctx} feeds={feedsShown(listings).map((feed) => ({ feed, lastUpdated: null }))} />
    </section>
  )
}

/** The MLSs whose listings the section shows: each one's disclaimer goes with them. */
function feedsShown(listings: HomeListings): MlsFeed[] {
  const homes = [...listings.cityPage.homes, ...listings.agentTabs.flatMap((tab) => tab.page.homes)]
  return MLS_FEEDS.filter((feed) => homes.some((home) => home.market === feed))
}
