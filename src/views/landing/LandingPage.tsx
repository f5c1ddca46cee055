// The landing page "Built for Realtors" (docs/product.md §1, §2): fixed header, hero with the call to action,
// three feature cards, the carousel of example realtor sites, a closing call to action and the footer
// with the license and lender disclaimers; header and footer link to /process and sign-in.
import type { ExampleSite } from '../../client/islands/RealtorCarousel'
import type { PageContext } from '../context'
import { SiteFooter, SiteHeader } from '../Layout'
import { Features } from './Features'
import { Hero } from './Hero'
import { LeadCta } from './LeadCta'
import { Showcase } from './Showcase'

export function LandingPage({ ctx, sites }: { ctx: PageContext; sites: ExampleSite[] }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <SiteHeader ctx={ctx} compactOnScroll realtorLinks />
      <main id="main" className="landing" data-track-view="lead_realtor_view_home">
        <Hero ctx={ctx} preview={sites[0]} />
        <Features ctx={ctx} />
        {sites.length > 0 ? <Showcase ctx={ctx} sites={sites} /> : null}
        <section className="landing-closing" aria-labelledby="closing-title">
          <div className="landing-closing__inner">
            <h2 id="closing-title">{t('landing.closing.title')}</h2>
            <p>{t('landing.closing.text')}</p>
            <LeadCta ctx={ctx} id="closing-lead" variant="light" />
          </div>
        </section>
      </main>
      <SiteFooter ctx={ctx} realtorLinks>
        <div className="landing-disclaimers">
          <p>{t('landing.footer.license')}</p>
          <p>{t('landing.footer.lender')}</p>
        </div>
      </SiteFooter>
    </>
  )
}
