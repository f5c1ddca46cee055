// The homes a realtor's homepage shows (docs/product.md §4, §7): their own listings by deal type when
// they have a license and one market, and the homes of their first §9 city. Listings never fail the
// page: a section whose source fails shows its empty state, and the result says it is incomplete.
import {
  type AgentQuery,
  COUNTIES,
  HOME_LIST_DEFAULTS,
  type HomePage,
  homeListQuerySchema,
  SEARCH_TYPES,
  type SearchType,
} from '../listings/query'
import { emptyPage, type ListingSource } from '../listings/source'
import type { Realtor } from '../realtors/types'
import { marketOf } from './profile'

/** The city the market section opens on: the realtor's first §9 city, else the §9 default. */
export function startCity(regions: readonly { city: string }[]): { state: 'CA' | 'GA'; city: string } {
  for (const region of regions) {
    const county = COUNTIES.find((c) => (c.cities as readonly string[]).includes(region.city))
    if (county) return { state: county.state, city: region.city }
  }
  return { state: HOME_LIST_DEFAULTS.state, city: HOME_LIST_DEFAULTS.city }
}

export interface HomeListings {
  city: string
  cityPage: HomePage
  /** One tab per deal type of the realtor's own listings (in every market when theirs is mixed); none without a license. */
  agentTabs: { type: SearchType; page: HomePage }[]
  /** False when a source failed and a section shows its empty state instead. */
  complete: boolean
}

export async function loadHomeListings(
  source: ListingSource,
  realtor: Pick<Realtor, 'activityRegion' | 'licenseNumber'>,
): Promise<HomeListings> {
  let complete = true
  async function quietly(load: () => Promise<HomePage>, query: { currentPage: number; homesPerGroup: number }) {
    try {
      return await load()
    } catch (error) {
      console.error('[home] listings unavailable; showing the empty state', error)
      complete = false
      return emptyPage(query)
    }
  }
  const market = marketOf(realtor.activityRegion)
  const start = startCity(realtor.activityRegion)
  const cityQuery = homeListQuerySchema.parse(start)
  const types = realtor.licenseNumber ? SEARCH_TYPES : []
  const agentQuery = (searchType: SearchType): AgentQuery => ({
    licenseNumber: realtor.licenseNumber,
    market,
    searchType,
    currentPage: 0,
    homesPerGroup: HOME_LIST_DEFAULTS.homesPerGroup,
  })
  const [cityPage, ...agentPages] = await Promise.all([
    quietly(() => source.homeList(cityQuery), cityQuery),
    ...types.map((type) => quietly(() => source.agent(agentQuery(type)), agentQuery(type))),
  ])
  return {
    city: start.city,
    cityPage: cityPage!,
    agentTabs: types.map((type, i) => ({ type, page: agentPages[i]! })),
    complete,
  }
}
