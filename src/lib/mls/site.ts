// Which MLS listings a realtor's site shows and where its search opens (issue 30): the feeds of the market
// of their activity regions (both for a realtor in both states), opening on their first area's city.
import { startCity } from '../home/listings'
import { marketOf } from '../home/profile'
import type { Realtor } from '../realtors/types'
import type { MlsFeed } from './record'
import { feedOfState, feedsOf } from './rules'
import type { Place } from './search'

export function siteFeeds(realtor: Pick<Realtor, 'activityRegion'>): {
  feeds: readonly MlsFeed[]
  start: { feed: MlsFeed; place: Place | null }
} {
  const feeds = feedsOf(marketOf(realtor.activityRegion))
  const first = startCity(realtor.activityRegion)
  const feed = feedOfState(first.state)
  return feed && feeds.includes(feed)
    ? { feeds, start: { feed, place: { kind: 'city', name: first.city } } }
    : { feeds, start: { feed: feeds[0]!, place: null } }
}
