// A realtor's home search (issue 30): a filter form that works without JavaScript (GET, every state a
// shareable URL), the count, a page of cards linking to each home's page, paging, and the IDX notice.
import { MLS_RULES } from '../../lib/mls/rules'
import {
  HOME_SORTS,
  HOME_STATUSES,
  HOME_TYPES,
  type HomeSearch,
  SEARCH_PAGE_SIZE,
  type SearchProblems,
  type SearchResults,
  searchQueryString,
} from '../../lib/mls/search'
import { formatPrice, formatThousands } from '../../lib/number-format'
import { sitePath } from '../../lib/urls'
import { SaveSearchForm } from '../buyers/SaveSearchForm'
import { tOf } from '../home/sections/t'
import { ValuationSection } from '../home/sections/Valuation'
import type { TenantFrame } from '../home/TenantLayout'
import { TenantLayout } from '../home/TenantLayout'
import { FoundHomes, IdxNotice } from './parts'

const SALE_PRICES = [
  200_000, 300_000, 400_000, 500_000, 600_000, 700_000, 800_000, 900_000, 1_000_000, 1_200_000, 1_500_000, 2_000_000,
  3_000_000, 5_000_000,
]
const RENTS = [1_000, 1_500, 2_000, 2_500, 3_000, 3_500, 4_000, 5_000, 7_500, 10_000]
const ROOMS = [1, 2, 3, 4, 5]

/** What the page says above the results instead of empty boxes: a place of another MLS, or one unknown. */
export type PlaceNotice = { kind: 'outside'; place: string; state: 'CA' | 'GA' } | { kind: 'unknown'; place: string }

export interface HomeSearchPageProps {
  frame: TenantFrame
  search: HomeSearch
  results: SearchResults | null
  problems: SearchProblems
  /** The site's /homes address (its locale and base). */
  homesHref: string
  twoFeeds: boolean
  /** The realtor's areas, as quick links. */
  areas: { name: string; href: string }[]
  notice: PlaceNotice | null
}

/** The page's heading: the search status in its place (or its MLS's state). */
export function searchTitle(t: ReturnType<typeof tOf>, search: HomeSearch): string {
  const place = search.place?.name ?? t(`homes.state.${MLS_RULES[search.feed].state}`)
  return t(`homes.title.${search.status}`, { place })
}

/**
 * The name a saved search starts with: the page's title and every filter it narrows by ("Homes for sale in
 * Johns Creek, 3+ beds, under $1.20M"), so two searches of one place are told apart in the buyer's list and mail.
 */
export function savedSearchName(t: ReturnType<typeof tOf>, search: HomeSearch): string {
  const parts = [searchTitle(t, search)]
  if (search.type) parts.push(t(`homes.type.${search.type}`))
  if (search.beds) parts.push(t('buyer.search.beds', { count: search.beds }))
  if (search.baths) parts.push(t('buyer.search.baths', { count: search.baths }))
  const min = search.minPrice ? formatPrice(search.minPrice, true) : null
  const max = search.maxPrice !== null ? formatPrice(search.maxPrice, true) : null
  if (min && max) parts.push(t('buyer.search.between', { min, max }))
  else if (max) parts.push(t('buyer.search.under', { price: max }))
  else if (min) parts.push(t('buyer.search.over', { price: min }))
  return parts.join(', ')
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string
  options: [value: string, label: string][]
}) {
  const id = `homes-${name}`
  return (
    <div className="homes-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

function priceOptions(prices: number[], current: number | null, any: string): [string, string][] {
  const values = current !== null && !prices.includes(current) ? [...prices, current].sort((a, b) => a - b) : prices
  return [['', any], ...values.map((v): [string, string] => [String(v), formatPrice(v, true)])]
}

export function HomeSearchPage(p: HomeSearchPageProps) {
  const { ctx } = p.frame
  const t = tOf(ctx)
  const { search, results } = p
  const prices = search.status === 'rent' ? RENTS : SALE_PRICES
  const title = searchTitle(t, search)
  const pages = results ? Math.max(1, Math.ceil(results.total / SEARCH_PAGE_SIZE)) : 1
  const pageHref = (page: number) =>
    `${p.homesHref}${searchQueryString(search, { twoFeeds: p.twoFeeds, page, all: search.place === null })}`
  const problems = Object.values(p.problems)
  return (
    <TenantLayout frame={p.frame}>
      <div className="homes-search">
        <h1>{title}</h1>
        <form className="homes-filters" method="get" action={p.homesHref} aria-label={t('homes.form.label')}>
          <div className="homes-filter homes-filter--place">
            <label htmlFor="homes-place">{t('homes.form.place')}</label>
            <input
              id="homes-place"
              name="place"
              type="search"
              defaultValue={search.place?.name ?? ''}
              placeholder={t('homes.form.placeHint')}
              maxLength={80}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          {p.twoFeeds ? <input type="hidden" name="state" value={MLS_RULES[search.feed].state} /> : null}
          <Select
            name="status"
            label={t('homes.form.status')}
            value={search.status}
            options={HOME_STATUSES.map((s) => [s, t(`homes.status.${s}`)])}
          />
          <Select
            name="type"
            label={t('homes.form.type')}
            value={search.type ?? ''}
            options={[
              ['', t('homes.form.anyType')],
              ...HOME_TYPES.map((s): [string, string] => [s, t(`homes.type.${s}`)]),
            ]}
          />
          <Select
            name="min"
            label={t('homes.form.min')}
            value={search.minPrice === null ? '' : String(search.minPrice)}
            options={priceOptions(prices, search.minPrice, t('homes.form.noMin'))}
          />
          <Select
            name="max"
            label={t('homes.form.max')}
            value={search.maxPrice === null ? '' : String(search.maxPrice)}
            options={priceOptions(prices, search.maxPrice, t('homes.form.noMax'))}
          />
          <Select
            name="beds"
            label={t('homes.form.beds')}
            value={search.beds ? String(search.beds) : ''}
            options={[['', t('homes.form.any')], ...ROOMS.map((n): [string, string] => [String(n), `${n}+`])]}
          />
          <Select
            name="baths"
            label={t('homes.form.baths')}
            value={search.baths ? String(search.baths) : ''}
            options={[
              ['', t('homes.form.any')],
              ...ROOMS.slice(0, 4).map((n): [string, string] => [String(n), `${n}+`]),
            ]}
          />
          <Select
            name="sort"
            label={t('homes.form.sort')}
            value={search.sort}
            options={HOME_SORTS.map((s) => [s, t(`homes.sort.${s}`)])}
          />
          <button type="submit" className="homes-filters__submit">
            {t('homes.form.submit')}
          </button>
        </form>
        {p.areas.length > 1 ? (
          <nav className="homes-areas" aria-label={t('homes.areas')}>
            {p.areas.map((area) => (
              <a
                key={area.href}
                className="chip"
                href={area.href}
                aria-current={area.name === search.place?.name ? 'page' : undefined}
              >
                {area.name}
              </a>
            ))}
          </nav>
        ) : null}
        {problems.length ? (
          <div className="homes-problems" role="alert">
            <p>{t('homes.error.title')}</p>
            <ul>
              {[...new Set(problems)].map((id) => (
                <li key={id}>{t(id)}</li>
              ))}
            </ul>
            <p>
              <a href={p.homesHref}>{t('homes.error.reset')}</a>
            </p>
          </div>
        ) : null}
        {p.notice ? (
          <p className="homes-notice" role="status">
            {p.notice.kind === 'outside'
              ? t('homes.notice.outside', {
                  place: p.notice.place,
                  state: t(`homes.state.${p.notice.state}`),
                  market: t(`homes.state.${MLS_RULES[search.feed].state}`),
                })
              : t('homes.notice.unknown', { place: p.notice.place })}
          </p>
        ) : null}
        {results ? (
          <>
            <p className="homes-count" aria-live="polite">
              {results.capped
                ? t('homes.count.capped', { count: formatThousands(results.total) })
                : t('homes.count', { count: results.total })}
            </p>
            <SaveSearchForm
              ctx={ctx}
              query={searchQueryString(search, { twoFeeds: p.twoFeeds, page: 1, all: search.place === null })}
              title={savedSearchName(t, search)}
            />
            {p.frame.realtor.buyerPrompt !== 'off' && !p.frame.buyer ? (
              <p className="buyer-invite">
                {t('buyer.prompt.text')} <a href={sitePath(ctx, '/account/signup')}>{t('buyer.prompt.signup')}</a>
              </p>
            ) : null}
            <FoundHomes
              ctx={ctx}
              homes={results.homes}
              homesHref={p.homesHref}
              empty={t('homes.empty')}
              saved={p.frame.savedHomes}
            />
            {pages > 1 ? (
              <nav className="homes-pager" aria-label={t('homes.pager.label')}>
                {search.page > 1 ? (
                  <a href={pageHref(search.page - 1)} rel="prev">
                    {t('homes.pager.previous')}
                  </a>
                ) : (
                  <span aria-hidden="true" />
                )}
                <span aria-current="page">{t('homes.pager.position', { page: search.page, pages })}</span>
                {search.page < pages ? (
                  <a href={pageHref(search.page + 1)} rel="next">
                    {t('homes.pager.next')}
                  </a>
                ) : (
                  <span aria-hidden="true" />
                )}
              </nav>
            ) : null}
            <IdxNotice ctx={ctx} feeds={[{ feed: search.feed, lastUpdated: results.lastUpdated }]} />
          </>
        ) : null}
        <ValuationSection frame={p.frame} />
      </div>
    </TenantLayout>
  )
}
