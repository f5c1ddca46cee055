// The landing carousel's slides from the published realtors: a link to each realtor's page here, their banner
// photo and logo, a localized name and region. A realtor's own domain is not linked: nothing yet tells the
// worker that it is live (docs/decisions/029-legal-pages.md).
import type { ExampleSite } from '../../client/islands/RealtorCarousel'
import { groupPhotos } from '../../lib/home/photos'
import { displayNameOf } from '../../lib/home/profile'
import type { Locale } from '../../lib/locale'
import { isPublished } from '../../lib/realtors/publish'
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
  if (!isPublished(realtor)) return null
  const photos = groupPhotos(realtor.photos)
  const top = photos.top[0]?.url
  const og = photos.ogImage[0]?.url
  const banner = top ?? og ?? photos.gallery[0]?.url
  if (!banner) return null
  const path = `${localePrefix}/${encodeURIComponent(realtor.desiredUrl)}`
  const region = realtor.activityRegion[0]
  return {
    href: path,
    // What the card shows as the address bar: where the link goes.
    host: `${new URL(publicOrigin).host}${path}`,
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
