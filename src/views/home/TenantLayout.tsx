// The frame of a realtor's site: the realtor's own header (logo, name, section links, language
// switcher) and footer (logos, name, license, brokerage, the Equal Housing Opportunity mark, terms) instead of
// the provider's. What the rules need in it is on every page (decision 101).

import type { ReactNode } from 'react'
import BuyerPrompt, { BUYER_PROMPT_MESSAGES } from '../../client/islands/BuyerPrompt'
import LanguageSwitcher from '../../client/islands/LanguageSwitcher'
import { derivedFrom } from '../../lib/derived'
import { groupPhotos, type PhotoGroups, pickPhoto } from '../../lib/home/photos'
import { displayNameOf, etcInfoOf, homepagePhones, listingAgentIdOf } from '../../lib/home/profile'
import { messagesOf } from '../../lib/island-messages'
import { photoAttrs } from '../../lib/photos/srcset'
import { type Compliance, complianceOf, stateLabelKey } from '../../lib/realtors/compliance'
import type { Realtor } from '../../lib/realtors/types'
import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'
import { Island } from '../Island'
import { EqualHousingMark } from './EqualHousingMark'

export interface TenantFrame {
  ctx: PageContext
  realtor: Realtor
  name: string
  photos: PhotoGroups
  compliance: Compliance
  /** What only the owner sees above the page (the "not published yet" bar), after the skip link. */
  notice?: ReactNode
  /** The buyer signed in on this site (a page rendered for them alone), if any (decision 107). */
  buyer?: { id: number; email: string } | null
  /** The listing keys that buyer saved: their hearts are drawn filled. */
  savedHomes?: ReadonlySet<string>
  /**
   * The registration prompt (the realtor's "after N views", decision 107) on this page: `count`, a home's page,
   * which counts as a view; `hide`, none (the buyer's own pages). Otherwise shown once the count is reached.
   */
  buyerPrompt?: 'count' | 'hide'
}

/** What every page of a realtor's site is drawn from: the page context, the realtor, their name and photos. */
export function frameOf(ctx: PageContext, realtor: Realtor): TenantFrame {
  // Name, photo groups and the licenses depend on the profile and the locale alone: once per cached profile.
  const { name, photos, compliance } = derivedFrom(realtor, `frame:${ctx.locale}`, () => ({
    name: displayNameOf(realtor, ctx.locale),
    photos: groupPhotos(realtor.photos),
    compliance: complianceOf(realtor),
  }))
  return { ctx, realtor, name, photos, compliance }
}

export function TenantLayout({ frame, children }: { frame: TenantFrame; children: ReactNode }) {
  const { ctx, realtor, name, photos, compliance } = frame
  const t = (id: string, values?: Record<string, string | number>) => ctx.intl.formatMessage({ id }, values)
  const home = sitePath(ctx)
  const logo = pickPhoto(photos.logo, 'thumbnail')
  // The second logo (a brokerage's, say) sits beside the first in the footer, by the company lines.
  const logo2 = pickPhoto(photos.logo2, 'thumbnail')
  const etc = etcInfoOf(realtor.etcInfo)
  const phones = homepagePhones(realtor)
  const listingAgentId = listingAgentIdOf(realtor)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {frame.notice}
      <header className="tenant-header">
        <a className="tenant-header__brand" href={home}>
          {logo ? (
            <img {...photoAttrs(logo.url, '40px')} alt="" width={40} height={40} className="tenant-header__logo" />
          ) : null}
          <span className="tenant-header__name">{name}</span>
        </a>
        <nav className="tenant-header__nav" aria-label={t('home.nav.label')}>
          <a href={`${home}#about`}>{t('home.nav.about')}</a>
          <a href={sitePath(ctx, '/homes')}>{t('home.nav.listings')}</a>
          <a href={sitePath(ctx, '/account')} className="tenant-header__buyer">
            {/* On a phone the heart alone (the words stay its name), so the realtor's name keeps its room. */}
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2.1 0 3.6 1.1 4.4 2.5h2C13.8 6.1 15.3 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z"
                fill={frame.buyer ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span className="tenant-header__buyer-text">
              {t(frame.buyer ? 'buyer.nav.myHomes' : 'buyer.nav.signIn')}
            </span>
          </a>
          <a href={`${home}#contact`} className="tenant-header__cta">
            {t('home.nav.contact')}
          </a>
        </nav>
        <Island name="LanguageSwitcher" component={LanguageSwitcher} props={ctx.switcher} hydrate="interaction" />
      </header>
      <main id="main" className="tenant-main">
        {children}
      </main>
      <footer className="tenant-footer">
        <div className="tenant-footer__company">
          {logo2 ? (
            <p className="tenant-footer__logos">
              {logo ? <img {...photoAttrs(logo.url, '48px')} alt="" width={48} height={48} loading="lazy" /> : null}
              <img
                {...photoAttrs(logo2.url, '48px')}
                alt={t('home.footer.logo2Alt')}
                width={48}
                height={48}
                loading="lazy"
              />
            </p>
          ) : null}
          <p className="tenant-footer__name">{name}</p>
          {compliance.license ? (
            <p data-testid="footer-license">
              {t(stateLabelKey('home.license', compliance.state), { number: compliance.license })}
            </p>
          ) : null}
          {compliance.brokerage ? (
            <p className="tenant-footer__brokerage" data-testid="footer-brokerage">
              {compliance.brokerage}
            </p>
          ) : null}
          {compliance.brokerageLicense ? (
            <p>
              {t(stateLabelKey('home.footer.brokerageLicense', compliance.state), {
                number: compliance.brokerageLicense,
              })}
            </p>
          ) : null}
          {etc.company_address ? <p>{etc.company_address}</p> : null}
          {phones.company ? <p>{t('home.contact.companyPhone', { phone: phones.company.text })}</p> : null}
          {phones.fax ? <p>{t('home.contact.companyFax', { fax: phones.fax.text })}</p> : null}
          {listingAgentId ? <p>{t('home.footer.listingAgent', { id: listingAgentId })}</p> : null}
        </div>
        <nav className="tenant-footer__links" aria-label={t('home.footer.links')}>
          <a href={sitePath(ctx, '/process')}>{t('page.process.title')}</a>
          <a href={sitePath(ctx, '/terms')}>{t('footer.terms')}</a>
          <a href={`${sitePath(ctx, '/terms/privacy')}#${ctx.locale}`}>{t('footer.privacy')}</a>
        </nav>
        <p className="tenant-footer__eho" data-testid="footer-eho">
          <EqualHousingMark label={t('home.footer.eho')} />
          <span aria-hidden="true">{t('home.footer.eho')}</span>
        </p>
        <p className="tenant-footer__disclaimer">{t('home.footer.disclaimer')}</p>
        {realtor.madeForRealtor === 'Y' ? <p className="tenant-footer__credit">{t('home.footer.credit')}</p> : null}
      </footer>
      {realtor.buyerPrompt === 'views' && !frame.buyer && frame.buyerPrompt !== 'hide' ? (
        <Island
          name="BuyerPrompt"
          component={BuyerPrompt}
          props={{
            realtorId: realtor.id,
            views: realtor.buyerPromptViews,
            counts: frame.buyerPrompt === 'count',
            signupHref: sitePath(ctx, '/account/signup'),
            messages: messagesOf(ctx.locale, BUYER_PROMPT_MESSAGES),
          }}
          hydrate="idle"
        />
      ) : null}
    </>
  )
}
