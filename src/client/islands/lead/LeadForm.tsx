// The lead request form (docs/product.md §3, §5): name, area, phone (as people write numbers, with a warning
// for other characters; the server reads it, docs/decisions/064), hasSite with a disabled placeholder, two
// required consents gating the submit button.
import { type FormEvent, useEffect, useState } from 'react'
import { HAS_SITE_VALUES, type HasSite, LEAD_LIMITS } from '../../../lib/leads/form'
import { filterPhone } from '../../../lib/phone/input'
import { track } from '../../analytics'
import { FormField } from '../../components/FormField'
import { type Messages, t } from '../../lib/messages'
import { sendLead } from './submit'

/**
 * The messages the form reads (src/lib/island-messages.ts): every landing.form.* text (the panel's
 * title and close among them, src/client/islands/LeadRequest.tsx) and the sent and failed alerts.
 */
export const LEAD_FORM_MESSAGES = ['landing.form.', 'realtorwwwInput.11', 'realtorwwwInput.12'] as const

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
  messages: Messages
  onSent: () => void
}

export function LeadForm({ idPrefix, locale, privacyHref, messages, onSent }: LeadFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  // Time of the last refused character; the warning shows for a while after it.
  const [phoneRefusedAt, setPhoneRefusedAt] = useState(0)
  const phoneWarning = phoneRefusedAt > 0
  // The server's message when it could not read the number as a phone; cleared by the next keystroke.
  const [phoneError, setPhoneError] = useState('')
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
    if (!consented) return window.alert(t(messages, 'landing.form.consentRequired'))
    if (sending || !fields.hasSite) return
    track('lead_realtor_click_form_cta')
    setSending(true)
    try {
      const refused = await sendLead(
        {
          name: fields.name,
          area: fields.area,
          phone: fields.phone,
          hasSite: fields.hasSite,
          privacyConsent: fields.privacy ? 'Y' : 'N',
          contactConsent: fields.contact ? 'Y' : 'N',
        },
        locale,
        // The form alerts its own failure text, so that is the network failure's message too.
        t(messages, 'realtorwwwInput.12'),
      )
      if (refused) {
        setPhoneError(refused)
        document.getElementById(id('phone'))?.focus()
        return
      }
      window.alert(t(messages, 'realtorwwwInput.11'))
      setFields(EMPTY)
      setPhoneRefusedAt(0)
      onSent()
    } catch (error) {
      console.error('[lead] the request was not sent', error)
      window.alert(t(messages, 'realtorwwwInput.12'))
    } finally {
      setSending(false)
    }
  }

  const textField = (name: 'name' | 'area', label: string, placeholder: string, autoComplete: string) => (
    <FormField id={id(name)} label={t(messages, label)} {...LOOK}>
      {(control) => (
        <input
          {...control}
          name={name}
          autoComplete={autoComplete}
          required
          maxLength={LEAD_LIMITS[name]}
          placeholder={t(messages, placeholder)}
          value={fields[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </FormField>
  )

  return (
    <form className="lead-form" onSubmit={submit} aria-describedby={id('intro')}>
      <p id={id('intro')} className="lead-form__intro">
        {t(messages, 'landing.form.intro')}
      </p>
      {textField('name', 'landing.form.name', 'landing.form.namePlaceholder', 'name')}
      {textField('area', 'landing.form.area', 'landing.form.areaPlaceholder', 'address-level2')}
      <FormField
        id={id('phone')}
        label={t(messages, 'landing.form.phone')}
        error={phoneError || (phoneWarning ? t(messages, 'landing.form.phoneWarning') : undefined)}
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
            placeholder={t(messages, 'landing.form.phonePlaceholder')}
            value={fields.phone}
            onChange={(event) => {
              const { value, rejected } = filterPhone(event.target.value)
              set('phone', value)
              setPhoneError('')
              if (rejected) setPhoneRefusedAt(Date.now())
            }}
          />
        )}
      </FormField>
      <FormField id={id('has-site')} label={t(messages, 'landing.form.hasSite')} {...LOOK}>
        {(control) => (
          <select
            {...control}
            name="hasSite"
            required
            value={fields.hasSite}
            onChange={(event) => set('hasSite', event.target.value as HasSite)}
          >
            <option value="" disabled>
              {t(messages, 'landing.form.hasSitePlaceholder')}
            </option>
            {HAS_SITE_VALUES.map((value) => (
              <option key={value} value={value}>
                {t(messages, `landing.form.hasSite.${value}`)}
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
            {t(messages, 'landing.form.consentPrivacy')}{' '}
            <a href={privacyHref} target="_blank" rel="noopener">
              {t(messages, 'landing.form.privacyLink')}
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
          <span>{t(messages, 'landing.form.consentContact')}</span>
        </label>
      </fieldset>
      <button type="submit" className="button lead-form__submit" disabled={!consented || sending}>
        {t(messages, sending ? 'landing.form.submitting' : 'landing.form.submit')}
      </button>
    </form>
  )
}
