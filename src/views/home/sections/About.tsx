// About the realtor, in the page's language (or the other when it is empty), with the second portrait,
// and the areas they serve.
import { pickPhoto } from '../../../lib/home/photos'
import { aboutMeOf } from '../../../lib/home/profile'
import { photoAttrs } from '../../../lib/photos/srcset'
import type { TenantFrame } from '../TenantLayout'
import { Paragraphs } from './Paragraphs'
import { tOf } from './t'

export function About({ frame }: { frame: TenantFrame }) {
  const { ctx, realtor, name, photos } = frame
  const t = tOf(ctx)
  const about = aboutMeOf(realtor, ctx.locale)
  const secondPortrait = photos.id.length ? pickPhoto(photos.id2) : undefined
  return (
    <section id="about" className="home-section home-about" aria-labelledby="about-title">
      <div className="home-about__text">
        <h2 id="about-title">{t('home.about.title')}</h2>
        {about ? <Paragraphs text={about} /> : <p>{t('home.about.empty', { name })}</p>}
      </div>
      {secondPortrait ? (
        <img
          className="home-about__photo"
          {...photoAttrs(secondPortrait.url, '(max-width: 760px) 240px, 400px')}
          alt={t('home.hero.portraitAlt', { name })}
          width={360}
          height={450}
          loading="lazy"
        />
      ) : null}
    </section>
  )
}

export function Regions({ frame }: { frame: TenantFrame }) {
  const { ctx, realtor } = frame
  if (!realtor.activityRegion.length) return null
  return (
    <section className="home-section home-regions" aria-labelledby="regions-title">
      <h2 id="regions-title">{tOf(ctx)('home.regions.title')}</h2>
      <ul className="home-regions__list">
        {realtor.activityRegion.map((region, index) => (
          <li key={index} className="home-regions__item">
            <span className="home-regions__city">{`${region.city}, ${region.state}`}</span>
            {region.neighborhood ? <span className="home-regions__hood">{region.neighborhood}</span> : null}
            {region.zipcode ? <span className="home-regions__zip">{region.zipcode}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
