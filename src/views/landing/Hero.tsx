// The landing hero: the promise, the call to action, three figures, and a preview of an example site.
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
              <span className="site-card__bar">
                <i />
                <i />
                <i />
                <span className="site-card__url">{preview.host}</span>
              </span>
              <img
                className="site-card__image"
                src={preview.image.src}
                srcSet={preview.image.srcSet}
                sizes="(min-width: 900px) 480px, 90vw"
                width={preview.image.width}
                height={preview.image.height}
                alt=""
                fetchPriority="high"
              />
              <span className="site-card__meta">
                {preview.logo ? (
                  <img className="site-card__logo" src={preview.logo} width="40" height="40" alt="" />
                ) : null}
                <span>
                  <strong>{preview.name}</strong>
                  <span>{preview.region}</span>
                </span>
              </span>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  )
}
