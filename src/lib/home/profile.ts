// What a realtor's homepage shows of a realtor (docs/product.md §3, §4), one rule each, used by the live
// page, the landing carousel and the editor's preview: the market of the activity regions, the name and
// about me in the page's language, the track record, the contact links and KakaoTalk ID.
import { derivedFrom } from '../derived'
import { isHttpUrl } from '../html'
import { hasHangul, type Locale } from '../locale'
import { type PhoneDisplay, phoneDisplay } from '../phone'
import type { ActivityRegion, EtcInfo, EtcInfoType, Realtor } from '../realtors/types'

export type Market = 'crmls' | 'fmls' | ''

/** All regions in CA → crmls, all in GA → fmls, otherwise (mixed or none) empty. */
export function marketOf(regions: readonly Pick<ActivityRegion, 'state'>[]): Market {
  if (regions.length === 0) return ''
  if (regions.every((r) => r.state === 'CA')) return 'crmls'
  if (regions.every((r) => r.state === 'GA')) return 'fmls'
  return ''
}

/** About me in the page's language, falling back to the other language when empty. */
export function aboutMeOf(realtor: Pick<Realtor, 'aboutMeKr' | 'aboutMeEn'>, locale: Locale): string {
  const [first, second] =
    locale === 'ko' ? [realtor.aboutMeKr, realtor.aboutMeEn] : [realtor.aboutMeEn, realtor.aboutMeKr]
  return (first?.trim() || second?.trim()) ?? ''
}

/** Whole years from careerStart to careerEnd (or today); 0 when the start is missing or invalid. */
export function yearsOfExperience(careerStart: string, careerEnd: string, today: Date): number {
  const start = Date.parse(careerStart)
  if (Number.isNaN(start)) return 0
  const endParsed = careerEnd ? Date.parse(careerEnd) : Number.NaN
  const end = Number.isNaN(endParsed) ? today.getTime() : endParsed
  return Math.max(0, Math.floor((end - start) / (365.2425 * 24 * 3600 * 1000)))
}

/** The etcInfo items by type (first of each), missing etcInfo being empty. */
export function etcInfoOf(items: readonly EtcInfo[] | undefined): Partial<Record<EtcInfoType, string>> {
  const out: Partial<Record<EtcInfoType, string>> = {}
  for (const item of items ?? [])
    if (item.content.trim() && !out[item.contentType]) out[item.contentType] = item.content.trim()
  return out
}

/**
 * The realtor's own numbers as the homepage shows them (hero, contact, footer): read once per cached
 * profile (derivedFrom), since reading a number with libphonenumber costs 10–20 µs each render.
 */
export function homepagePhones(realtor: Pick<Realtor, 'contactPhone' | 'etcInfo'>): {
  contact: PhoneDisplay
  company: PhoneDisplay | null
  fax: PhoneDisplay | null
} {
  return derivedFrom(realtor, 'phones', () => {
    const etc = etcInfoOf(realtor.etcInfo)
    return {
      contact: phoneDisplay(realtor.contactPhone),
      company: etc.company_phone ? phoneDisplay(etc.company_phone) : null,
      fax: etc.company_fax ? phoneDisplay(etc.company_fax) : null,
    }
  })
}

/** The etcInfo items that hold the realtor's name in each language (docs/decisions/103-names-per-language.md). */
export const NAME_ETC_TYPES = { ko: 'korea_name', en: 'english_name' } as const satisfies Record<Locale, EtcInfoType>

/** Whether a name is written in the page's script: Hangul on ko pages, anything else on en pages. */
const inScriptOf = (name: string, locale: Locale) => hasHangul(name) === (locale === 'ko')

/**
 * The realtor's name in the page's language (decision 103): the name the realtor gave in that language (etcInfo
 * `korea_name`, `english_name`); else the account's name when written in the page's script; else the other
 * language's name, the account's name, the address. A page always has a name, in its own language when one exists.
 */
export function displayNameOf(realtor: Pick<Realtor, 'name' | 'etcInfo' | 'desiredUrl'>, locale: Locale): string {
  const etc = etcInfoOf(realtor.etcInfo)
  const own = etc[NAME_ETC_TYPES[locale]]
  const other = etc[NAME_ETC_TYPES[locale === 'ko' ? 'en' : 'ko']]
  const account = realtor.name?.trim() ?? ''
  return own || (account && inScriptOf(account, locale) ? account : '') || other || account || realtor.desiredUrl
}

/** The track record the page shows; a zero is not shown. */
export interface Stats {
  years: number
  sales: number
  lastYearTotal: number
  cities: number
}

export function statsOf(
  realtor: Pick<Realtor, 'careerStart' | 'careerEnd' | 'salesCount' | 'lastYearSalesTotal' | 'activityRegion'>,
  today: Date,
): Stats {
  return {
    years: yearsOfExperience(realtor.careerStart, realtor.careerEnd, today),
    sales: Math.max(0, Number(realtor.salesCount) || 0),
    lastYearTotal: Math.max(0, Number(realtor.lastYearSalesTotal) || 0),
    cities: citiesOf(realtor.activityRegion).length,
  }
}

/** The distinct cities of the activity regions, in order. */
export function citiesOf(regions: readonly Pick<ActivityRegion, 'city'>[]): string[] {
  return [...new Set(regions.map((region) => region.city.trim()).filter(Boolean))]
}

export type ContactLinkKind = 'kakao' | 'youtube' | 'instagram' | 'zillow' | 'homes'

/** The realtor's outside links, in page order; only http(s) links are shown (a KakaoTalk ID is text: kakaoIdOf). */
export function contactLinksOf(
  realtor: Pick<Realtor, 'kakaoLink' | 'snsYoutubeUrl' | 'snsInstagramUrl' | 'etcInfo'>,
): { kind: ContactLinkKind; href: string }[] {
  const etc = etcInfoOf(realtor.etcInfo)
  const links: { kind: ContactLinkKind; href: string | undefined }[] = [
    { kind: 'kakao', href: realtor.kakaoLink },
    { kind: 'youtube', href: realtor.snsYoutubeUrl },
    { kind: 'instagram', href: realtor.snsInstagramUrl },
    { kind: 'zillow', href: etc.zillow_link },
    { kind: 'homes', href: etc.home_list_realtor },
  ]
  return links.filter((link): link is { kind: ContactLinkKind; href: string } => isHttpUrl(link.href))
}

/**
 * etcInfo `home_list_realtor` when it is not a link (a link is one of contactLinksOf's): the ID the
 * realtor's listings are filed under, shown as text unless it only repeats the license number the page
 * already shows (docs/product.md §3.1).
 */
export function listingAgentIdOf(realtor: Pick<Realtor, 'etcInfo' | 'licenseNumber'>): string | null {
  const value = etcInfoOf(realtor.etcInfo).home_list_realtor
  if (!value || isHttpUrl(value)) return null
  const key = (text: string) => text.replace(/\s+/g, '').toLowerCase()
  return key(value) === key(realtor.licenseNumber) ? null : value
}

/** The realtor's name in the other language, when it differs: the English name on ko pages and back. */
export function otherNameOf(
  realtor: Pick<Realtor, 'name' | 'etcInfo' | 'desiredUrl'>,
  locale: Locale,
  shown: string,
): string | null {
  const other = displayNameOf(realtor, locale === 'ko' ? 'en' : 'ko')
  return other && other !== shown && other !== realtor.desiredUrl ? other : null
}
