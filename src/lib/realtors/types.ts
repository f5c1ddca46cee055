// The realtor entity of docs/product.md §3, field for field (`hompageUrl` keeps the API's spelling).

export const STATES = ['CA', 'GA'] as const
export const IMAGE_TYPES = ['thumbnail', 'fullsize'] as const
export const PHOTO_PATHS = ['logo', 'logo2', 'id', 'id2', 'top', 'gallery', 'favicon', 'ogImage'] as const
export const ETC_INFO_TYPES = [
  'zillow_link',
  'korea_name',
  'home_list_realtor',
  'company_address',
  'company_phone',
  'company_fax',
  'company_license',
  /** The brokerage's (firm's) name, required to publish (docs/decisions/101-compliance-by-default.md). */
  'company_name',
  /** The realtor's name on English pages, beside the spec's `korea_name` (docs/decisions/103-names-per-language.md). */
  'english_name',
] as const

export type State = (typeof STATES)[number]
export type ImageType = (typeof IMAGE_TYPES)[number]
export type PhotoPath = (typeof PHOTO_PATHS)[number]
export type EtcInfoType = (typeof ETC_INFO_TYPES)[number]
export type YesNo = 'Y' | 'N'

export interface Photo {
  path: PhotoPath
  imageType: ImageType
  url: string
  /** A gallery photo's caption on the Korean and English pages (issue 33); absent or empty: none. */
  caption?: string
  captionEn?: string
}

export interface ActivityRegion {
  state: State
  city: string
  neighborhood: string
  zipcode: string
}

export interface EtcInfo {
  contentType: EtcInfoType
  content: string
}

/**
 * An extra section in both languages (issue 33, docs/decisions/111): `title`/`content` are the Korean page's
 * (the §3 contract's fields), `titleEn`/`contentEn` the English page's. Either may be empty; a page shows only
 * its own language's words. A section stored before issue 33 has no `titleEn`/`contentEn`: it is read by its
 * script (additionalSectionsOf, src/lib/home/sections.ts).
 */
export interface AdditionalSection {
  title: string
  content: string
  titleEn: string
  contentEn: string
}

/** The homepage designs a realtor picks (issue 33, docs/decisions/112). `clean` is the design before it. */
export const HOME_DESIGNS = ['clean', 'editorial', 'warm'] as const
export type HomeDesignName = (typeof HOME_DESIGNS)[number]

/**
 * What a client said (issue 33, docs/decisions/111): the quote in each language (either may be empty; a
 * page shows only its own), the client's name or initials, an optional source link (Zillow, Google,
 * Yelp…) and an optional 1–5 rating (0: none).
 */
export interface Testimonial {
  quoteKr: string
  quoteEn: string
  clientName: string
  sourceUrl: string
  rating: number
}

/** The homepage's movable sections, in the order the realtor chose (issue 33). */
export const HOME_SECTIONS = ['about', 'listings', 'testimonials', 'gallery', 'video', 'additional'] as const
export type HomeSectionId = (typeof HOME_SECTIONS)[number]

export interface SeoMetaEntry {
  title: string
  description: string
  keywords: string
  author: string
}

export const BUYER_PROMPTS = ['off', 'light', 'views'] as const
export type BuyerPrompt = (typeof BUYER_PROMPTS)[number]

export interface Realtor {
  id: number
  userId: number | null
  /**
   * Read-only: the owning account's display name. The spec keeps names on the user, not the realtor;
   * the Korean name is the etcInfo item `korea_name`, the English one ours `english_name` (docs/decisions/003-realtor-name.md,
   * 103-names-per-language.md).
   */
  name: string
  contactPhone: string
  email: string
  kakaoLink: string
  photos: Photo[]
  etcInfo: EtcInfo[]
  activityRegion: ActivityRegion[]
  snsYoutubeUrl: string
  snsInstagramUrl: string
  aboutMeKr: string
  aboutMeEn: string
  desiredUrl: string
  salesCount: number
  licenseNumber: string
  careerStart: string
  careerEnd: string
  designFontSize: number
  designMainColor: string
  designMainDarkMode: YesNo
  contentDarkMode: YesNo
  isMakeHomepage: YesNo
  hompageUrl: string
  lastYearSalesTotal: number
  recommendedYoutubeUrl: string
  additionalSections: AdditionalSection[]
  /** The homepage design (issue 33, docs/decisions/112). */
  designTemplate: HomeDesignName
  /** What clients said, in the realtor's order (issue 33). */
  testimonials: Testimonial[]
  /** The order of the homepage's movable sections; ids missing from it follow in HOME_SECTIONS order. */
  sectionOrder: HomeSectionId[]
  seoMeta: { ko: SeoMetaEntry; en: SeoMetaEntry }
  madeForRealtor: YesNo
  ppProfileId: string
  /**
   * How insistently the site asks visitors to create a buyer account (issue 32, docs/decisions/107): `off`,
   * only when they save something; `light`, the same plus a quiet invitation by the search results; `views`,
   * also a dismissable prompt once they opened `buyerPromptViews` home pages.
   */
  buyerPrompt: BuyerPrompt
  buyerPromptViews: number
  /** Read-only, present only on a deleted homepage: when it was deleted (docs/decisions/047-site-lifecycle.md). */
  deletedAt?: string
}
