// A realtor's homepage (docs/product.md §2): hero and track record first; then the movable sections (about me
// with the areas served, listings, testimonials, gallery, video, additional sections) in the realtor's order
// (`sectionOrder`, issue 33); the valuation request and contact last. A pure function of the realtor, the
// listings and the locale; each section is its own component under ./sections.
import { Fragment, type ReactElement } from 'react'
import type { HomeListings } from '../../lib/home/listings'
import { marketOf, statsOf } from '../../lib/home/profile'
import { sectionOrderOf } from '../../lib/home/section-order'
import type { HomeSectionId } from '../../lib/realtors/types'
import { About, Regions } from './sections/About'
import { Contact } from './sections/Contact'
import { Hero } from './sections/Hero'
import { Listings } from './sections/Listings'
import { AdditionalSections, Gallery, Video } from './sections/Media'
import { Stats } from './sections/Stats'
import { Testimonials } from './sections/Testimonials'
import { ValuationSection } from './sections/Valuation'
import { type TenantFrame, TenantLayout } from './TenantLayout'

export interface TenantHomeProps {
  frame: TenantFrame
  listings: HomeListings
  today: Date
}

export function TenantHome({ frame, listings, today }: TenantHomeProps) {
  const { ctx, realtor } = frame
  const movable: Record<HomeSectionId, () => ReactElement> = {
    // The areas served stay with about me.
    about: () => (
      <>
        <About frame={frame} />
        <Regions frame={frame} />
      </>
    ),
    listings: () => <Listings ctx={ctx} listings={listings} />,
    testimonials: () => <Testimonials frame={frame} />,
    gallery: () => <Gallery frame={frame} />,
    video: () => <Video frame={frame} />,
    additional: () => <AdditionalSections frame={frame} />,
  }
  return (
    <TenantLayout frame={frame}>
      <Hero frame={frame} market={marketOf(realtor.activityRegion)} />
      <Stats ctx={ctx} stats={statsOf(realtor, today)} />
      {sectionOrderOf(realtor.sectionOrder).map((id) => (
        <Fragment key={id}>{movable[id]()}</Fragment>
      ))}
      <ValuationSection frame={frame} />
      <Contact frame={frame} />
    </TenantLayout>
  )
}
