// The landing carousel's slides from the demo realtors: a safe link to each realtor's site (their own
// domain, else their page here), their banner photo and logo, a localized name and region.
import type { ExampleSite } from '../../client/islands/RealtorCarousel'
import { groupPhotos } from '../../lib/home/photos'
import { displayNameOf } from '../../lib/home/profile'
import { parseHttpUrl } from '../../lib/html'
import type { Locale } from '../../lib/locale'
import type { Realtor } from '../../lib/realtors/types'

/** The box the banner photos are drawn in (the seeded banners' own size); other sizes are cropped to it. */
export const SITE_IMAGE = { width: 1200, height: 420 } as const

export interface SiteOptions {
  locale: Locale
  /** '' or '/en': the realtor's page here opens in the visitor's language. */
  localePrefix: string
  publicOrigin: string
}

export function exampleSiteOf(
  realtor: Realtor,
  { locale, localePrefix, publicOrigin }: SiteOptions,
): ExampleSite | null {
  const photos = groupPhotos(realtor.photos)
  const top = photos.top[0]?.url
  const og = photos.ogImage[0]?.url
  const banner = top ?? og ?? photos.gallery[0]?.url
  if (!banner) return null
  const ownSite = parseHttpUrl(realtor.hompageUrl)
  const page = new URL(`/${encodeURIComponent(realtor.desiredUrl)}`, publicOrigin)
  const region = realtor.activityRegion[0]
  return {
    href: ownSite ? ownSite.href : `${localePrefix}${page.pathname}`,
    host: ownSite ? ownSite.host : `${page.host}${page.pathname}`,
    name: displayNameOf(realtor, locale),
    region: region ? `${region.city}, ${region.state}` : '',
    // The og:image (600 px wide) serves small slides; the banner (1200 px) the rest.
    image: { src: banner, ...SITE_IMAGE, ...(top && og ? { srcSet: `${og} 600w, ${top} 1200w` } : {}) },
    logo: photos.logo[0]?.url,
  }
}

export function exampleSitesOf(realtors: Realtor[], options: SiteOptions): ExampleSite[] {
  return realtors.flatMap((realtor) => exampleSiteOf(realtor, options) ?? [])
}
