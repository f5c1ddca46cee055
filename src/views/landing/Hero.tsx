// The landing hero: the promise, the call to action, three figures, and a preview of an example site.
import { SiteCardFace } from '../../client/components/SiteCard'
import type { ExampleSite } from '../../client/islands/RealtorCarousel'
import type { PageContext } from '../context'
import { LeadCta } from './LeadCta'

const STATS = ['stat1', 'stat2', 'stat3'] as const

export function Hero({ ctx, preview }: { ctx: PageContext; preview?: ExampleSite }) {
  const t = (id: string) => ctx.intl.formatMessage({ id })
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-hero__inner">
        <div className="landing-hero__copy">
          <p className="landing-hero__eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title" className="landing-hero__title">
            {t('landing.hero.title')}
          </h1>
          <p className="landing-hero__lead">{t('landing.hero.lead')}</p>
          <div className="landing-hero__actions">
            <LeadCta ctx={ctx} id="hero-lead" variant="primary" />
            <p className="landing-hero__note">{t('landing.hero.note')}</p>
          </div>
          <dl className="landing-hero__stats">
            {STATS.map((stat) => (
              <div key={stat}>
                <dt>{t(`landing.hero.${stat}.label`)}</dt>
                <dd>{t(`landing.hero.${stat}.value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
        {preview ? (
          <div className="landing-hero__preview" aria-hidden="true">
            <div className="site-card site-card--hero">
              <SiteCardFace site={preview} sizes="(min-width: 900px) 480px, 90vw" first />
            </div>
          </div>
        ) : null}
      </div>
    </section>
  )
}
