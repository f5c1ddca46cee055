// The HTML document shell every page shares: <html lang>, title, description, canonical, hreflang
// alternates, the stylesheet and, when the page has islands, the client entry.
import type { ReactNode } from 'react'
import { assets } from '../generated/assets'
import type { BrowserMonitoringConfig } from '../lib/environment'
import { safeJson } from '../lib/html'
import type { Locale } from '../lib/locale'

export interface HeadProps {
  title: string
  description: string
  /** Absolute canonical URL of this page. */
  canonical: string
  /** Absolute URL of this page in each locale. */
  alternates: Record<Locale, string>
  /** Extra elements for <head>: Open Graph, JSON-LD, favicon. */
  extra?: ReactNode
  noindex?: boolean
}

interface DocumentProps {
  locale: Locale
  head: HeadProps
  monitoring?: BrowserMonitoringConfig | null
  /** Inline style of <body>, e.g. a tenant's brand colour as a CSS custom property. */
  bodyStyle?: Record<string, string>
  bodyClassName?: string
  /** A realtor's id and its proof: the page sends the view beacon for them once loaded (decisions 071, 077). */
  pageView?: PageView
  children: ReactNode
}

/** What a homepage's view beacon sends back: whose page it is and the worker's proof that it showed it. */
export interface PageView {
  realtorId: number
  proof: string
}

export function Document({ locale, head, monitoring, bodyStyle, bodyClassName, pageView, children }: DocumentProps) {
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.canonical} />
        <link rel="alternate" hrefLang="ko" href={head.alternates.ko} />
        <link rel="alternate" hrefLang="en" href={head.alternates.en} />
        <link rel="alternate" hrefLang="x-default" href={head.alternates.ko} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.main} async />
        {monitoring ? (
          <script
            type="application/json"
            id="monitoring-config"
            dangerouslySetInnerHTML={{ __html: safeJson(monitoring) }}
          />
        ) : null}
        {head.extra}
      </head>
      <body
        className={bodyClassName}
        style={bodyStyle}
        data-page-view={pageView?.realtorId}
        data-view-proof={pageView?.proof}
      >
        {children}
      </body>
    </html>
  )
}
