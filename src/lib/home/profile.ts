// What the tenant home page derives from a realtor (SPEC.md §3, §4): photos grouped by path, the
// market of the activity regions, about me in the page's language, years of experience.

import { isHttpUrl, parseHttpUrl } from '../html'
import type { Locale } from '../locale'
import type { ActivityRegion, EtcInfo, EtcInfoType, Photo, PhotoPath, Realtor } from '../realtors/types'

export type Market = 'crmls' | 'fmls' | ''

/** All regions in CA → crmls, all in GA → fmls, otherwise (mixed or none) empty. */
export function marketOf(regions: readonly Pick<ActivityRegion, 'state'>[]): Market {
  if (regions.length === 0) return ''
  if (regions.every((r) => r.state === 'CA')) return 'crmls'
  if (regions.every((r) => r.state === 'GA')) return 'fmls'
  return ''
}

/** A photo URL safe to put in src: a site path of our own (/photos/…) or an absolute http(s) URL. */
export function safePhotoUrl(url: string): string | null {
  if (/^\/(?!\/)[A-Za-z0-9/_.,%~-]*$/.test(url)) return url
  return isHttpUrl(url) ? url : null
}

export type PhotoGroups = Record<PhotoPath, Photo[]>

/** Photos grouped by path, unsafe URLs dropped; missing photos give empty lists. */
export function groupPhotos(photos: readonly Photo[] | undefined): PhotoGroups {
  const groups: PhotoGroups = { logo: [], logo2: [], id: [], id2: [], top: [], gallery: [], favicon: [], ogImage: [] }
  for (const photo of photos ?? []) {
    const url = safePhotoUrl(photo.url)
    if (url && photo.path in groups) groups[photo.path].push({ ...photo, url })
  }
  return groups
}

/** The best photo of a path for a use: prefers the given image type, falls back to the other. */
export function pickPhoto(photos: readonly Photo[], prefer: Photo['imageType'] = 'fullsize'): Photo | undefined {
  return photos.find((p) => p.imageType === prefer) ?? photos[0]
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

/** A YouTube video id from a watch, share or embed URL; null when the URL is not YouTube's. */
export function youtubeId(url: string): string | null {
  const u = parseHttpUrl(url)
  if (!u) return null
  const host = u.hostname.replace(/^www\./, '')
  let id: string | null = null
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    id = u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(u.pathname)?.[1] ?? null
  } else if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0] ?? null
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null
}

/** The realtor's display name in the page's language: the Korean name (etcInfo korea_name) on ko pages. */
export function displayNameOf(realtor: Pick<Realtor, 'name' | 'etcInfo' | 'desiredUrl'>, locale: Locale): string {
  const korean = etcInfoOf(realtor.etcInfo).korea_name
  return (locale === 'ko' && korean) || realtor.name || korean || realtor.desiredUrl
}
