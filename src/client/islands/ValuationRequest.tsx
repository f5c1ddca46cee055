// "What's my home worth?" (docs/decisions/096-home-requests.md): an owner's address, bedrooms, bathrooms and
// when they might sell, sent as a valuation request to the realtor. On the homepage and the search page,
// placed by src/views/home/sections/Valuation.tsx.
import { useState } from 'react'
import { SELL_TIMELINES } from '../../lib/contacts/requests'
import { ContactRequestForm, type RequestFormProps, type RequestPart } from '../components/ContactRequestForm'
import { t } from '../lib/messages'

/** The messages this island reads: the contact form's and the requests'. */
export const VALUATION_REQUEST_MESSAGES = ['home.form.', 'home.request.'] as const

export type ValuationRequestProps = RequestFormProps

type Home = Record<'address' | 'beds' | 'baths' | 'timeline', string>
const NO_HOME: Home = { address: '', beds: '', baths: '', timeline: '' }

export default function ValuationRequest(props: ValuationRequestProps) {
  const { messages } = props
  const [home, setHome] = useState<Home>(NO_HOME)
  const set = (name: keyof Home) => (event: { target: { value: string } }) =>
    setHome((current) => ({ ...current, [name]: event.target.value }))
  // An empty number is no number: sent as missing, so it reads "required", not "0".
  const number = (value: string) => (value.trim() === '' ? undefined : value.trim())

  const part: RequestPart = {
    kind: 'valuation',
    body: () => ({
      valuation: {
        address: home.address,
        beds: number(home.beds),
        baths: number(home.baths),
        timeline: home.timeline || undefined,
      },
    }),
    fields: (field) => (
      <>
        {field('valuation.address', t(messages, 'home.request.address'), (control) => (
          <input {...control} autoComplete="street-address" value={home.address} onChange={set('address')} />
        ))}
        <div className="contact-form__row contact-form__row--pair">
          {(['beds', 'baths'] as const).map((name) =>
            field(`valuation.${name}`, t(messages, `home.request.${name}`), (control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                max={20}
                step={name === 'baths' ? 0.5 : 1}
                value={home[name]}
                onChange={set(name)}
              />
            )),
          )}
        </div>
        {field('valuation.timeline', t(messages, 'home.request.timeline'), (control) => (
          <select {...control} value={home.timeline} onChange={set('timeline')}>
            <option value="">{t(messages, 'home.request.choose')}</option>
            {SELL_TIMELINES.map((value) => (
              <option key={value} value={value}>
                {t(messages, `home.request.timeline.${value}`)}
              </option>
            ))}
          </select>
        ))}
      </>
    ),
    messageLabel: 'home.request.note',
    submitLabel: 'home.request.submitValuation',
    sentText: 'home.request.sentValuation',
    onSent: () => setHome(NO_HOME),
  }
  return <ContactRequestForm {...props} part={part} />
}
