// A home's page on a realtor's site (issue 30): the gallery, price and facts, remarks, status and days on
// market, a map link, the realtor's card with the request forms, share links and the IDX notice. A home
// that left the market gets a short page of similar homes (410) instead.

import { SaveHomeButton } from '../../client/components/HomeCard'
import { HOME_GALLERY_MESSAGES, ListingPhotos } from '../../client/components/ListingPhotos'
import { pickPhoto } from '../../lib/home/photos'
import { homepagePhones } from '../../lib/home/profile'
import { messagesOf } from '../../lib/island-messages'
import type { ListingDetail } from '../../lib/mls/home'
import type { MlsFeed } from '../../lib/mls/record'
import { shownPrice } from '../../lib/mls/rules'
import type { FoundHome } from '../../lib/mls/search'
import { formatPrice, formatThousands } from '../../lib/number-format'
import { photoAttrs } from '../../lib/photos/srcset'
import { sitePath } from '../../lib/urls'
import { HomeRequestSection } from '../home/sections/HomeRequest'
import { tOf } from '../home/sections/t'
import type { TenantFrame } from '../home/TenantLayout'
import { TenantLayout } from '../home/TenantLayout'
import { Island } from '../Island'
import { FoundHomes, IdxNotice } from './parts'

const DAY_MS = 24 * 3600 * 1000

/** Whole days a home has been on the market (to its close when closed), never negative. */
export function daysOnMarket(home: Pick<ListingDetail, 'listedAt' | 'closeDate'>, today: Date): number | null {
  const start = Date.parse(home.listedAt)
  const end = home.closeDate ? Date.parse(home.closeDate) : today.getTime()
  if (Number.isNaN(start) || Number.isNaN(end)) return null
  return Math.max(0, Math.floor((end - start) / DAY_MS))
}

/** The address line a page and its previews name a home by. */
export const addressLine = (home: Pick<FoundHome, 'address' | 'city' | 'state' | 'zipcode'>) =>
  `${home.address}, ${home.city}, ${home.state} ${home.zipcode}`.trim()

export interface HomeDetailPageProps {
  frame: TenantFrame
  home: ListingDetail
  lastUpdated: string | null
  /** The page's own absolute URL (share links). */
  url: string
  /** The search this home belongs to (its city's), for the way back. */
  searchHref: string
  today: Date
}

export function HomeDetailPage(p: HomeDetailPageProps) {
  const { frame, home } = p
  const { ctx, realtor, name, photos } = frame
  const t = tOf(ctx)
  const price = shownPrice(home)
  const rental = home.dealType === 'rent' || home.dealType === 'rented'
  const days = daysOnMarket(home, p.today)
  const address = addressLine(home)
  const saved = frame.savedHomes?.has(home.listingKey) ?? false
  const portrait = pickPhoto(photos.id, 'thumbnail')
  const phone = homepagePhones(realtor).contact
  const map =
    home.latitude !== null && home.longitude !== null
      ? `https://www.google.com/maps/search/?api=1&query=${home.latitude},${home.longitude}`
      : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
  const share = `${t('homes.share.text', { address })} ${p.url}`
  const facts: [string, string][] = [
    [t('homes.fact.beds'), String(home.beds)],
    [t('homes.fact.baths'), String(home.baths)],
    [t('homes.fact.sqft'), home.sqft ? formatThousands(home.sqft) : '—'],
    [t('homes.fact.lot'), home.lotSizeSqft ? formatThousands(home.lotSizeSqft) : '—'],
    [t('homes.fact.year'), home.yearBuilt ? String(home.yearBuilt) : '—'],
    [t('homes.fact.type'), t(`homes.type.${home.propertyType}`)],
  ]
  return (
    <TenantLayout frame={{ ...frame, buyerPrompt: 'count' }}>
      <article className="home-detail">
        <p className="home-detail__back">
          <a href={p.searchHref}>{t('homes.back', { city: home.city })}</a>
        </p>
        <Island
          name="HomeGallery"
          // The server renders the view alone; the island adds the viewer (decision 114).
          component={ListingPhotos}
          props={{ photos: home.photos, address, messages: messagesOf(ctx.locale, HOME_GALLERY_MESSAGES) }}
          hydrate="visible"
        />
        <div className="home-detail__grid">
          <div className="home-detail__main">
            <p className={`home-detail__status home-detail__status--${home.dealType}`}>
              {t(`homes.status.${home.propertyStatus === 'pending' ? 'pending' : home.dealType}`)}
              {days !== null ? <span>{t('homes.days', { days })}</span> : null}
            </p>
            <p className="home-detail__price">
              {price === null ? t('homes.priceWithheld') : formatPrice(price)}
              {rental && price !== null ? <span>{t('homes.perMonth')}</span> : null}
            </p>
            <h1 className="home-detail__address">{address}</h1>
            <SaveHomeButton
              href={sitePath(ctx, `/homes/${encodeURIComponent(home.listingKey)}`)}
              saved={saved}
              className="home-save"
              label={t(saved ? 'buyer.heart.unsave' : 'buyer.heart.save', { address: home.address })}
              text={t(saved ? 'buyer.home.saved' : 'buyer.home.save')}
            />
            <dl className="home-detail__facts">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {home.publicRemarks ? (
              <section className="home-detail__remarks" aria-labelledby="home-remarks">
                <h2 id="home-remarks">{t('homes.remarks')}</h2>
                <p>{home.publicRemarks}</p>
              </section>
            ) : null}
            <p className="home-detail__links">
              <a href={map} target="_blank" rel="noopener noreferrer">
                {t('homes.map')}
              </a>
            </p>
            <nav className="home-detail__share" aria-label={t('homes.share.label')}>
              <a href={`sms:?&body=${encodeURIComponent(share)}`}>{t('homes.share.sms')}</a>
              <a href={`mailto:?subject=${encodeURIComponent(address)}&body=${encodeURIComponent(share)}`}>
                {t('homes.share.email')}
              </a>
              <a
                href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(p.url)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Facebook
              </a>
            </nav>
            <p className="home-detail__courtesy">
              {home.listOfficeName ? t('home.card.courtesy', { office: home.listOfficeName }) : null}
            </p>
          </div>
          <aside className="home-detail__agent" aria-label={t('homes.agent.label')}>
            <div className="home-detail__card">
              {portrait ? (
                <img {...photoAttrs(portrait.url, '72px')} alt="" width={72} height={72} loading="lazy" />
              ) : null}
              <div>
                <p className="home-detail__name">{name}</p>
                {phone.href ? <a href={phone.href}>{phone.text}</a> : phone.text ? <span>{phone.text}</span> : null}
              </div>
            </div>
            <HomeRequestSection
              frame={frame}
              home={{ listingKey: home.listingKey, address: home.address, city: home.city, price }}
            />
          </aside>
        </div>
        <IdxNotice ctx={ctx} feeds={[{ feed: home.market, lastUpdated: p.lastUpdated }]} />
      </article>
    </TenantLayout>
  )
}

/** The page of a home that left the market: what it was, and homes like it in the same city. */
export function HomeGonePage(p: {
  frame: TenantFrame
  address: string
  city: string
  similar: FoundHome[]
  homesHref: string
  searchHref: string
  /** The gone listing's feed and its last-updated time: the similar homes are its listings. */
  feed: { feed: MlsFeed; lastUpdated: string | null }
}) {
  const t = tOf(p.frame.ctx)
  return (
    <TenantLayout frame={p.frame}>
      <div className="homes-search">
        <h1>{t('homes.gone.title')}</h1>
        <p className="homes-notice" role="status">
          {t('homes.gone.text', { address: p.address })}
        </p>
        <h2>{t('homes.gone.similar', { city: p.city })}</h2>
        <FoundHomes
          ctx={p.frame.ctx}
          homes={p.similar}
          homesHref={p.homesHref}
          empty={t('homes.empty')}
          saved={p.frame.savedHomes}
        />
        <p>
          <a href={p.searchHref}>{t('homes.back', { city: p.city })}</a>
        </p>
        <IdxNotice ctx={p.frame.ctx} feeds={[p.feed]} />
      </div>
    </TenantLayout>
  )
}
