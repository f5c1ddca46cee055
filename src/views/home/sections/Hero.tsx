// The homepage's hero: the top photo behind the realtor's portrait, name, license, market and the two
// first actions (contact, call).
import { templateOf } from '../../../lib/home/design'
import { pickPhoto } from '../../../lib/home/photos'
import { homepagePhones, type Market, otherNameOf } from '../../../lib/home/profile'
import { photoAttrs } from '../../../lib/photos/srcset'
import { stateLabelKey } from '../../../lib/realtors/compliance'
import type { TenantFrame } from '../TenantLayout'
import { tOf } from './t'

/** The portrait's width (src/styles/home/hero.css, pages.css): 180 px on a phone, 280 px wider. */
const PORTRAIT_SIZES = '(max-width: 760px) 180px, 280px'

export function Hero({ frame, market }: { frame: TenantFrame; market: Market }) {
  const { ctx, realtor, name, photos, compliance } = frame
  const t = tOf(ctx)
  // The editorial and warm designs are photo-led: without a top photo, the first gallery photo (decision 112).
  const top =
    pickPhoto(photos.top) ?? (templateOf(realtor.designTemplate) === 'clean' ? null : pickPhoto(photos.gallery))
  const portrait = pickPhoto(photos.id) ?? pickPhoto(photos.id2)
  const otherName = otherNameOf(realtor, ctx.locale, name)
  const phone = homepagePhones(realtor).contact
  return (
    <section className="home-hero" aria-labelledby="home-name">
      {top ? (
        <img
          className="home-hero__backdrop"
          {...photoAttrs(top.url, '100vw')}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
        />
      ) : null}
      <div className="home-hero__inner">
        {portrait ? (
          <img
            className="home-hero__portrait"
            {...photoAttrs(portrait.url, PORTRAIT_SIZES)}
            alt={t('home.hero.portraitAlt', { name })}
            width={320}
            height={400}
          />
        ) : null}
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 id="home-name" className="home-hero__name">
            {name}
          </h1>
          {otherName ? (
            <p className="home-hero__alt-name" lang={ctx.locale === 'ko' ? 'en' : 'ko'}>
              {otherName}
            </p>
          ) : null}
          <p className="home-hero__meta">
            {compliance.license ? (
              <span>{t(stateLabelKey('home.license', compliance.state), { number: compliance.license })}</span>
            ) : null}
            {market ? <span className="home-hero__market">{t(`home.market.${market}`)}</span> : null}
          </p>
          <p className="home-hero__actions">
            <a className="button button--brand" href="#contact">
              {t('home.hero.cta')}
            </a>
            {phone.href ? (
              <a className="button button--ghost" href={phone.href}>
                {t('home.hero.call', { phone: phone.text })}
              </a>
            ) : null}
          </p>
        </div>
      </div>
    </section>
  )
}
