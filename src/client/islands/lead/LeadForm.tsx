// The lead request form (docs/product.md §3, §5): name, area, phone (digits and hyphens only, with a warning),
// hasSite with a disabled placeholder, two required consents gating the submit button.
import { type FormEvent, useEffect, useState } from 'react'
import { filterPhone, HAS_SITE_VALUES, type HasSite, LEAD_LIMITS } from '../../../lib/leads/form'
import { track } from '../../analytics'
import { FormField } from '../../components/FormField'
import { sendLead } from './submit'

export interface LeadFormText {
  title: string
  intro: string
  close: string
  name: string
  namePlaceholder: string
  area: string
  areaPlaceholder: string
  phone: string
  phonePlaceholder: string
  phoneWarning: string
  hasSite: string
  hasSitePlaceholder: string
  hasSiteOptions: Record<HasSite, string>
  consentPrivacy: string
  consentContact: string
  privacyLink: string
  consentRequired: string
  submit: string
  submitting: string
  success: string
  failure: string
}

interface Fields {
  name: string
  area: string
  phone: string
  hasSite: HasSite | ''
  privacy: boolean
  contact: boolean
}

/** How long the phone warning stays after a refused character, so it can be read while typing on. */
const PHONE_WARNING_MS = 4000

/** The lead form's fields: the label holds its text, the control and the phone warning. */
const LOOK = { className: 'lead-form__field', layout: 'wrapped' } as const

const EMPTY: Fields = { name: '', area: '', phone: '', hasSite: '', privacy: false, contact: false }

export interface LeadFormProps {
  idPrefix: string
  locale: string
  privacyHref: string
  text: LeadFormText
  onSent: () => void
}

export function LeadForm({ idPrefix, locale, privacyHref, text, onSent }: LeadFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  // Time of the last refused character; the warning shows for a while after it.
  const [phoneRefusedAt, setPhoneRefusedAt] = useState(0)
  const phoneWarning = phoneRefusedAt > 0
  const [sending, setSending] = useState(false)
  const consented = fields.privacy && fields.contact
  const id = (name: string) => `${idPrefix}-${name}`
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [key]: value }))

  useEffect(() => {
    if (!phoneRefusedAt) return
    const timer = setTimeout(() => setPhoneRefusedAt(0), PHONE_WARNING_MS)
    return () => clearTimeout(timer)
  }, [phoneRefusedAt])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!consented) return window.alert(text.consentRequired)
    if (sending || !fields.hasSite) return
    track('lead_realtor_click_form_cta')
    setSending(true)
    try {
      await sendLead(
        {
          name: fields.name,
          area: fields.area,
          phone: fields.phone,
          hasSite: fields.hasSite,
          privacyConsent: fields.privacy ? 'Y' : 'N',
          contactConsent: fields.contact ? 'Y' : 'N',
        },
        locale,
      )
      window.alert(text.success)
      setFields(EMPTY)
      setPhoneRefusedAt(0)
      onSent()
    } catch (error) {
      console.error('[lead] the request was not sent', error)
      window.alert(text.failure)
    } finally {
      setSending(false)
    }
  }

  const textField = (name: 'name' | 'area', autoComplete: string) => (
    <FormField id={id(name)} label={text[name]} {...LOOK}>
      {(control) => (
        <input
          {...control}
          name={name}
          autoComplete={autoComplete}
          required
          maxLength={LEAD_LIMITS[name]}
          placeholder={text[`${name}Placeholder`]}
          value={fields[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </FormField>
  )

  return (
    <form className="lead-form" onSubmit={submit} aria-describedby={id('intro')}>
      <p id={id('intro')} className="lead-form__intro">
        {text.intro}
      </p>
      {textField('name', 'name')}
      {textField('area', 'address-level2')}
      <FormField
        id={id('phone')}
        label={text.phone}
        error={phoneWarning ? text.phoneWarning : undefined}
        errorClassName="lead-form__warning"
        errorSuffix="warning"
        errorRole="alert"
        {...LOOK}
      >
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={LEAD_LIMITS.phone}
            placeholder={text.phonePlaceholder}
            value={fields.phone}
            onChange={(event) => {
              const { value, rejected } = filterPhone(event.target.value)
              set('phone', value)
              if (rejected) setPhoneRefusedAt(Date.now())
            }}
          />
        )}
      </FormField>
      <FormField id={id('has-site')} label={text.hasSite} {...LOOK}>
        {(control) => (
          <select
            {...control}
            name="hasSite"
            required
            value={fields.hasSite}
            onChange={(event) => set('hasSite', event.target.value as HasSite)}
          >
            <option value="" disabled>
              {text.hasSitePlaceholder}
            </option>
            {HAS_SITE_VALUES.map((value) => (
              <option key={value} value={value}>
                {text.hasSiteOptions[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="lead-form__consents">
        <label className="lead-form__consent">
          <input
            type="checkbox"
            name="privacy"
            checked={fields.privacy}
            onChange={(event) => set('privacy', event.target.checked)}
          />
          <span>
            {text.consentPrivacy}{' '}
            <a href={privacyHref} target="_blank" rel="noopener">
              {text.privacyLink}
            </a>
          </span>
        </label>
        <label className="lead-form__consent">
          <input
            type="checkbox"
            name="contact"
            checked={fields.contact}
            onChange={(event) => set('contact', event.target.checked)}
          />
          <span>{text.consentContact}</span>
        </label>
      </fieldset>
      <button type="submit" className="button lead-form__submit" disabled={!consented || sending}>
        {sending ? text.submitting : text.submit}
      </button>
    </form>
  )
}
