// A realtor's homepage (issue 5): hero, track record, about me, areas served, listings, gallery,
// video, additional sections and contact. A pure function of the realtor, the listings and the locale.
import AgentListings, { type AgentListingsProps } from '../../client/islands/AgentListings'
import CityHomes, { type CityHomesProps } from '../../client/islands/CityHomes'
import ContactForm, { type ContactFormProps } from '../../client/islands/ContactForm'
import { formatCompact, formatPhone, formatThousands, telHref } from '../../lib/format'
import { aboutMeOf, etcInfoOf, type Market, pickPhoto, yearsOfExperience, youtubeId } from '../../lib/home/profile'
import { isHttpUrl } from '../../lib/html'
import { Island } from '../Island'
import { type TenantFrame, TenantLayout } from './TenantLayout'

export interface TenantHomeProps {
  frame: TenantFrame
  market: Market
  today: Date
  agentListings: Omit<AgentListingsProps, 'idPrefix'> | null
  cityHomes: Omit<CityHomesProps, 'idPrefix'>
  contactForm: Omit<ContactFormProps, 'idPrefix'>
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </>
  )
}

export function TenantHome({ frame, market, today, agentListings, cityHomes, contactForm }: TenantHomeProps) {
  const { ctx, realtor, name, photos } = frame
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  const etc = etcInfoOf(realtor.etcInfo)
  const top = pickPhoto(photos.top)
  const portrait = pickPhoto(photos.id) ?? pickPhoto(photos.id2)
  const secondPortrait = photos.id.length ? pickPhoto(photos.id2) : undefined
  const about = aboutMeOf(realtor, ctx.locale)
  const years = yearsOfExperience(realtor.careerStart, realtor.careerEnd, today)
  const otherName = ctx.locale === 'ko' ? realtor.name : etc.korea_name
  const tel = telHref(realtor.contactPhone)
  const video = youtubeId(realtor.recommendedYoutubeUrl)
  const stats = [
    years > 0 ? { value: t('home.stats.yearsValue', { years }), label: t('home.stats.years') } : null,
    realtor.salesCount > 0 ? { value: formatThousands(realtor.salesCount), label: t('home.stats.sales') } : null,
    realtor.lastYearSalesTotal > 0
      ? { value: `$${formatCompact(realtor.lastYearSalesTotal)}`, label: t('home.stats.lastYear') }
      : null,
    realtor.activityRegion.length > 0
      ? { value: String(new Set(realtor.activityRegion.map((r) => r.city)).size), label: t('home.stats.cities') }
      : null,
  ].filter((s) => s !== null)
  const links = [
    { href: realtor.kakaoLink, label: t('home.contact.kakao'), kind: 'kakao' },
    { href: realtor.snsYoutubeUrl, label: t('home.contact.youtube'), kind: 'youtube' },
    { href: realtor.snsInstagramUrl, label: t('home.contact.instagram'), kind: 'instagram' },
    { href: etc.zillow_link ?? '', label: t('home.contact.zillow'), kind: 'zillow' },
    { href: etc.home_list_realtor ?? '', label: t('home.contact.homeList'), kind: 'homes' },
  ].filter((link) => isHttpUrl(link.href))

  return (
    <TenantLayout frame={frame}>
      <section className="home-hero" aria-labelledby="home-name">
        {top ? (
          <img className="home-hero__backdrop" src={top.url} alt="" width={1600} height={900} fetchPriority="high" />
        ) : null}
        <div className="home-hero__inner">
          {portrait ? (
            <img
              className="home-hero__portrait"
              src={portrait.url}
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
            {otherName && otherName !== name ? <p className="home-hero__alt-name">{otherName}</p> : null}
            <p className="home-hero__meta">
              {realtor.licenseNumber ? <span>{t('home.hero.license', { license: realtor.licenseNumber })}</span> : null}
              {market ? <span className="home-hero__market">{t(`home.market.${market}`)}</span> : null}
            </p>
            <p className="home-hero__actions">
              <a className="button button--brand" href="#contact">
                {t('home.hero.cta')}
              </a>
              {tel ? (
                <a className="button button--ghost" href={tel}>
                  {t('home.hero.call', { phone: formatPhone(realtor.contactPhone) })}
                </a>
              ) : null}
            </p>
          </div>
        </div>
      </section>

      {stats.length ? (
        <section className="home-stats" aria-label={t('home.stats.label')}>
          <dl className="home-stats__list">
            {stats.map((stat) => (
              <div key={stat.label} className="home-stats__item">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section id="about" className="home-section home-about" aria-labelledby="about-title">
        <div className="home-about__text">
          <h2 id="about-title">{t('home.about.title')}</h2>
          {about ? <Paragraphs text={about} /> : <p>{t('home.about.empty', { name })}</p>}
        </div>
        {secondPortrait ? (
          <img
            className="home-about__photo"
            src={secondPortrait.url}
            alt={t('home.hero.portraitAlt', { name })}
            width={360}
            height={450}
            loading="lazy"
          />
        ) : null}
      </section>

      {realtor.activityRegion.length ? (
        <section className="home-section home-regions" aria-labelledby="regions-title">
          <h2 id="regions-title">{t('home.regions.title')}</h2>
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
      ) : null}

      <section id="listings" className="home-section home-listings" aria-labelledby="listings-title">
        <h2 id="listings-title">{t('home.listings.title')}</h2>
        {agentListings ? (
          <>
            <h3>{t('home.listings.mine')}</h3>
            <Island
              name="AgentListings"
              component={AgentListings}
              props={{ idPrefix: 'agent', ...agentListings }}
              hydrate="visible"
            />
          </>
        ) : null}
        <h3>{t('home.listings.market')}</h3>
        <Island name="CityHomes" component={CityHomes} props={{ idPrefix: 'city', ...cityHomes }} hydrate="visible" />
      </section>

      {photos.gallery.length ? (
        <section className="home-section home-gallery" aria-labelledby="gallery-title">
          <h2 id="gallery-title">{t('home.gallery.title')}</h2>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be focusable for keyboard scrolling (WCAG) */}
          <div className="home-gallery__scroller" tabIndex={0}>
            <ul className="home-gallery__strip">
              {photos.gallery.map((photo, index) => (
                <li key={photo.url} className="home-gallery__item">
                  <img
                    src={photo.url}
                    alt={t('home.gallery.alt', { index: index + 1, name })}
                    width={480}
                    height={320}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {video ? (
        <section className="home-section home-video" aria-labelledby="video-title">
          <h2 id="video-title">{t('home.video.title')}</h2>
          <a
            className="home-video__poster"
            href={`https://www.youtube.com/watch?v=${video}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="home-video__play" aria-hidden="true" />
            <span>{t('home.video.watch')}</span>
          </a>
          <p className="home-video__note">{t('home.video.note')}</p>
        </section>
      ) : null}

      {(realtor.additionalSections ?? []).map((section, index) => (
        <section key={index} className="home-section home-extra" aria-label={section.title || undefined}>
          {section.title ? <h2>{section.title}</h2> : null}
          <Paragraphs text={section.content} />
        </section>
      ))}

      <section id="contact" className="home-section home-contact" aria-labelledby="contact-title">
        <div className="home-contact__info">
          <h2 id="contact-title">{t('home.contact.title')}</h2>
          <p>{t('home.contact.intro', { name })}</p>
          <ul className="home-contact__list">
            {tel ? (
              <li>
                <span>{t('home.contact.phone')}</span> <a href={tel}>{formatPhone(realtor.contactPhone)}</a>
              </li>
            ) : null}
            {realtor.email ? (
              <li>
                <span>{t('home.contact.email')}</span> <a href={`mailto:${realtor.email}`}>{realtor.email}</a>
              </li>
            ) : null}
            {etc.company_address ? (
              <li>
                <span>{t('home.contact.office')}</span> {etc.company_address}
              </li>
            ) : null}
          </ul>
          {links.length ? (
            <ul className="home-contact__links">
              {links.map((link) => (
                <li key={link.kind}>
                  <a className={`chip chip--${link.kind}`} href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="home-contact__form">
          <Island
            name="ContactForm"
            component={ContactForm}
            props={{ idPrefix: 'contact', ...contactForm }}
            hydrate="visible"
          />
        </div>
      </section>
    </TenantLayout>
  )
}
