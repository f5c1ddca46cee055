// "Save this search" on the home search page (issue 32, docs/decisions/107-buyer-accounts.md): a name (the
// search's title by default) and how often to email, posted to {site}/account/searches with the search's
// canonical query; signed out, that address asks to sign up first and keeps the search. The same for every
// visitor, so the cached results page carries it. A <details>, so it opens without JavaScript.
import { FREQUENCIES } from '../../lib/buyers/store'
import { sitePath } from '../../lib/urls'
import type { PageContext } from '../context'
import { tOf } from '../home/sections/t'

export const MAX_SEARCH_NAME = 80

export function FrequencySelect({
  ctx,
  id,
  value,
  label,
}: {
  ctx: PageContext
  id: string
  value: string
  label?: string
}) {
  const t = tOf(ctx)
  return (
    <select id={id} name="frequency" defaultValue={value} aria-label={label}>
      {FREQUENCIES.map((frequency) => (
        <option key={frequency} value={frequency}>
          {t(`buyer.frequency.${frequency}`)}
        </option>
      ))}
    </select>
  )
}

export function SaveSearchForm({ ctx, query, title }: { ctx: PageContext; query: string; title: string }) {
  const t = tOf(ctx)
  return (
    <details className="save-search">
      <summary>{t('buyer.search.title')}</summary>
      <form method="post" action={sitePath(ctx, '/account/searches')} className="buyer-form save-search__form">
        <p>{t('buyer.search.intro')}</p>
        <input type="hidden" name="query" value={query} />
        <label htmlFor="save-search-name">{t('buyer.search.name')}</label>
        <input id="save-search-name" name="name" defaultValue={title} maxLength={MAX_SEARCH_NAME} required />
        <label htmlFor="save-search-frequency">{t('buyer.search.frequency')}</label>
        <FrequencySelect ctx={ctx} id="save-search-frequency" value="instant" />
        <button type="submit" className="buyer-button">
          {t('buyer.search.submit')}
        </button>
      </form>
    </details>
  )
}
