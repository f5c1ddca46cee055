// Homes on the market in the realtor's areas: a picker of the cities they serve (issue 30: a Georgia
// realtor's visitors never browse Los Angeles) that asks /cozying-api/v1/home/list (with the §9 defaults)
// for the chosen city, the one picked before the island was live included. Each card opens its home page.
import { useEffect, useRef, useState } from 'react'
import type { Home, HomePage } from '../../lib/listings/markets'
import { HOME_CARD_MESSAGES, HomeGrid } from '../components/HomeCard'
import { api } from '../lib/api'
import { type Messages, t } from '../lib/messages'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads (src/lib/island-messages.ts): the cards' and its own. */
export const CITY_HOMES_MESSAGES = [
  ...HOME_CARD_MESSAGES,
  'home.listings.city',
  'home.listings.emptyCity',
  'home.listings.failed',
  'home.listings.loading',
  'home.listings.more',
] as const

export interface CityHomesProps {
  idPrefix: string
  locale: string
  /** The realtor's areas in their market, the first shown first; a picker only when there are several. */
  cities: { state: 'CA' | 'GA'; city: string }[]
  city: string
  homes: Home[]
  /** The site's home search (`{site}/homes`): cards link to `{homesHref}/{ListingKey}`. */
  homesHref: string
  messages: Messages
}

export default function CityHomes(props: CityHomesProps) {
  const { idPrefix, locale, messages } = props
  const hydrated = useHydrated()
  const [city, setCity] = useState(props.city)
  const [homes, setHomes] = useState(props.homes)
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle')
  const latest = useRef(0)
  const picker = useRef<HTMLSelectElement>(null)
  const stateOf = (name: string) => props.cities.find((entry) => entry.city === name)?.state

  async function choose(next: string) {
    const state = stateOf(next)
    if (!state) return
    setCity(next)
    setStatus('loading')
    const request = ++latest.current
    const query = new URLSearchParams({ state, city: next })
    // The island shows its own failure text, so that is the network failure's message too.
    const result = await api<HomePage>(`/cozying-api/v1/home/list?${query}`, {}, t(messages, 'home.listings.failed'))
    // Only the answer for the city chosen last counts: an earlier, slower one is dropped.
    if (request !== latest.current) return
    // A success whose body is not JSON counts as a failure too.
    if (result.ok && result.data) {
      setHomes(result.data.homes)
      setStatus('idle')
    } else {
      setHomes([])
      setStatus('failed')
    }
  }

  // The select works before the island is live, without loading anything: the city it shows now is
  // loaded. Read before the first re-render, which would set the select back to the prop.
  useEffect(() => {
    const picked = picker.current?.value
    if (picked && picked !== props.city) void choose(picked)
  }, [])

  return (
    <div className="city-homes" data-hydrated={hydrated ? '' : undefined} aria-busy={status === 'loading'}>
      {props.cities.length > 1 ? (
        <label className="city-homes__picker" htmlFor={`${idPrefix}-city`}>
          <span>{t(messages, 'home.listings.city')}</span>
          <select
            ref={picker}
            id={`${idPrefix}-city`}
            value={city}
            onChange={(event) => void choose(event.target.value)}
          >
            {props.cities.map((entry) => (
              <option key={entry.city} value={entry.city}>
                {entry.city}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="city-homes__status" role="status">
        {status === 'loading'
          ? t(messages, 'home.listings.loading')
          : status === 'failed'
            ? t(messages, 'home.listings.failed')
            : ''}
      </p>
      <HomeGrid
        homes={homes}
        messages={messages}
        locale={locale}
        empty={t(messages, 'home.listings.emptyCity')}
        homesHref={props.homesHref}
      />
      <p className="city-homes__more">
        <a href={`${props.homesHref}?${new URLSearchParams({ city })}`}>
          {t(messages, 'home.listings.more', { city })}
        </a>
      </p>
    </div>
  )
}
