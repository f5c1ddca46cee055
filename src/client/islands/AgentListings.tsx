// The realtor's own deals as tabs: for sale, for rent, sold, rented (docs/product.md §7 /cozying-api/v1/agent,
// one query per search type, all loaded by the server). Without JavaScript the first tab shows.
import { useState } from 'react'
import type { Home } from '../../lib/listings/markets'
import { type HomeCardLabels, HomeGrid } from '../components/HomeCard'
import { useHydrated } from '../use-hydrated'

export interface AgentListingsProps {
  idPrefix: string
  locale: string
  tabs: { type: string; label: string; homes: Home[]; total: number }[]
  labels: HomeCardLabels
  empty: string
  tablistLabel: string
}

export default function AgentListings({ idPrefix, locale, tabs, labels, empty, tablistLabel }: AgentListingsProps) {
  const hydrated = useHydrated()
  const [active, setActive] = useState(0)
  const focusTab = (index: number) => {
    const next = (index + tabs.length) % tabs.length
    setActive(next)
    document.getElementById(`${idPrefix}-tab-${next}`)?.focus()
  }
  return (
    <div className="listing-tabs" data-hydrated={hydrated ? '' : undefined}>
      <div className="listing-tabs__list" role="tablist" aria-label={tablistLabel}>
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
            onClick={() => setActive(index)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') focusTab(index + 1)
              if (event.key === 'ArrowLeft') focusTab(index - 1)
            }}
          >
            {tab.label} <span className="listing-tabs__count">{tab.total}</span>
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
          <HomeGrid homes={tab.homes} labels={labels} locale={locale} empty={empty} />
        </div>
      ))}
    </div>
  )
}
