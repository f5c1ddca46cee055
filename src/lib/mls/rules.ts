// What each MLS lets a realtor's site show of its listings (IDX rules, docs/product.md "IDX display
// rules"): its name in the disclaimer, its state, and whether sold prices may be shown. One entry per feed;
// the disclaimer's words are messages (`mls.{feed}.disclaimer`) so they read in the page's language.
import type { Market } from '../home/profile'
import { MLS_FEEDS, type MlsFeed } from './record'

export interface MlsRules {
  /** The MLS as its disclaimer names it. */
  name: string
  /** The state its listings lie in (CRMLS: California; FMLS: Georgia). */
  state: 'CA' | 'GA'
  /** Whether a closed listing's price may be shown; where not, a sold home shows "Sold" without its price. */
  soldPrices: boolean
  /** The zone of its market: the feed's last-updated time is shown in it. */
  timeZone: string
}

export const MLS_RULES: Record<MlsFeed, MlsRules> = {
  crmls: {
    name: 'California Regional Multiple Listing Service, Inc. (CRMLS)',
    state: 'CA',
    soldPrices: true,
    timeZone: 'America/Los_Angeles',
  },
  fmls: {
    name: 'First Multiple Listing Service, Inc. (FMLS)',
    state: 'GA',
    soldPrices: false,
    timeZone: 'America/New_York',
  },
}

/** The feeds a realtor's site searches: their market's, or both when their regions span both states. */
export function feedsOf(market: Market): readonly MlsFeed[] {
  return market === '' ? MLS_FEEDS : [market]
}

/** The feed of a state's listings. */
export function feedOfState(state: string): MlsFeed | undefined {
  return MLS_FEEDS.find((feed) => MLS_RULES[feed].state === state)
}

/** The price a listing may show on a site: none for a closed deal of an MLS that keeps sold prices private. */
export function shownPrice(listing: { market: string; deal_type?: string; dealType?: string; price: number }) {
  const deal = listing.deal_type ?? listing.dealType
  const closed = deal === 'sold' || deal === 'rented'
  const rules = MLS_RULES[listing.market as MlsFeed]
  return closed && rules && !rules.soldPrices ? null : listing.price
}
