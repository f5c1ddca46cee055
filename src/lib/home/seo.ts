// Search engine data of a realtor's homepage (seoMeta per locale with fallbacks, the JSON-LD RealEstateAgent,
// sitemap.xml and robots.txt) and of the provider's site (robots.txt, a sitemap split by id ranges and its
// index). URLs come from src/lib/urls.ts.
import { BUILDER_PATHS } from '../builder/paths'
import { isHttpUrl } from '../html'
import { LOCALES, type Locale } from '../locale'
import type { Realtor, SeoMetaEntry } from '../realtors/types'
import { aboutMeOf, etcInfoOf } from './profile'
import { testimonialsIn } from './testimonials'

/**
 * seoMeta of the locale, each empty field filled from the profile in the page's language: the title and author
 * are the name of that language (decision 103), never the other locale's, which would name the realtor in the
 * other script; the description is the locale's about me, then the other locale's description.
 */
export function seoOf(realtor: Realtor, locale: Locale, displayName: string): SeoMetaEntry {
  const own = realtor.seoMeta?.[locale]
  const other = realtor.seoMeta?.[locale === 'ko' ? 'en' : 'ko']
  const mine = (key: keyof SeoMetaEntry) => own?.[key]?.trim() || ''
  return {
    title: mine('title') || displayName,
    description:
      mine('description') || aboutMeOf(realtor, locale).slice(0, 160) || other?.description?.trim() || displayName,
    keywords: mine('keywords') || other?.keywords?.trim() || '',
    author: mine('author') || displayName,
  }
}

/** An absolute URL of a site path or http(s) URL against the page's origin; null when unsafe. */
export function absoluteUrl(url: string | undefined, origin: string): string | null {
  if (!url) return null
  if (url.startsWith('/') && !url.startsWith('//')) return `${origin}${url}`
  return isHttpUrl(url) ? url : null
}

export interface AgentJsonLdInput {
  realtor: Realtor
  name: string
  description: string
  url: string
  image: string | null
  logo: string | null
}

/** schema.org RealEstateAgent: only fields with values, links only http(s). */
export function realEstateAgentJsonLd({ realtor, name, description, url, image, logo }: AgentJsonLdInput) {
  const etc = etcInfoOf(realtor.etcInfo)
  const sameAs = [realtor.snsYoutubeUrl, realtor.snsInstagramUrl, realtor.kakaoLink, etc.zillow_link].filter(isHttpUrl)
  const areaServed = realtor.activityRegion.map((r) => ({
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressLocality: r.city,
      addressRegion: r.state,
      postalCode: r.zipcode || undefined,
      addressCountry: 'US',
    },
  }))
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name,
    description,
    url,
    image: image ?? undefined,
    logo: logo ?? undefined,
    telephone: realtor.contactPhone || undefined,
    email: realtor.email || undefined,
    address: etc.company_address ? { '@type': 'PostalAddress', streetAddress: etc.company_address } : undefined,
    areaServed: areaServed.length ? areaServed : undefined,
    sameAs: sameAs.length ? sameAs : undefined,
    identifier: realtor.licenseNumber || undefined,
  }
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ''))
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!)

/** One page in both locales: its ko and en absolute URLs. */
export interface SitemapEntry {
  ko: string
  en: string
  lastmod?: string
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) =>
    (['ko', 'en'] as const).map((locale) => {
      const links = (['ko', 'en'] as const)
        .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(entry[alt])}"/>`)
        .join('')
      const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
      return `<url><loc>${escapeXml(entry[locale])}</loc>${lastmod}${links}</url>`
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

/** The one brokerage whose site has the probiz page (docs/product.md §2). */
export const PROBIZ_TENANT = 'equityrealty'

/**
 * The pages of a tenant's site worth a search engine's time, by their path within the tenant: the home
 * (each entry stands for both locales), the brokerage page and the reviews page while it exists in both
 * languages (an entry names both as alternates; docs/decisions/111). The subpages every realtor shares
 * (process, terms), the samples and the builder's pages are not listed.
 */
export function sitemapPaths(realtor: Pick<Realtor, 'desiredUrl' | 'testimonials'>): string[] {
  const reviews = LOCALES.every((locale) => testimonialsIn(realtor.testimonials, locale).length > 0)
  return ['/', ...(realtor.desiredUrl === PROBIZ_TENANT ? ['/probiz'] : []), ...(reviews ? ['/reviews'] : [])]
}

/** A realtor's own domain's robots.txt: everything but the builder's pages, in either locale. */
export function robotsTxt(sitemapUrl: string): string {
  const rules = ['', '/en'].flatMap((locale) => BUILDER_PATHS.map((page) => `Disallow: ${locale}${page}`))
  return `User-agent: *\nAllow: /\n${rules.join('\n')}\n\nSitemap: ${sitemapUrl}\n`
}

/** An unpublished realtor's robots.txt: nothing to crawl and no sitemap until the homepage is published. */
export const UNPUBLISHED_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n'

/**
 * The provider host's robots.txt: everything but the builder's pages, at the provider's root (`/admin`) and
 * under a locale or a realtor (`/en/admin`, `/janekim/login`). Each page is matched whole (`$`), with a query
 * (`?`) or below it (`/`), so a realtor whose address merely starts with one (`/administrator`) stays open.
 */
export function providerRobotsTxt(sitemapUrl: string): string {
  const rules = ['', '/*'].flatMap((under) =>
    BUILDER_PATHS.flatMap((page) => ['$', '?', '/'].map((end) => `Disallow: ${under}${page}${end}`)),
  )
  return `User-agent: *\nAllow: /\n${rules.join('\n')}\n\nSitemap: ${sitemapUrl}\n`
}

/** URLs one sitemap file may hold (sitemaps.org), and files one sitemap index may list. */
export const SITEMAP_MAX_URLS = 50_000

/**
 * Realtor ids one file of the provider sitemap covers: 2,000 home URLs at most (and the landing page's two
 * in the first file), far under the protocol's 50,000. A file is built on request from its id range, so a
 * fixed range makes each request cost the same at any number of realtors (a 50,000-URL file is a 25,000-
 * realtor walk and ~21 MB of XML held at once; docs/decisions/061-sitemap-files.md).
 */
export const SITEMAP_FILE_REALTORS = 1_000

/** The realtors (ids `afterId` < id ≤ `throughId`) one file of the provider sitemap lists. */
export interface IdRange {
  afterId: number
  throughId: number
}

/**
 * How the provider sitemap is split: files of consecutive id ranges of `perFile` ids each (two URLs a
 * published home, however many of them are published). One range while every id fits: then
 * `/sitemap.xml` is that file, else an index of them all.
 */
export function sitemapRanges(lastId: number, perFile = SITEMAP_FILE_REALTORS): IdRange[] {
  const width = Math.max(1, Math.min(perFile, Math.floor(SITEMAP_MAX_URLS / 2) - 1))
  const files = Math.max(1, Math.ceil(lastId / width))
  return Array.from({ length: files }, (_, i) => ({ afterId: i * width, throughId: (i + 1) * width }))
}

export function sitemapIndexXml(sitemapUrls: string[]): string {
  const entries = sitemapUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
}
