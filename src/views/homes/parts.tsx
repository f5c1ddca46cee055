// Pieces the home search and home pages share (issue 30): the IDX notice every such page carries, and the
// grid of listing cards drawn on the server.
import { HOME_CARD_MESSAGES, HomeGrid } from '../../client/components/HomeCard'
import { messagesOf } from '../../lib/island-messages'
import type { MlsFeed } from '../../lib/mls/record'
import { MLS_RULES } from '../../lib/mls/rules'
import type { FoundHome } from '../../lib/mls/search'
import type { PageContext } from '../context'
import { tOf } from '../home/sections/t'

/** The MLS's disclaimer and when its feed last changed a listing (IDX rules, docs/product.md). */
export function IdxNotice({
  ctx,
  feeds,
}: {
  ctx: PageContext
  feeds: { feed: MlsFeed; lastUpdated: string | null }[]
}) {
  const t = tOf(ctx)
  return (
    <aside className="idx-notice" aria-label={t('homes.idx.label')}>
      {feeds.map(({ feed, lastUpdated }) => (
        <p key={feed}>
          {t('homes.idx.disclaimer', { mls: MLS_RULES[feed].name, year: new Date().getUTCFullYear() })}{' '}
          {lastUpdated ? (
            <time dateTime={lastUpdated}>
              {t('homes.idx.updated', {
                time: ctx.intl.formatDate(lastUpdated, {
                  year: 'numeric',
                  month: 'short',
                  day: 'numeric',
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZone: MLS_RULES[feed].timeZone,
                  timeZoneName: 'short',
                }),
              })}
            </time>
          ) : null}
        </p>
      ))}
    </aside>
  )
}

/** A grid of found homes, each card linking to its page under `homesHref`. */
export function FoundHomes({
  ctx,
  homes,
  homesHref,
  empty,
  saved,
}: {
  ctx: PageContext
  homes: FoundHome[]
  homesHref: string
  empty: string
  /** The signed-in buyer's saved homes (src/views/home/TenantLayout.tsx TenantFrame.savedHomes). */
  saved?: ReadonlySet<string>
}) {
  return (
    <HomeGrid
      homes={homes}
      messages={messagesOf(ctx.locale, HOME_CARD_MESSAGES)}
      locale={ctx.locale}
      empty={empty}
      homesHref={homesHref}
      saved={saved}
    />
  )
}
