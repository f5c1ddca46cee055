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

export interface AdditionalSection {
  title: string
  content: string
}

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
