// The homes a realtor's homepage shows (docs/product.md §4, §7): their own listings by deal type when
// they have a license and one market, and the homes of their first §9 city. Listings never fail the
// page: a section whose source fails shows its empty state, and the result says it is incomplete.
import { deepFreeze } from '../data-cache'
import { derivedFrom } from '../derived'
import {
  type AgentQuery,
  COUNTIES,
  HOME_LIST_DEFAULTS,
  type HomeListQuery,
  type HomePage,
  homeListQuerySchema,
  SEARCH_TYPES,
  type SearchType,
} from '../listings/query'
import { emptyPage, type ListingRequest, type ListingSource } from '../listings/source'
import type { Realtor } from '../realtors/types'
import { marketOf } from './profile'

/**
 * The city the market section opens on: the realtor's first activity region that names a city (its §9
 * spelling when it is a §9 city, else as the realtor wrote it, in its own state), else the §9 default.
 * A Duluth, GA realtor opens on Duluth, not on the default Irvine, CA.
 */
export function startCity(regions: readonly { state?: string; city: string }[]): { state: 'CA' | 'GA'; city: string } {
  for (const region of regions) {
    const city = region.city.trim()
    if (!city) continue
    const county = COUNTIES.find((c) => c.cities.some((name) => name.toLowerCase() === city.toLowerCase()))
    if (county)
      return { state: county.state, city: county.cities.find((name) => name.toLowerCase() === city.toLowerCase())! }
    if (region.state === 'CA' || region.state === 'GA') return { state: region.state, city }
  }
  return { state: HOME_LIST_DEFAULTS.state, city: HOME_LIST_DEFAULTS.city }
}

/**
 * The cities of a realtor's areas (their activity regions in CA or GA, each once, in their order), the
 * start city first: what the homepage's market section offers, never another market's cities.
 */
export function areaCities(
  regions: readonly { state?: string; city: string }[],
): { state: 'CA' | 'GA'; city: string }[] {
  const start = startCity(regions)
  const cities = [start]
  for (const region of regions) {
    const city = region.city.trim()
    if (!city || (region.state !== 'CA' && region.state !== 'GA')) continue
    if (cities.some((entry) => entry.city.toLowerCase() === city.toLowerCase())) continue
    cities.push({ state: region.state, city })
  }
  return cities
}

export interface HomeListings {
  state: 'CA' | 'GA'
  city: string
  /** The cities the market section offers: the realtor's areas (areaCities). */
  cities: { state: 'CA' | 'GA'; city: string }[]
  cityPage: HomePage
  /** One tab per deal type of the realtor's own listings (in every market when theirs is mixed); none without a license. */
  agentTabs: { type: SearchType; page: HomePage }[]
  /** False when a source failed and a section shows its empty state instead. */
  complete: boolean
}

type SectionRequests = readonly [ListingRequest & { kind: 'home' }, ...ListingRequest[]]

/** What a homepage's listing sections ask for: its start city's homes, then each deal tab's (when licensed). */
function sectionRequests(realtor: Pick<Realtor, 'activityRegion' | 'licenseNumber'>): SectionRequests {
  // A frozen realtor's (the data cache's) plan is made once: it depends on nothing else (src/lib/derived.ts).
  return derivedFrom(realtor, 'listing-sections', () => planSections(realtor))
}

function planSections(realtor: Pick<Realtor, 'activityRegion' | 'licenseNumber'>): SectionRequests {
  const market = marketOf(realtor.activityRegion)
  // A city the listings query refuses (odd characters) falls back to the default city, never an error.
  const parsed = homeListQuerySchema.safeParse(startCity(realtor.activityRegion))
  const cityQuery = parsed.success ? parsed.data : homeListQuerySchema.parse({})
  const types = realtor.licenseNumber ? SEARCH_TYPES : []
  const agentQuery = (searchType: SearchType): AgentQuery => ({
    licenseNumber: realtor.licenseNumber,
    market,
    searchType,
    currentPage: 0,
    homesPerGroup: HOME_LIST_DEFAULTS.homesPerGroup,
  })
  const requests: SectionRequests = [
    { kind: 'home', query: cityQuery },
    ...types.map((type): ListingRequest => ({ kind: 'agent', query: agentQuery(type) })),
  ]
  // Frozen when kept, so the data cache's keys of its requests are worked out once too (../listings/source.ts).
  return Object.isFrozen(realtor) ? deepFreeze(requests) : requests
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
  async function quietlyAll(load: () => Promise<HomePage[]>, requests: readonly ListingRequest[]) {
    try {
      return await load()
    } catch (error) {
      console.error('[home] listings unavailable; showing the empty state', error)
      complete = false
      return requests.map((r) => emptyPage(r.query))
    }
  }
  const requests = sectionRequests(realtor)
  const cityQuery = requests[0]!.query as HomeListQuery
  const start = { state: cityQuery.state, city: cityQuery.city }
  const types = requests.slice(1).map((request) => (request.query as AgentQuery).searchType)
  // A source that batches reads every section in one round trip (a miss costs the realtor's read and
  // this one, docs/decisions/058); one that does not (upstream) reads each, and each fails on its own.
  const pages = source.pages
  const [cityPage, ...agentPages] = pages
    ? await quietlyAll(() => pages(requests), requests)
    : await Promise.all(
        requests.map((r) =>
          quietly(() => (r.kind === 'home' ? source.homeList(r.query) : source.agent(r.query)), r.query),
        ),
      )
  return {
    state: start.state,
    city: start.city,
    cities: derivedFrom(realtor, 'area-cities', () => areaCities(realtor.activityRegion)),
    cityPage: cityPage!,
    agentTabs: types.map((type, i) => ({ type, page: agentPages[i]! })),
    complete,
  }
}

/**
 * Whether a homepage shows its listings section: when any of its own deals or its area's homes are there to
 * show, or when a source failed (the section then says the listings could not be loaded). A realtor with
 * neither gets no empty boxes; the editor tells them why (`home.listings.hidden`).
 */
export function listingsShown(listings: Pick<HomeListings, 'agentTabs' | 'cityPage' | 'complete'>): boolean {
  return !listings.complete || listings.cityPage.total > 0 || listings.agentTabs.some((tab) => tab.page.total > 0)
}
