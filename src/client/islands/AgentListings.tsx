// The realtor's own deals as tabs: for sale, for rent, sold, rented (docs/product.md §7 /cozying-api/v1/agent,
// one query per search type, all loaded by the server). Without JavaScript the first tab shows; a tab
// clicked while the island was still loading is selected once it is live (src/client/pending-click.ts).
import { useEffect, useRef, useState } from 'react'
import type { Home } from '../../lib/listings/markets'
import { HOME_CARD_MESSAGES, HomeGrid } from '../components/HomeCard'
import { type Messages, t } from '../lib/messages'
import { takePendingClick } from '../pending-click'
import { useHydrated } from '../use-hydrated'

/** The messages this island reads (src/lib/island-messages.ts): the cards' (tab names among them) and its own. */
export const AGENT_LISTINGS_MESSAGES = [...HOME_CARD_MESSAGES, 'home.listings.mine', 'home.listings.emptyTab'] as const

export interface AgentListingsProps {
  idPrefix: string
  locale: string
  /** One tab per search type, named by its message `home.listings.{type}`. */
  tabs: { type: string; homes: Home[]; total: number }[]
  /** The site's home search (`{site}/homes`): an MLS listing's card links to its page under it. */
  homesHref: string
  messages: Messages
}

export default function AgentListings({ idPrefix, locale, tabs, homesHref, messages }: AgentListingsProps) {
  const hydrated = useHydrated()
  const [active, setActive] = useState(0)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const held = /^tab-(\d+)$/.exec(takePendingClick(root.current) ?? '')
    if (held && Number(held[1]) < tabs.length) setActive(Number(held[1]))
  }, [tabs.length])
  const focusTab = (index: number) => {
    const next = (index + tabs.length) % tabs.length
    setActive(next)
    document.getElementById(`${idPrefix}-tab-${next}`)?.focus()
  }
  return (
    <div className="listing-tabs" ref={root} data-hydrated={hydrated ? '' : undefined}>
      <div className="listing-tabs__list" role="tablist" aria-label={t(messages, 'home.listings.mine')}>
        {tabs.map((tab, index) => (
          <button
            key={tab.type}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${index}`}
            aria-selected={index === active}
            aria-controls={`${idPrefix}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            className="listing-tabs__tab"
            data-replay={`tab-${index}`}
            onClick={() => setActive(index)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') focusTab(index + 1)
              if (event.key === 'ArrowLeft') focusTab(index - 1)
            }}
          >
            {t(messages, `home.listings.${tab.type}`)} <span className="listing-tabs__count">{tab.total}</span>
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.type}
          role="tabpanel"
          id={`${idPrefix}-panel-${index}`}
          aria-labelledby={`${idPrefix}-tab-${index}`}
          hidden={index !== active}
          className="listing-tabs__panel"
        >
          <HomeGrid
            homes={tab.homes}
            messages={messages}
            locale={locale}
            empty={t(messages, 'home.listings.emptyTab')}
            homesHref={homesHref}
          />
        </div>
      ))}
    </div>
  )
}
