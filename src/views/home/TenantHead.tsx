// <head> of a realtor's pages: title, description, canonical and alternates on the realtor's URLs,
// keywords, author, Open Graph, Twitter card, favicon, JSON-LD (home only), and the realtor's design.
import { deepFreeze } from '../../lib/data-cache'
import { derivedFrom } from '../../lib/derived'
import { designOf } from '../../lib/home/design'
import { faviconPhoto, pickPhoto, sharingPhoto } from '../../lib/home/photos'
import { absoluteUrl, realEstateAgentJsonLd, seoOf } from '../../lib/home/seo'
import { safeJson } from '../../lib/html'
import { OG_LOCALES } from '../../lib/locale'
import type { PageUrls } from '../../lib/urls'
import type { HeadProps } from '../Document'
import type { TenantFrame } from './TenantLayout'

export interface TenantHeadProps {
  title: string
  description: string
  keywords: string
  author: string
  url: string
  ogLocale: string
  ogLocaleAlternate: string
  image: string | null
  favicon: string | null
  siteName: string
  jsonLd: Record<string, unknown> | null
  /** Open Graph's type: the realtor's `profile` unless a page says otherwise (a home is a `website`). */
  ogType?: string
}

export function TenantHead(p: TenantHeadProps) {
  return (
    <>
      {p.keywords ? <meta name="keywords" content={p.keywords} /> : null}
      {p.author ? <meta name="author" content={p.author} /> : null}
      <meta property="og:type" content={p.ogType ?? 'profile'} />
      <meta property="og:site_name" content={p.siteName} />
      <meta property="og:title" content={p.title} />
      <meta property="og:description" content={p.description} />
      <meta property="og:url" content={p.url} />
      <meta property="og:locale" content={p.ogLocale} />
      <meta property="og:locale:alternate" content={p.ogLocaleAlternate} />
      {p.image ? <meta property="og:image" content={p.image} /> : null}
      <meta name="twitter:card" content={p.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={p.title} />
      <meta name="twitter:description" content={p.description} />
      {p.image ? <meta name="twitter:image" content={p.image} /> : null}
      {p.favicon ? <link rel="icon" href={p.favicon} /> : null}
      {p.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(p.jsonLd) }} /> : null}
    </>
  )
}

/**
 * Everything a realtor's page renders with beside its body: the head (a subpage's title before the
 * site's; the home page alone carries the JSON-LD) and the body's design.
 */
export function tenantDocument(
  frame: TenantFrame,
  urls: PageUrls,
  pageTitle?: string,
  page?: PageHead,
): TenantDocument {
  // A page of its own (a home, a search) is one of thousands per realtor: made on each render, never kept
  // with the profile, whose derived values would otherwise grow with every address visited.
  if (page) return documentOf(frame, urls, pageTitle, page)
  // A pure function of the profile, the locale, the page's URLs and title: once per cached profile.
  const key = `document:${frame.ctx.locale}\n${urls.ko}\n${urls.en}\n${pageTitle ?? ''}`
  return derivedFrom(frame.realtor, key, () => documentOf(frame, urls, pageTitle))
}

/** What a page of its own says in its head instead of the realtor's: description, image and JSON-LD. */
export interface PageHead {
  description: string
  /** An absolute image URL for link previews, or null for the realtor's. */
  image: string | null
  jsonLd: Record<string, unknown> | null
  ogType?: string
  noindex?: boolean
}

export interface TenantDocument {
  head: HeadProps
  bodyStyle: Record<string, string>
  bodyClassName: string
}

function documentOf(
  frame: TenantFrame,
  urls: PageUrls,
  pageTitle: string | undefined,
  page?: PageHead,
): TenantDocument {
  const { ctx, realtor, name, photos } = frame
  const seo = seoOf(realtor, ctx.locale, name)
  const url = urls[ctx.locale]
  // Photos are served on every host (/photos/*): absolute on the canonical origin.
  const origin = new URL(url).origin
  const image = page?.image ?? absoluteUrl(sharingPhoto(photos)?.url, origin)
  const title = pageTitle ? `${pageTitle} | ${seo.title}` : seo.title
  const description = page?.description ?? seo.description
  const design = designOf(realtor)
  const head: HeadProps = {
    title,
    canonical: url,
    alternates: urls,
    description,
    noindex: page?.noindex,
    extra: (
      <TenantHead
        ogType={page?.ogType}
        title={title}
        description={description}
        keywords={seo.keywords}
        author={seo.author}
        url={url}
        ogLocale={OG_LOCALES[ctx.locale]}
        ogLocaleAlternate={OG_LOCALES[ctx.locale === 'ko' ? 'en' : 'ko']}
        image={image}
        favicon={faviconPhoto(photos)?.url ?? null}
        siteName={name}
        jsonLd={
          page
            ? page.jsonLd
            : pageTitle === undefined
              ? frozenJsonLd({
                  realtor,
                  name,
                  description: seo.description,
                  url,
                  image,
                  logo: absoluteUrl(pickPhoto(photos.logo, 'thumbnail')?.url, origin),
                })
              : null
        }
      />
    ),
  }
  return { head, bodyStyle: design.style, bodyClassName: design.className }
}

/**
 * The JSON-LD of a home, frozen: a document is kept for many renders (tenantDocument), and the island
 * props' serialiser writes a frozen value's JSON once, by identity (src/lib/html.ts).
 */
function frozenJsonLd(input: Parameters<typeof realEstateAgentJsonLd>[0]): Record<string, unknown> {
  return deepFreeze(realEstateAgentJsonLd(input))
}
