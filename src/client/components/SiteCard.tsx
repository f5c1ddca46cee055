// The face of an example realtor site: a browser bar with its address, its banner, its logo, name and
// region. Drawn by the landing hero (on the server) and by each carousel slide (an island).

import type { ReactNode } from 'react'
import { photoAttrs } from '../../lib/photos/srcset'
import type { ExampleSite } from '../islands/RealtorCarousel'

export function SiteCardFace({
  site,
  sizes,
  first = false,
  children,
}: {
  site: ExampleSite
  /** The image's `sizes`: how wide the card is drawn. */
  sizes: string
  /** The first thing a visitor sees: loaded at once and first; else lazily, and not draggable. */
  first?: boolean
  /** Appended to the name and region, e.g. a screen-reader note. */
  children?: ReactNode
}) {
  const loading = first
    ? ({ fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async', draggable: false } as const)
  return (
    <>
      <span className="site-card__bar" aria-hidden="true">
        <i />
        <i />
        <i />
        <span className="site-card__url">{site.host}</span>
      </span>
      <img
        className="site-card__image"
        src={site.image.src}
        srcSet={site.image.srcSet}
        sizes={sizes}
        width={site.image.width}
        height={site.image.height}
        alt=""
        {...loading}
      />
      <span className="site-card__meta">
        {site.logo ? (
          <img
            className="site-card__logo"
            {...photoAttrs(site.logo, '40px')}
            width="40"
            height="40"
            alt=""
            loading={first ? undefined : 'lazy'}
          />
        ) : null}
        <span>
          <strong>{site.name}</strong>
          <span>{site.region}</span>
        </span>
        {children}
      </span>
    </>
  )
}
