// A saved search as the alert matcher reads it (issue 32, docs/decisions/107-buyer-accounts.md): the one
// mapping from a search (src/lib/mls/search.ts) to saved_searches' columns (migrations/0034_buyers.sql).
// A listing matches a saved search when its market is the search's, its place is (city → lower(city), zip →
// zipcode, area → lower(subdivision); 'all' matches any), its deal_type and property_status are the
// search status's (STATUS_FILTER), its price is within [min_price, max_price] (NULL: no bound), its beds and
// baths are at least the search's (0: any), and its property_type is the search's when one is set — the
// same rules the search page applies to the same search.
import { type HomeSearch, STATUS_FILTER, searchQueryString } from '../mls/search'

export interface SavedSearchFilters {
  /** The search's canonical query string (its results page's address, `?city=…`; '' for the site's default). */
  query: string
  market: string
  placeKind: 'city' | 'zip' | 'area' | 'all'
  /** The place's name in lower case; '' for the whole market. */
  placeKey: string
  dealType: string
  propertyStatus: string
  propertyType: string | null
  minPrice: number | null
  maxPrice: number | null
  beds: number
  baths: number
}

/**
 * The columns of a search as saved: its query as the search page links it (page 1, `all` when it has no
 * place), and its filters. `twoFeeds`: the site has two MLSs, so the query names the state.
 */
export function savedSearchFilters(search: HomeSearch, { twoFeeds }: { twoFeeds: boolean }): SavedSearchFilters {
  const [dealType, propertyStatus] = STATUS_FILTER[search.status]
  return {
    query: searchQueryString({ ...search, page: 1 }, { twoFeeds, all: search.place === null }),
    market: search.feed,
    placeKind: search.place ? search.place.kind : 'all',
    placeKey: search.place ? search.place.name.toLowerCase() : '',
    dealType,
    propertyStatus,
    propertyType: search.type,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    beds: search.beds ?? 0,
    baths: search.baths ?? 0,
  }
}
