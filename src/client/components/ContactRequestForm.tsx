// The form every request to a realtor is (docs/product.md §3, docs/decisions/096-home-requests.md): the
// contact form's name, email, phone, message and consent, validated in the browser with the API's own
// schema (loaded on the first submit, with the phone rule and its library: none of it before), posted to
// /v1/realtor-contacts with its kind; messages inline and in the page's language. The contact form, the
// home page's question and tour request and the valuation request are this form with their own part.
import { type FormEvent, type ReactNode, useState } from 'react'
import { joinName, PHONE_COUNTRY_CODES, type PhoneCountryCode } from '../../lib/contacts/fields'
import type { ContactKind } from '../../lib/contacts/requests'
import type { Locale } from '../../lib/locale'
import { localizeIssues } from '../../lib/validation'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'
import { type ControlProps, FormField } from './FormField'

/** What every request island gets from its page. */
export interface RequestFormProps {
  idPrefix: string
  realtorId: number
  locale: Locale
  defaultCountryCode: PhoneCountryCode
  termsHref: string
  messages: Messages
}

/** A labelled control of the form, with its error, by the field's path in the body (`valuation.address`). */
export type FieldOf = (path: string, label: string, control: (props: ControlProps) => ReactNode) => ReactNode

/** What a kind of request adds to the form: its fields, its body, its words. */
export interface RequestPart {
  kind: ContactKind
  /** The kind's own fields, drawn before the visitor's name. */
  fields?: (field: FieldOf) => ReactNode
  /** The kind's part of the body (`listingKey`, `tour`, `valuation`). */
  body?: () => Record<string, unknown>
  /** Where a field error of the body shows: the kind's own mapping of a path to its control's. */
  pathOf?: (path: string) => string
  /** Message keys: the message's label, the button's, and what a sent request says. */
  messageLabel: string
  submitLabel: string
  sentText: string
  onSent?: () => void
}

const isOffered = (region: string): region is PhoneCountryCode =>
  (PHONE_COUNTRY_CODES as readonly string[]).includes(region)

type Fields = Record<'lastName' | 'firstName' | 'email' | 'phone' | 'message', string>
const EMPTY: Fields = { lastName: '', firstName: '', email: '', phone: '', message: '' }

/**
 * What a visitor typed into the server-rendered form before its code arrived, read from the page as
 * the form hydrates (on the server there is no page: the empty form). Without it hydration resets it.
 */
function typedSoFar<T>(id: string, read: (element: HTMLInputElement) => T, fallback: T): T {
  if (typeof document === 'undefined') return fallback
  const element = document.getElementById(id) as HTMLInputElement | null
  return element ? read(element) : fallback
}

export function ContactRequestForm({
  idPrefix,
  realtorId,
  locale,
  defaultCountryCode,
  termsHref,
  messages,
  part,
}: RequestFormProps & { part: RequestPart }) {
  const id = (name: string) => `${idPrefix}-${name}`
  const [fields, setFields] = useState<Fields>(() => {
    const value = (name: keyof Fields) => typedSoFar(id(name), (element) => element.value, '')
    return {
      lastName: value('lastName'),
      firstName: value('firstName'),
      email: value('email'),
      phone: value('phone'),
      message: value('message'),
    }
  })
  const [countryCode, setCountryCode] = useState<PhoneCountryCode>(() =>
    typedSoFar(
      id('phoneCountryCode'),
      (element) => (element.value || defaultCountryCode) as PhoneCountryCode,
      defaultCountryCode,
    ),
  )
  const [agreed, setAgreed] = useState(() => typedSoFar(id('isTerm'), (element) => element.checked, false))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  // Submitting needs the script: before hydration the button stays disabled, so a native submit
  // never puts a visitor's details into a URL.
  const hydrated = useHydrated()
  const where = part.pathOf ?? ((path: string) => path)

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const body = {
      realtorId,
      name: joinName(fields.lastName, fields.firstName, locale),
      ...fields,
      phoneCountryCode: countryCode,
      isTerm: agreed ? 'Y' : 'N',
      ...(part.kind === 'contact' ? {} : { kind: part.kind }),
      ...part.body?.(),
    }
    const found: Record<string, string> = {}
    // The schema (zod) loads on the first submit, not with the form; if it cannot load, the API's own
    // validation answers with the same field messages.
    const schema = await import('../../lib/contacts/schema').then(
      (module) => module.contactSchema,
      () => null,
    )
    const result = schema?.safeParse(body)
    if (result && !result.success)
      for (const f of localizeIssues(result.error.issues, locale)) found[where(f.path)] ??= f.message
    // A number read as another country the form offers (`(404) 555-7788` with KR selected is a US number)
    // switches the select to it, so the visitor sees how it is sent (docs/decisions/064-phone-numbers.md).
    const region = result?.success ? result.data.phoneCountryCode : countryCode
    if (region !== countryCode && isOffered(region)) {
      setCountryCode(region)
      body.phoneCountryCode = region
    }
    if (!agreed) found.isTerm = t(messages, 'home.form.termsRequired')
    setErrors(found)
    if (Object.keys(found).length > 0) {
      document.getElementById(id(Object.keys(found)[0]!))?.focus()
      return
    }
    setState('sending')
    // The form shows its own failure text, so that is the network failure's message too.
    const answer = await api(
      '/v1/realtor-contacts',
      { method: 'POST', json: body, language: locale },
      t(messages, 'home.form.failure'),
    )
    if (answer.ok && answer.status === 201) {
      setFields(EMPTY)
      setAgreed(false)
      part.onSent?.()
      setState('sent')
      return
    }
    // The API's field messages show at their fields; the form's own failure text says the rest.
    setErrors(answer.ok ? {} : Object.fromEntries(answer.fields.map((f) => [where(f.path), f.message])))
    setState('failed')
  }

  // A field in the contact form's own look; FormField ties its error to the control.
  const field: FieldOf = (name, label, control) => (
    <FormField
      id={id(name)}
      label={label}
      error={errors[name]}
      className={`contact-form__field contact-form__field--${name.replace(/\./g, '-')}`}
      errorClassName="contact-form__error"
    >
      {control}
    </FormField>
  )
  const text = (name: 'lastName' | 'firstName' | 'email', label: string, autoComplete: string) =>
    field(name, t(messages, label), (control) => (
      <input
        {...control}
        name={name}
        type={name === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={set(name)}
      />
    ))

  return (
    <form
      className={`contact-form contact-form--${part.kind}`}
      noValidate
      onSubmit={submit}
      data-hydrated={hydrated ? '' : undefined}
    >
      {/* What the request is about first (the home's value, the tour's days), then who sends it. */}
      {part.fields?.(field)}
      <div className="contact-form__row">
        {text('lastName', 'home.form.lastName', 'family-name')}
        {text('firstName', 'home.form.firstName', 'given-name')}
      </div>
      {text('email', 'home.form.email', 'email')}
      {field('phone', t(messages, 'home.form.phone'), (control) => (
        <div className="contact-form__phone">
          <select
            aria-label={t(messages, 'home.form.countryCode')}
            id={id('phoneCountryCode')}
            value={countryCode}
            onChange={(e) => setCountryCode(e.target.value as PhoneCountryCode)}
          >
            {PHONE_COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {t(messages, `home.form.country.${code}`)}
              </option>
            ))}
          </select>
          <input
            {...control}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={set('phone')}
          />
        </div>
      ))}
      {field('message', t(messages, part.messageLabel), (control) => (
        <textarea
          {...control}
          name="message"
          rows={part.kind === 'contact' ? 5 : 3}
          value={fields.message}
          onChange={set('message')}
        />
      ))}
      <FormField
        id={id('isTerm')}
        layout="checkbox"
        label={
          <>
            {t(messages, 'home.form.terms')}{' '}
            <a href={termsHref} target="_blank" rel="noopener">
              {t(messages, 'home.form.termsLink')}
            </a>
          </>
        }
        error={errors.isTerm}
        className="contact-form__terms"
        errorClassName="contact-form__error"
      >
        {(control) => (
          <input {...control} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        )}
      </FormField>
      <button className="contact-form__submit" type="submit" disabled={!hydrated || state === 'sending'}>
        {t(messages, state === 'sending' ? 'home.form.sending' : part.submitLabel)}
      </button>
      <p className={`contact-form__result contact-form__result--${state}`} role="status">
        {state === 'sent' ? t(messages, part.sentText) : state === 'failed' ? t(messages, 'home.form.failure') : ''}
      </p>
    </form>
  )
}
