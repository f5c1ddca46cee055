// A listing card (src/client/components/HomeCard.tsx) is drawn once per frozen home, messages object and
// locale, and the kept card is the markup a fresh one gives (docs/decisions/058-render-at-scale.md).
import { renderToStaticMarkup } from 'react-dom/server.edge'
import { describe, expect, it } from 'vitest'
import { HomeCard, HomeGrid, homeCard } from '../../src/client/components/HomeCard'
import { AGENT_LISTINGS_MESSAGES } from '../../src/client/islands/AgentListings'
import { CITY_HOMES_MESSAGES } from '../../src/client/islands/CityHomes'
import { messagesOf } from '../../src/lib/island-messages'
import type { Home } from '../../src/lib/listings/markets'

const home = (id: number, dealType: Home['dealType'] = 'sale'): Home => ({
  id,
  dealType,
  propertyType: 'condo',
  propertyStatus: 'active',
  state: 'CA',
  county: 'Orange',
  city: 'Irvine',
  address: `${id} Harvard Ave`,
  zipcode: '92618',
  price: 1_234_567,
  beds: 3,
  baths: 2,
  sqft: 1850,
  imageUrl: `/photos/demo/home-${id}.jpg`,
  listedAt: '2026-03-02T00:00:00Z',
})

const ko = messagesOf('ko', CITY_HOMES_MESSAGES)
const en = messagesOf('en', CITY_HOMES_MESSAGES)
const markup = (element: React.ReactElement) => renderToStaticMarkup(element)

describe('homeCard', () => {
  it('keeps the card of a frozen home: the same element for the same messages and locale', () => {
    const frozen = Object.freeze(home(1))
    const first = homeCard(frozen, ko, 'ko')
    expect(homeCard(frozen, ko, 'ko')).toBe(first)
    expect(first.key).toBe('1')
    // The kept card is what a home not frozen (drawn every time) renders.
    expect(markup(first)).toBe(markup(homeCard(home(1), ko, 'ko')))
    expect(markup(first)).toContain('2026. 3. 2. (Mon)')
    expect(markup(first)).toContain('$1,234,567')
  })

  it('draws a frozen home again for another locale or messages object, and keeps each', () => {
    const frozen = Object.freeze(home(2, 'rent'))
    const korean = homeCard(frozen, ko, 'ko')
    const english = homeCard(frozen, en, 'en')
    const agentKorean = homeCard(frozen, messagesOf('ko', AGENT_LISTINGS_MESSAGES), 'ko')
    expect(english).not.toBe(korean)
    expect(agentKorean).not.toBe(korean)
    expect(markup(english)).toContain('Mon, Mar 2, 2026')
    expect(markup(english)).toContain(en['home.card.perMonth'])
    expect(markup(korean)).toContain(ko['home.card.perMonth'])
    expect(homeCard(frozen, en, 'en')).toBe(english)
    expect(homeCard(frozen, ko, 'ko')).toBe(korean)
  })

  it('draws a home that is not frozen on every call (a browser, or a render without the data cache)', () => {
    const open = home(3)
    const first = homeCard(open, ko, 'ko')
    expect(homeCard(open, ko, 'ko')).not.toBe(first)
    // A home changed in place shows its change.
    open.price = 2_000_000
    expect(markup(homeCard(open, ko, 'ko'))).toContain('$2,000,000')
  })

  it('renders the same markup as the <HomeCard> component, and a grid of them', () => {
    const homes = [Object.freeze(home(4)), home(5, 'sold')]
    expect(markup(<HomeCard home={homes[0]!} messages={ko} locale="ko" />)).toBe(markup(homeCard(homes[0]!, ko, 'ko')))
    const grid = markup(<HomeGrid homes={homes} messages={ko} locale="ko" empty="-" />)
    expect(grid).toBe(
      `<div class="home-grid">${markup(homeCard(homes[0]!, ko, 'ko'))}${markup(homeCard(homes[1]!, ko, 'ko'))}</div>`,
    )
    expect(markup(<HomeGrid homes={[]} messages={ko} locale="ko" empty="없음" />)).toBe(
      '<p class="home-grid__empty">없음</p>',
    )
  })
})
