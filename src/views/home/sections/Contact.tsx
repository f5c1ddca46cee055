// How to reach the realtor: phone, email, office, their outside links, and the contact form island.
import ContactForm, { CONTACT_FORM_MESSAGES } from '../../../client/islands/ContactForm'
import { type ContactLinkKind, contactLinksOf, etcInfoOf, homepagePhones } from '../../../lib/home/profile'
import { kakaoIdOf } from '../../../lib/kakao'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { requestFormProps } from './request-form'
import { tOf } from './t'

const LINK_LABELS: Record<ContactLinkKind, string> = {
  kakao: 'home.contact.kakao',
  youtube: 'home.contact.youtube',
  instagram: 'home.contact.instagram',
  zillow: 'home.contact.zillow',
  homes: 'home.contact.homeList',
}

export function Contact({ frame }: { frame: TenantFrame }) {
  const { ctx, realtor, name } = frame
  const t = tOf(ctx)
  const etc = etcInfoOf(realtor.etcInfo)
  // Shown as its country writes it, dialled as E.164 (docs/decisions/064-phone-numbers.md).
  const phone = homepagePhones(realtor).contact
  const links = contactLinksOf(realtor)
  // A KakaoTalk ID is no link: it is shown as text to look up in KakaoTalk (docs/decisions/104-pasted-links.md).
  const kakaoId = kakaoIdOf(realtor.kakaoLink)
  return (
    <section id="contact" className="home-section home-contact" aria-labelledby="contact-title">
      <div className="home-contact__info">
        <h2 id="contact-title">{t('home.contact.title')}</h2>
        <p>{t('home.contact.intro', { name })}</p>
        <ul className="home-contact__list">
          {phone.href ? (
            <li>
              <span>{t('home.contact.phone')}</span> <a href={phone.href}>{phone.text}</a>
            </li>
          ) : null}
          {realtor.email ? (
            <li>
              <span>{t('home.contact.email')}</span> <a href={`mailto:${realtor.email}`}>{realtor.email}</a>
            </li>
          ) : null}
          {kakaoId ? (
            <li>
              <span>{t('home.contact.kakaoIdLabel')}</span> {t('home.contact.kakaoId', { id: kakaoId })}
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
                  {t(LINK_LABELS[link.kind])}
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
          props={requestFormProps(ctx, realtor.id, 'contact', CONTACT_FORM_MESSAGES)}
          hydrate="visible"
        />
      </div>
    </section>
  )
}
