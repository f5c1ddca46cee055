// A home page's requests (docs/decisions/096-home-requests.md): "Ask about this home" and "Schedule a tour"
// (up to three preferred days with a part of the day, in person or by video), one form with a toggle, sent
// as a question or a tour about the home of `listingKey`. Placed by src/views/home/sections/HomeRequest.tsx.
import { useState } from 'react'
import {
  MAX_TOUR_SLOTS,
  TOUR_DAYS_AHEAD,
  TOUR_MODES,
  TOUR_WINDOWS,
  type TourMode,
  type TourWindow,
} from '../../lib/contacts/requests'
import { ContactRequestForm, type RequestFormProps, type RequestPart } from '../components/ContactRequestForm'
import { t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads: the contact form's and the requests'. */
export const HOME_REQUEST_MESSAGES = ['home.form.', 'home.request.'] as const

export interface HomeRequestProps extends RequestFormProps {
  /** The home's MLS ListingKey: the server attaches the home's address, price and page from it. */
  listingKey: string
}

type Slot = { date: string; window: TourWindow }
/** The body path of a row's field (`tour.slots.0.date`): where its errors show. */
const slotPath = (row: number, field: string) => ['tour', 'slots', row, field].join('.')
const NO_SLOTS: Slot[] = Array.from({ length: MAX_TOUR_SLOTS }, () => ({ date: '', window: 'morning' }))

/**
 * Where an error of the tour's body shows: its slot j is the form's row rows[j] (empty rows are not sent),
 * and an error of the tour as a whole (no day at all) shows at the first row's day.
 */
export function tourFieldPath(path: string, rows: readonly number[]): string {
  const match = /^tour\.slots\.(\d+)\.(date|window)$/.exec(path)
  if (match) return slotPath(rows[Number(match[1])] ?? 0, match[2]!)
  return path.startsWith('tour') ? slotPath(0, 'date') : path
}

/** A day of the browser's clock as YYYY-MM-DD, `ahead` days from today (the server checks the realtor's). */
function dayFromToday(ahead: number): string {
  const day = new Date()
  day.setDate(day.getDate() + ahead)
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
}

export default function HomeRequest({ listingKey, ...form }: HomeRequestProps) {
  const { messages, idPrefix } = form
  const [kind, setKind] = useState<'question' | 'tour'>('question')
  const [mode, setMode] = useState<TourMode>('in_person')
  const [slots, setSlots] = useState<Slot[]>(NO_SLOTS)
  const hydrated = useHydrated()
  const setSlot = (index: number, change: Partial<Slot>) =>
    setSlots((current) => current.map((slot, i) => (i === index ? { ...slot, ...change } : slot)))
  // The rows a visitor filled, in order: the body's slot j is the form's row rows[j].
  const rows = slots.flatMap((slot, index) => (slot.date ? [index] : []))

  const part: RequestPart =
    kind === 'question'
      ? {
          kind,
          body: () => ({ listingKey }),
          messageLabel: 'home.request.question',
          submitLabel: 'home.request.submitQuestion',
          sentText: 'home.form.success',
        }
      : {
          kind,
          body: () => ({ listingKey, tour: { mode, slots: rows.map((index) => slots[index]) } }),
          pathOf: (path) => tourFieldPath(path, rows),
          fields: (field) => (
            <>
              <fieldset className="home-request__modes">
                <legend>{t(messages, 'home.request.mode')}</legend>
                {TOUR_MODES.map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name={`${idPrefix}-mode`}
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                    />{' '}
                    {t(messages, `home.request.mode.${value}`)}
                  </label>
                ))}
              </fieldset>
              {slots.map((slot, index) => (
                <fieldset className="home-request__slot" key={`slot${index + 1}`}>
                  <legend>{t(messages, `home.request.slot${index + 1}`)}</legend>
                  {field(slotPath(index, 'date'), t(messages, 'home.request.day'), (control) => (
                    <input
                      {...control}
                      type="date"
                      value={slot.date}
                      min={hydrated ? dayFromToday(0) : undefined}
                      max={hydrated ? dayFromToday(TOUR_DAYS_AHEAD) : undefined}
                      onChange={(e) => setSlot(index, { date: e.target.value })}
                    />
                  ))}
                  {field(slotPath(index, 'window'), t(messages, 'home.request.window'), (control) => (
                    <select
                      {...control}
                      value={slot.window}
                      onChange={(e) => setSlot(index, { window: e.target.value as TourWindow })}
                    >
                      {TOUR_WINDOWS.map((value) => (
                        <option key={value} value={value}>
                          {t(messages, `home.request.window.${value}`)}
                        </option>
                      ))}
                    </select>
                  ))}
                </fieldset>
              ))}
            </>
          ),
          messageLabel: 'home.request.note',
          submitLabel: 'home.request.submitTour',
          sentText: 'home.request.sentTour',
          onSent: () => setSlots(NO_SLOTS),
        }

  return (
    <div className="home-request">
      <div className="home-request__toggle">
        {(['question', 'tour'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="home-request__tab"
            aria-pressed={kind === value}
            onClick={() => setKind(value)}
          >
            {t(messages, value === 'question' ? 'home.request.askTab' : 'home.request.tourTab')}
          </button>
        ))}
      </div>
      <ContactRequestForm {...form} part={part} />
    </div>
  )
}
