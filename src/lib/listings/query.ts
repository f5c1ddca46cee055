// The query contract of the listings API (SPEC.md §7, §9): defaults, allowed values, counties. Browser-safe.
import * as z from 'zod'

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

const word = z
  .string()
  .trim()
  .max(60, 'too_long')
  .regex(/^[\p{L}\p{N} .'_-]*$/u, 'invalid_type')

export const homeListQuerySchema = z.object({
  type: z.enum(SEARCH_TYPES, 'invalid_type').default(HOME_LIST_DEFAULTS.type),
  propertyType: z.enum(['single_family', 'condo', 'townhouse', 'all'], 'invalid_type').default('single_family'),
  propertyStatus: z.enum(['active', 'pending', 'closed', 'all'], 'invalid_type').default('active'),
  currentPage: z.coerce.number('number').int('integer').min(0, 'too_small').max(1000, 'too_big').default(0),
  homesPerGroup: z.coerce.number('number').int('integer').min(1, 'too_small').max(60, 'too_big').default(15),
  state: z.enum(['CA', 'GA'], 'state').default('CA'),
  city: word.default(HOME_LIST_DEFAULTS.city),
  county: word.optional(),
  isImageNull: z.enum(['Y', 'N'], 'yes_no').default('N'),
})
export type HomeListQuery = z.output<typeof homeListQuerySchema>

export const agentQuerySchema = z.object({
  licenseNumber: z.string().trim().min(1, 'required').max(40, 'too_long'),
  market: z.enum(['crmls', 'fmls'], 'invalid_type'),
  searchType: z.enum(SEARCH_TYPES, 'invalid_type'),
  currentPage: z.coerce.number('number').int('integer').min(0, 'too_small').max(1000, 'too_big').default(0),
  homesPerGroup: z.coerce.number('number').int('integer').min(1, 'too_small').max(60, 'too_big').default(15),
})
export type AgentQuery = z.output<typeof agentQuerySchema>

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
}

export interface HomePage {
  homes: Home[]
  total: number
  currentPage: number
  homesPerGroup: number
}
