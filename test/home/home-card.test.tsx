// A listing card (src/client/components/HomeCard.tsx): drawn on every call, never kept (kept cards cost the
// isolate ~40 MB at scale, docs/decisions/058-render-at-scale.md), the same markup as the component.
import { renderToStaticMarkup } from 'react-dom/server.edge'
import { describe, expect, it } from 'vitest'
import { HomeCard, HomeGrid, homeCard } from '../../src/client/components/HomeCard'
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
  it('draws a frozen home anew on every call, in its locale, keeping nothing', () => {
    const frozen = Object.freeze(home(1))
    const first = homeCard(frozen, ko, 'ko')
    expect(homeCard(frozen, ko, 'ko')).not.toBe(first)
    expect(first.key).toBe('1')
    expect(markup(first)).toBe(markup(homeCard(home(1), ko, 'ko')))
    expect(markup(first)).toContain('2026. 3. 2. (Mon)')
    expect(markup(first)).toContain('$1,234,567')
    const english = homeCard(Object.freeze(home(2, 'rent')), en, 'en')
    expect(markup(english)).toContain('Mon, Mar 2, 2026')
    expect(markup(english)).toContain(en['home.card.perMonth'])
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
