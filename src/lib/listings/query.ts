// The query contract of the listings API (docs/product.md §7, §9): its zod schemas over the markets' values.
import * as z from '../zod'
import { HOME_LIST_DEFAULTS, SEARCH_TYPES } from './markets'

export * from './markets'

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
  // Empty for a realtor active in both states (docs/product.md §4): their homes in every market.
  market: z.enum(['crmls', 'fmls', ''], 'invalid_type').default(''),
  searchType: z.enum(SEARCH_TYPES, 'invalid_type'),
  currentPage: z.coerce.number('number').int('integer').min(0, 'too_small').max(1000, 'too_big').default(0),
  homesPerGroup: z.coerce.number('number').int('integer').min(1, 'too_small').max(60, 'too_big').default(15),
})
export type AgentQuery = z.output<typeof agentQuerySchema>
