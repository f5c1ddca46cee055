// A realtor's homepage (docs/product.md §2): hero, track record, about me, areas served, listings,
// gallery, video, additional sections, the valuation request and contact. A pure function of the realtor, the listings and
// the locale; each section is its own component under ./sections.
import type { HomeListings } from '../../lib/home/listings'
import { marketOf, statsOf } from '../../lib/home/profile'
import { About, Regions } from './sections/About'
import { Contact } from './sections/Contact'
import { Hero } from './sections/Hero'
import { Listings } from './sections/Listings'
import { AdditionalSections, Gallery, Video } from './sections/Media'
import { Stats } from './sections/Stats'
import { ValuationSection } from './sections/Valuation'
import { type TenantFrame, TenantLayout } from './TenantLayout'

export interface TenantHomeProps {
  frame: TenantFrame
  listings: HomeListings
  today: Date
}

export function TenantHome({ frame, listings, today }: TenantHomeProps) {
  const { ctx, realtor } = frame
  return (
    <TenantLayout frame={frame}>
      <Hero frame={frame} market={marketOf(realtor.activityRegion)} />
      <Stats ctx={ctx} stats={statsOf(realtor, today)} />
      <About frame={frame} />
      <Regions frame={frame} />
      <Listings ctx={ctx} listings={listings} />
      <Gallery frame={frame} />
      <Video frame={frame} />
      <AdditionalSections frame={frame} />
      <ValuationSection frame={frame} />
      <Contact frame={frame} />
    </TenantLayout>
  )
}
