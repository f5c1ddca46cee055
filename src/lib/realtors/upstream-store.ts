// The realtor store of upstream mode (REALTOR_API_ORIGIN): pages read realtors from the real API.
import { AppError } from '../errors'
import { type FetchLike, fetchUpstream, upstreamJson } from '../upstream'
import * as z from '../zod'
import { REALTOR_DEFAULTS } from './schema'
import { sectionWithLanguages } from './sections'
import type { RealtorStore } from './store'
import {
  BUYER_PROMPTS,
  ETC_INFO_TYPES,
  HOME_DESIGNS,
  HOME_SECTIONS,
  IMAGE_TYPES,
  PHOTO_PATHS,
  type Realtor,
  STATES,
} from './types'

/** Most of a realtor answer read: a profile is a few KB; more is an upstream gone wrong (502). */
export const MAX_REALTOR_BYTES = 256 * 1024

/** Missing lists of an upstream realtor default to empty (docs/product.md §4). */
export function normalizeRealtor(value: Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl'>): Realtor {
  const realtor = { userId: null, name: value.desiredUrl, ...REALTOR_DEFAULTS, ...value } as Realtor
  realtor.additionalSections = realtor.additionalSections.map(sectionWithLanguages)
  return realtor
}

const text = z.string().optional()
const yesNo = z.enum(['Y', 'N'])
const seoMetaEntry = z.object({ title: z.string(), description: z.string(), keywords: z.string(), author: z.string() })

/**
 * An upstream realtor as pages render it (src/lib/realtors/types.ts): each field absent (defaulted) or of
 * its type, so a list that is no list is a 502 here and not a render that breaks. Unknown fields are dropped.
 */
const upstreamRealtorSchema = z.object({
  id: z.number(),
  desiredUrl: z.string(),
  userId: z.number().nullable().optional(),
  name: text,
  contactPhone: text,
  email: text,
  kakaoLink: text,
  snsYoutubeUrl: text,
  snsInstagramUrl: text,
  aboutMeKr: text,
  aboutMeEn: text,
  licenseNumber: text,
  careerStart: text,
  careerEnd: text,
  designMainColor: text,
  hompageUrl: text,
  recommendedYoutubeUrl: text,
  ppProfileId: text,
  salesCount: z.number().optional(),
  designFontSize: z.number().optional(),
  lastYearSalesTotal: z.number().optional(),
  designMainDarkMode: yesNo.optional(),
  contentDarkMode: yesNo.optional(),
  isMakeHomepage: yesNo.optional(),
  madeForRealtor: yesNo.optional(),
  buyerPrompt: z.enum(BUYER_PROMPTS).optional(),
  buyerPromptViews: z.number().int().min(1).max(20).optional(),
  photos: z
    .array(
      z.object({
        path: z.enum(PHOTO_PATHS),
        imageType: z.enum(IMAGE_TYPES),
        url: z.string(),
        caption: text,
        captionEn: text,
      }),
    )
    .optional(),
  etcInfo: z.array(z.object({ contentType: z.enum(ETC_INFO_TYPES), content: z.string() })).optional(),
  activityRegion: z
    .array(z.object({ state: z.enum(STATES), city: z.string(), neighborhood: z.string(), zipcode: z.string() }))
    .optional(),
  additionalSections: z
    .array(z.object({ title: z.string(), content: z.string(), titleEn: text, contentEn: text }))
    .optional(),
  designTemplate: z.enum(HOME_DESIGNS).optional(),
  testimonials: z
    .array(
      z.object({
        quoteKr: z.string(),
        quoteEn: z.string(),
        clientName: z.string(),
        sourceUrl: z.string(),
        rating: z.number().int().min(0).max(5),
      }),
    )
    .optional(),
  sectionOrder: z.array(z.enum(HOME_SECTIONS)).optional(),
  seoMeta: z.object({ ko: seoMetaEntry, en: seoMetaEntry }).optional(),
})

export function upstreamStore(origin: string, timeoutMs: number, fetchImpl: FetchLike = fetch): RealtorStore {
  const get = async (path: string) => {
    const request = new Request(new URL(path, origin), { headers: { accept: 'application/json' } })
    return fetchUpstream(fetchImpl, request, timeoutMs, { maxBytes: MAX_REALTOR_BYTES })
  }
  return {
    async find(key) {
      const response = await get(`/v1/realtor/${encodeURIComponent(key)}`)
      if (response.status === 404) return null
      if (!response.ok) throw new AppError(502, `The upstream API answered ${response.status}`)
      const realtor = upstreamRealtorSchema.safeParse(await upstreamJson(response))
      if (!realtor.success) throw new AppError(502, 'The upstream API answered with no realtor')
      return normalizeRealtor(realtor.data as Partial<Realtor> & Pick<Realtor, 'id' | 'desiredUrl'>)
    },
    async list() {
      // The upstream contract (docs/product.md §7) has no list call; the landing carousel lists realtors in D1 mode.
      return []
    },
    async listPublished() {
      // Nor a published one: the provider sitemap lists only the landing page in upstream mode.
      return []
    },
    async lastId() {
      return 0
    },
  }
}
