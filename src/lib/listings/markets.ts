// The listings' values (docs/product.md §9): search types, the counties and cities the picker offers, the
// list defaults, and the shape of a home. No zod here: the listing islands import it in the browser.

export const SEARCH_TYPES = ['sale', 'rent', 'sold', 'rented'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

/** The §9 counties and their cities, in the order the city picker shows them. */
export const COUNTIES = [
  {
    state: 'CA',
    county: 'Orange',
    cities: ['Irvine', 'Newport Beach', 'Lake Forest', 'Rancho Mission Viejo', 'Tustin'],
  },
  {
    state: 'CA',
    county: 'Los Angeles',
    cities: ['Los Angeles', 'La Cañada Flintridge', 'La Crescenta-Montrose', 'Beverly Hills', 'Hancock Park'],
  },
  { state: 'GA', county: 'Fulton', cities: ['Johns Creek', 'Alpharetta'] },
  { state: 'GA', county: 'Gwinnett', cities: ['Suwanee'] },
] as const

/** The §9 county a city lies in (its `COUNTIES` entry, by the city's §9 spelling), or undefined for another city. */
export function countyOfCity(city: string): (typeof COUNTIES)[number] | undefined {
  return COUNTIES.find((entry) => (entry.cities as readonly string[]).includes(city))
}

export const HOME_LIST_DEFAULTS = {
  type: 'sale',
  propertyType: 'single_family',
  propertyStatus: 'active',
  currentPage: 0,
  homesPerGroup: 15,
  state: 'CA',
  city: 'Irvine',
  isImageNull: 'N',
} as const

export interface Home {
  id: number
  dealType: SearchType
  propertyType: string
  propertyStatus: string
  state: string
  county: string
  city: string
  address: string
  zipcode: string
  price: number
  beds: number
  baths: number
  sqft: number
  imageUrl: string | null
  listedAt: string
  /** The MLS listing's key (its home page's address on a realtor's site), when the home is an MLS listing. */
  listingKey?: string | null
  /** The feed it came from (crmls | fmls): whose IDX rules apply. */
  market?: string
  /** The listing office the IDX credit names ("Listing courtesy of …"). */
  listOfficeName?: string | null
}

export interface HomePage {
  homes: Home[]
  total: number
  currentPage: number
  homesPerGroup: number
}
