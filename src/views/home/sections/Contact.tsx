// How to reach the realtor: phone, email, office, their outside links, and the contact form island.
import ContactForm from '../../../client/islands/ContactForm'
import { defaultCountryCode } from '../../../lib/contacts/fields'
import { formatPhone, telHref } from '../../../lib/format'
import { type ContactLinkKind, contactLinksOf, etcInfoOf } from '../../../lib/home/profile'
import { Island } from '../../Island'
import type { TenantFrame } from '../TenantLayout'
import { type T, tOf } from './t'

const LINK_LABELS: Record<ContactLinkKind, string> = {
  kakao: 'home.contact.kakao',
  youtube: 'home.contact.youtube',
  instagram: 'home.contact.instagram',
  zillow: 'home.contact.zillow',
  homes: 'home.contact.homeList',
}

function formLabels(t: T) {
  return {
    lastName: t('home.form.lastName'),
    firstName: t('home.form.firstName'),
    email: t('home.form.email'),
    phone: t('home.form.phone'),
    countryCode: t('home.form.countryCode'),
    countries: {
      KR: t('home.form.country.KR'),
      US: t('home.form.country.US'),
      CA: t('home.form.country.CA'),
      JP: t('home.form.country.JP'),
      CN: t('home.form.country.CN'),
    },
    message: t('home.form.message'),
    terms: t('home.form.terms'),
    termsLink: t('home.form.termsLink'),
    termsRequired: t('home.form.termsRequired'),
    submit: t('home.form.submit'),
    sending: t('home.form.sending'),
    success: t('home.form.success'),
    failure: t('home.form.failure'),
  }
}

export function Contact({ frame }: { frame: TenantFrame }) {
  const { ctx, realtor, name } = frame
  const t = tOf(ctx)
  const etc = etcInfoOf(realtor.etcInfo)
  const tel = telHref(realtor.contactPhone)
  const links = contactLinksOf(realtor)
  return (
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
          props={{
            idPrefix: 'contact',
            realtorId: realtor.id,
            locale: ctx.locale,
            defaultCountryCode: defaultCountryCode(ctx.locale),
            termsHref: `${ctx.localePrefix}/terms/privacy#${ctx.locale}`,
            labels: formLabels(t),
          }}
          hydrate="visible"
        />
      </div>
    </section>
  )
}
