// <head> extras of a realtor's pages: keywords, author, Open Graph, Twitter card, favicon, JSON-LD.
import { safeJson } from '../../lib/html'

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
}

export function TenantHead(p: TenantHeadProps) {
  return (
    <>
      {p.keywords ? <meta name="keywords" content={p.keywords} /> : null}
      {p.author ? <meta name="author" content={p.author} /> : null}
      <meta property="og:type" content="profile" />
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
