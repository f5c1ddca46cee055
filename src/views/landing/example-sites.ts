// The landing carousel's slides from the published realtors: a link to each realtor's homepage, their banner
// photo and logo, a localized name and region. The link is the realtor's own domain once it is active (only
// then is `hompageUrl` set, docs/decisions/053-custom-domains.md) and reachable, else their page here.
import type { ExampleSite } from '../../client/islands/RealtorCarousel'
import { groupPhotos } from '../../lib/home/photos'
import { displayNameOf } from '../../lib/home/profile'
import type { Locale } from '../../lib/locale'
import { isPublished } from '../../lib/realtors/publish'
import type { Realtor } from '../../lib/realtors/types'
import { pageUrls, siteRoot } from '../../lib/urls'

/** The box the banner photos are drawn in (the seeded banners' own size); other sizes are cropped to it. */
export const SITE_IMAGE = { width: 1200, height: 420 } as const

export interface SiteOptions {
  locale: Locale
  /** '' or '/en': the realtor's page here opens in the visitor's language. */
  localePrefix: string
  publicOrigin: string
  /** Realtors' own domains reach the worker (src/lib/domains/provider.ts ownDomainsReachable): link them. */
  ownDomains?: boolean
}

export function exampleSiteOf(
  realtor: Realtor,
  { locale, localePrefix, publicOrigin, ownDomains = false }: SiteOptions,
): ExampleSite | null {
  if (!isPublished(realtor)) return null
  const photos = groupPhotos(realtor.photos)
  const top = photos.top[0]?.url
  const og = photos.ogImage[0]?.url
  const banner = top ?? og ?? photos.gallery[0]?.url
  if (!banner) return null
  const path = `${localePrefix}/${encodeURIComponent(realtor.desiredUrl)}`
  const own =
    ownDomains && siteRoot(realtor, publicOrigin).base === '' ? pageUrls(realtor, publicOrigin, '/')[locale] : null
  const region = realtor.activityRegion[0]
  return {
    href: own ?? path,
    // What the card shows as the address bar: where the link goes.
    host: own ? own.replace(/^https?:\/\//, '') : `${new URL(publicOrigin).host}${path}`,
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
