// The lead panel's strings for one locale, gathered on the server and handed to the island as props.
import type { IntlShape } from '@formatjs/intl'
import type { LeadFormText } from '../../client/islands/lead/LeadForm'

export function leadFormText(intl: IntlShape<string>): LeadFormText {
  const t = (id: string) => intl.formatMessage({ id })
  return {
    title: t('landing.form.title'),
    intro: t('landing.form.intro'),
    close: t('landing.form.close'),
    name: t('landing.form.name'),
    namePlaceholder: t('landing.form.namePlaceholder'),
    area: t('landing.form.area'),
    areaPlaceholder: t('landing.form.areaPlaceholder'),
    phone: t('landing.form.phone'),
    phonePlaceholder: t('landing.form.phonePlaceholder'),
    phoneWarning: t('landing.form.phoneWarning'),
    hasSite: t('landing.form.hasSite'),
    hasSitePlaceholder: t('landing.form.hasSitePlaceholder'),
    hasSiteOptions: { yes: t('landing.form.hasSite.yes'), no: t('landing.form.hasSite.no') },
    consentPrivacy: t('landing.form.consentPrivacy'),
    consentContact: t('landing.form.consentContact'),
    privacyLink: t('landing.form.privacyLink'),
    consentRequired: t('landing.form.consentRequired'),
    submit: t('landing.form.submit'),
    submitting: t('landing.form.submitting'),
    success: t('realtorwwwInput.11'),
    failure: t('realtorwwwInput.12'),
  }
}
