// <head> of the landing page: title, description, canonical and alternates on the provider's URLs, and the
// Open Graph and Twitter tags of a link preview, with the static share image (public/og-image.png).
import { OG_LOCALES } from '../../lib/locale'
import { pageUrls } from '../../lib/urls'
import type { PageContext } from '../context'
import type { HeadProps } from '../Document'

/** The share image among the static files, served before the worker on every host. */
export const LANDING_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const

export function landingHead(ctx: PageContext, publicOrigin: string): HeadProps {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  const urls = pageUrls(null, publicOrigin, '/')
  const url = urls[ctx.locale]
  const title = t('landing.meta.title')
  const description = t('landing.meta.description')
  const image = `${new URL(publicOrigin).origin}${LANDING_IMAGE.path}`
  const other = ctx.locale === 'ko' ? 'en' : 'ko'
  return {
    title,
    description,
    canonical: url,
    alternates: urls,
    extra: (
      <>
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={t('brand.name')} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta property="og:locale" content={OG_LOCALES[ctx.locale]} />
        <meta property="og:locale:alternate" content={OG_LOCALES[other]} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content={String(LANDING_IMAGE.width)} />
        <meta property="og:image:height" content={String(LANDING_IMAGE.height)} />
        <meta property="og:image:alt" content={t('landing.meta.imageAlt')} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={image} />
      </>
    ),
  }
}
