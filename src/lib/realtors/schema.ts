// The realtor input schemas built from docs/product.md §5's validators, shared by the API and the browser
// forms: no server-only imports here. Issues carry message keys; `localizeIssues` turns them into the
// ko or en text (validation.ts holds the texts).

import { DEFAULT_MAIN_COLOR, FONT_SIZE_RANGE } from '../home/design'
import { HEX_COLOR_PATTERN } from '../html'
import { isKakaoHost, parseKakao } from '../kakao'
import { isRealtorPhone, parsePhone, phoneMessageKey } from '../phone'
import { PHONE_MAX_LENGTH } from '../phone/input'
import { hasDotSegment } from '../photos/keys'
import { DESIRED_URL_PATTERN, RESERVED_SEGMENTS } from '../tenant'
import type { ValidationKey } from '../validation'
import { canonicalYoutubeUrl, parseYoutube } from '../youtube'
import * as z from '../zod'
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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/
/** Optional http(s) scheme, dotted host, optional port and path. */
export const URL_PATTERN = /^(?:https?:\/\/)?(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+(?::\d{1,5})?(?:[/?#]\S*)?$/i
export const CAREER_DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/

const MAX_TEXT = 200
const MAX_LONG_TEXT = 5000
const MAX_URL = 2048

const text = (max = MAX_TEXT) => z.string().trim().max(max, 'too_long')

/**
 * A phone as people type it (`(404) 555-7788`, `+82 10 1234 5678`…), read for `region`, the country the
 * form selected (src/lib/phone.ts): its output is E.164. A refusal names the region's format and `+`;
 * without a region (a form with no country to choose) the number is read for the US first and the
 * refusal shows a US and a Korean example.
 */
export const phoneSchema = (region?: string) =>
  z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(PHONE_MAX_LENGTH, 'too_long')
    .transform((value, ctx) => {
      const phone = parsePhone(value, region ?? 'US')
      if (phone) return phone.e164
      ctx.addIssue({ code: 'custom', message: region ? phoneMessageKey(region) : 'phone', input: value })
      return z.NEVER
    })

/**
 * The realtor's contactPhone: a US (+1) number or a Korean mobile in any common format, kept as the realtor
 * wrote it: the API gives back what was saved, and every page shows and dials it through src/lib/phone.ts
 * (docs/decisions/064-phone-numbers.md).
 */
export const realtorPhoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, 'too_long')
  .refine(isRealtorPhone, 'phone_realtor')

export const desiredUrlSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'too_long')
  .regex(DESIRED_URL_PATTERN, 'desired_url')
  .refine((value) => !RESERVED_SEGMENTS.has(value.toLowerCase()), 'desired_url_reserved')

export const emailSchema = z.string().trim().max(254, 'too_long').regex(EMAIL_PATTERN, 'email')

/** An http(s) URL; a bare host gets `https://` so stored links are always absolute. */
export const urlSchema = z.string().trim().max(MAX_URL, 'too_long').regex(URL_PATTERN, 'url').transform(withScheme)

function withScheme(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`
}

/** A link as pasted: `read` gives the value to store, or `{ refusal }`, the message key that refuses it. */
const pastedLink = (read: (value: string) => string | { refusal: ValidationKey }) =>
  z
    .string()
    .trim()
    .max(MAX_URL, 'too_long')
    .transform((value, ctx) => {
      const stored = read(value)
      if (typeof stored === 'string') return stored
      ctx.addIssue({ code: 'custom', message: stored.refusal, input: value })
      return z.NEVER
    })

/**
 * The recommended video: any YouTube link to one video as pasted (youtu.be, watch, shorts, live, embed; with or
 * without a scheme), stored as `https://www.youtube.com/watch?v=ID`, with `&t=` when it starts later
 * (docs/decisions/104-pasted-links.md). A channel's link plays nothing: it has its own message.
 */
export const videoUrlSchema = pastedLink((value) => {
  const link = parseYoutube(value)
  if (link?.kind === 'video') return canonicalYoutubeUrl(link)
  return { refusal: link ? 'video_id' : 'video_url' }
})

/** The realtor's YouTube channel (snsYoutubeUrl): a channel's address or a video's link, stored the same way. */
export const youtubeChannelSchema = pastedLink((value) => {
  const link = parseYoutube(value)
  return link ? canonicalYoutubeUrl(link) : { refusal: 'youtube_url' }
})

/**
 * kakaoLink: a KakaoTalk ID (stored lowercase, without `@`), a Kakao open-chat, channel or QR link (stored
 * `https://host/path`), or, as before, another http(s) link; a value with neither a scheme nor a `/` is an ID
 * or nothing (docs/decisions/104-pasted-links.md).
 */
export const kakaoLinkSchema = pastedLink((value) => {
  const kakao = parseKakao(value)
  if (kakao) return kakao.kind === 'id' ? kakao.id : kakao.href
  if (/[/:]/.test(value) && !isKakaoHost(value) && URL_PATTERN.test(value)) return withScheme(value)
  return { refusal: 'kakao' }
})

export const careerDateSchema = z.string().trim().regex(CAREER_DATE_PATTERN, 'career_date')
export const yesNoSchema = z.enum(['Y', 'N'], 'yes_no')
export const hexColorSchema = z.string().trim().regex(HEX_COLOR_PATTERN, 'hex_color')

/** An empty string, or a value the schema accepts: optional text fields of a profile. */
const orEmpty = <T extends z.ZodType<string, string>>(schema: T) => z.union([z.literal(''), schema])

/**
 * A photo's URL: an uploaded file under /photos/ (absolute or root-relative) or any http(s) URL, without
 * `.` or `..` segments in any spelling (decision 080: the key it names must be the key it says). Whose
 * upload it may name is the service's check (src/lib/realtors/service.ts), which knows the realtor.
 */
const photoUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL, 'too_long')
  .refine((value) => /^\/photos\/[\w./-]+$/.test(value) || /^https?:\/\/\S+$/i.test(value), 'photo_url')
  .refine((value) => !hasDotSegment(value), 'photo_dot_segment')

export const photoSchema = z.strictObject({
  path: z.enum(PHOTO_PATHS, 'photo_path'),
  imageType: z.enum(IMAGE_TYPES, 'image_type'),
  url: photoUrlSchema,
  caption: text(200).optional(),
  captionEn: text(200).optional(),
})

export const activityRegionSchema = z.strictObject({
  state: z.enum(STATES, 'state'),
  city: text(80).min(1, 'required'),
  neighborhood: text(80).default(''),
  zipcode: z
    .string()
    .trim()
    .regex(/^(?:\d{5}(?:-\d{4})?)?$/, 'zipcode')
    .default(''),
})

export const etcInfoSchema = z.strictObject({
  contentType: z.enum(ETC_INFO_TYPES, 'etc_info_type'),
  content: text(1000),
})

export const additionalSectionSchema = z.strictObject({
  title: text(),
  content: text(MAX_LONG_TEXT),
  titleEn: text().default(''),
  contentEn: text(MAX_LONG_TEXT).default(''),
})

export const testimonialSchema = z
  .strictObject({
    quoteKr: text(1000).default(''),
    quoteEn: text(1000).default(''),
    clientName: text(80).min(1, 'required'),
    sourceUrl: orEmpty(urlSchema).default(''),
    rating: z.number('number').int('integer').min(0, 'too_small').max(5, 'too_big').default(0),
  })
  .refine((item) => item.quoteKr.length > 0 || item.quoteEn.length > 0, {
    message: 'testimonial_quote',
    path: ['quoteKr'],
  })

const seoMetaEntrySchema = z.strictObject({
  title: text().default(''),
  description: text(500).default(''),
  keywords: text(500).default(''),
  author: text().default(''),
})

const emptySeo = { title: '', description: '', keywords: '', author: '' }

/** Every writable field of a realtor (docs/product.md §3); id, userId and name are not input. */
const realtorFields = {
  contactPhone: orEmpty(realtorPhoneSchema),
  email: orEmpty(emailSchema),
  kakaoLink: orEmpty(kakaoLinkSchema),
  photos: z.array(photoSchema).max(100, 'too_many'),
  etcInfo: z.array(etcInfoSchema).max(30, 'too_many'),
  activityRegion: z.array(activityRegionSchema).max(50, 'too_many'),
  snsYoutubeUrl: orEmpty(youtubeChannelSchema),
  snsInstagramUrl: orEmpty(urlSchema),
  aboutMeKr: text(MAX_LONG_TEXT),
  aboutMeEn: text(MAX_LONG_TEXT),
  desiredUrl: desiredUrlSchema,
  salesCount: z.number('number').int('integer').min(0, 'too_small').max(1_000_000, 'too_big'),
  licenseNumber: text(40),
  careerStart: orEmpty(careerDateSchema),
  careerEnd: orEmpty(careerDateSchema),
  designFontSize: z.number('number').int('integer').min(10, 'too_small').max(32, 'too_big'),
  designMainColor: hexColorSchema,
  designMainDarkMode: yesNoSchema,
  contentDarkMode: yesNoSchema,
  isMakeHomepage: yesNoSchema,
  hompageUrl: orEmpty(urlSchema),
  lastYearSalesTotal: z.number('number').min(0, 'too_small').max(1e13, 'too_big'),
  recommendedYoutubeUrl: orEmpty(videoUrlSchema),
  additionalSections: z.array(additionalSectionSchema).max(20, 'too_many'),
  designTemplate: z.enum(HOME_DESIGNS, 'invalid_type'),
  testimonials: z.array(testimonialSchema).max(30, 'too_many'),
  sectionOrder: z
    .array(z.enum(HOME_SECTIONS, 'invalid_type'))
    .max(HOME_SECTIONS.length, 'too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_section'),
  seoMeta: z.strictObject({ ko: seoMetaEntrySchema.default(emptySeo), en: seoMetaEntrySchema.default(emptySeo) }),
  madeForRealtor: yesNoSchema,
  ppProfileId: text(100),
  buyerPrompt: z.enum(BUYER_PROMPTS, 'invalid_type'),
  buyerPromptViews: z.number('number').int('integer').min(1, 'too_small').max(20, 'too_big'),
}

export type RealtorInput = Omit<Realtor, 'id' | 'userId' | 'name' | 'deletedAt'>
export type RealtorPatch = Partial<RealtorInput>

/** What a new profile holds where its input says nothing. */
export const REALTOR_DEFAULTS: Omit<RealtorInput, 'desiredUrl'> = {
  contactPhone: '',
  email: '',
  kakaoLink: '',
  photos: [],
  etcInfo: [],
  activityRegion: [],
  snsYoutubeUrl: '',
  snsInstagramUrl: '',
  aboutMeKr: '',
  aboutMeEn: '',
  salesCount: 0,
  licenseNumber: '',
  careerStart: '',
  careerEnd: '',
  designFontSize: FONT_SIZE_RANGE.fallback,
  designMainColor: DEFAULT_MAIN_COLOR,
  designMainDarkMode: 'N',
  contentDarkMode: 'N',
  isMakeHomepage: 'N',
  hompageUrl: '',
  lastYearSalesTotal: 0,
  recommendedYoutubeUrl: '',
  additionalSections: [],
  designTemplate: 'clean',
  testimonials: [],
  sectionOrder: [...HOME_SECTIONS],
  seoMeta: { ko: emptySeo, en: emptySeo },
  madeForRealtor: 'N',
  ppProfileId: '',
  buyerPrompt: 'light',
  buyerPromptViews: 3,
}

const checkCareer = (value: { careerStart?: string; careerEnd?: string }) =>
  !value.careerStart || !value.careerEnd || value.careerStart <= value.careerEnd
const careerOrder = { message: 'career_order', path: ['careerEnd'] }

const optionalFields = z.strictObject(realtorFields).partial()

/** PATCH /v1/realtor/{id}: any subset of the fields; lists (photos included) replace the stored ones. */
export const realtorPatchSchema: z.ZodType<RealtorPatch, unknown> = optionalFields.refine(checkCareer, careerOrder)

/** POST /v1/realtor: desiredUrl is required, everything else has a default. */
export const realtorCreateSchema: z.ZodType<RealtorInput, unknown> = optionalFields
  .required({ desiredUrl: true })
  .refine(checkCareer, careerOrder)
  .transform((input) => ({ ...REALTOR_DEFAULTS, ...input }))

/**
 * An exported profile being imported: the export's read-only fields (id, userId, name) are accepted
 * so export → import round-trips, and ignored.
 */
export const realtorImportSchema: z.ZodType<RealtorInput, unknown> = optionalFields
  .extend({
    id: z.number().optional(),
    userId: z.number().nullable().optional(),
    name: z.string().max(MAX_TEXT, 'too_long').optional(),
  })
  .required({ desiredUrl: true })
  .refine(checkCareer, careerOrder)
  .transform(({ id: _id, userId: _userId, name: _name, ...input }) => ({ ...REALTOR_DEFAULTS, ...input }))
