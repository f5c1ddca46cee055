// Home search and home pages of a realtor's site (issue 30, docs/decisions/097-home-search.md): parse the
// URL, read D1 once, render. Registered on the tenant sub-app (./tenant.tsx), so they live at
// /{desiredUrl}/homes, /en/{desiredUrl}/homes and /homes on the realtor's domain, publish switch included.
import type { Context } from 'hono'
import type { TenantEnv } from '../env'
import { recordBuyerView } from '../lib/buyers/store'
import { pageNotFound } from '../lib/errors'
import { lookUpHome } from '../lib/mls/home'
import type { MlsFeed } from '../lib/mls/record'
import { feedOfState } from '../lib/mls/rules'
import { findPlaces, type HomeSearch, parseHomeSearch, runHomeSearch, searchQueryString } from '../lib/mls/search'
import { listingJsonLd } from '../lib/mls/seo'
import { siteFeeds } from '../lib/mls/site'
import { afterAnswer } from '../lib/outbox/deliver'
import type { Realtor } from '../lib/realtors/types'
import { pageUrls, sitePath } from '../lib/urls'
import { executionContextOf } from '../middleware/execution-context'
import { renderTenantPage } from '../render'
import { tOf } from '../views/home/sections/t'
import { addressLine, HomeDetailPage, HomeGonePage } from '../views/homes/HomeDetailPage'
import { HomeSearchPage, type PlaceNotice, searchTitle } from '../views/homes/HomeSearchPage'

/** The realtor's own areas (the cities of their activity regions in their MLSs), as quick search links. */
function areasOf(realtor: Realtor, feeds: readonly MlsFeed[], homesHref: string, twoFeeds: boolean) {
  const seen = new Set<string>()
  const areas: { name: string; href: string }[] = []
  for (const region of realtor.activityRegion) {
    const city = region.city.trim()
    const feed = feedOfState(region.state ?? '')
    if (!city || !feed || !feeds.includes(feed) || seen.has(city.toLowerCase())) continue
    seen.add(city.toLowerCase())
    const query = new URLSearchParams({ city })
    if (twoFeeds) query.set('state', region.state!)
    areas.push({ name: city, href: `${homesHref}?${query}` })
  }
  return areas
}

/** GET /homes: a search of the site's MLS listings. */
export async function homeSearchRoute(c: Context<TenantEnv>) {
  const realtor = c.get('realtor')
  const { feeds, start } = siteFeeds(realtor)
  const twoFeeds = feeds.length > 1
  const homesHref = sitePath(c.var, '/homes')
  const params = new URL(c.req.url).searchParams
  const { search, problems } = parseHomeSearch(params, feeds, start)
  let notice: PlaceNotice | null = null
  // A place typed in the form: to its own address (city, ZIP or neighbourhood) when it is one of this site's
  // MLS, else the page says where it is — never empty boxes.
  const typed = params.get('place')
  if (typed !== null && Object.keys(problems).length === 0) {
    c.set('cacheable', false)
    const all = typed.trim() === ''
    const found = all ? [] : await findPlaces(c.env.DB, typed)
    const mine = found.find((place) => feeds.includes(place.market))
    if (all || mine) {
      const next: HomeSearch = mine
        ? { ...search, feed: mine.market, place: { kind: mine.kind, name: mine.name }, page: 1 }
        : { ...search, place: null, page: 1 }
      return c.redirect(`${homesHref}${searchQueryString(next, { twoFeeds, all: !mine })}`, 302)
    }
    const other = found[0]
    const state = other && (other.market === 'crmls' ? 'CA' : 'GA')
    notice = state
      ? { kind: 'outside', place: other.name, state }
      : { kind: 'unknown', place: typed.trim().slice(0, 80) }
  }
  const bad = Object.keys(problems).length > 0
  const results = bad ? null : await runHomeSearch(c.env.DB, search)
  const t = tOf({ intl: c.get('intl') })
  const title = searchTitle(t, search)
  const query = bad ? '' : searchQueryString(search, { twoFeeds, all: search.place === null })
  return renderTenantPage(
    c,
    (frame) => (
      <HomeSearchPage
        frame={frame}
        search={search}
        results={results}
        problems={problems}
        homesHref={homesHref}
        twoFeeds={twoFeeds}
        areas={areasOf(realtor, feeds, homesHref, twoFeeds)}
        notice={notice}
      />
    ),
    title,
    {
      countView: true,
      query,
      status: bad ? 400 : 200,
      page: {
        description: results ? t('homes.description', { title, count: results.total }) : title,
        image: null,
        jsonLd: null,
        // A later page of a search, a bad one or an unknown place: not a page for search engines.
        noindex: bad || notice !== null || search.page > 1,
      },
    },
  )
}

/** GET /homes/{ListingKey}: one home of the site's MLS; 410 with similar homes once it left the market. */
export async function homeRoute(c: Context<TenantEnv>) {
  const realtor = c.get('realtor')
  const { feeds } = siteFeeds(realtor)
  const key = c.req.param('key') ?? ''
  const lookup = await lookUpHome(c.env.DB, feeds, key)
  const homesHref = sitePath(c.var, '/homes')
  const t = tOf({ intl: c.get('intl') })
  if (lookup.kind === 'missing') throw pageNotFound(c.get('site').pathname)
  if (lookup.kind === 'gone') {
    const searchHref = `${homesHref}?${new URLSearchParams({ city: lookup.city })}`
    return renderTenantPage(
      c,
      (frame) => (
        <HomeGonePage
          frame={frame}
          address={lookup.address}
          city={lookup.city}
          similar={lookup.similar}
          homesHref={homesHref}
          searchHref={searchHref}
          feed={{ feed: lookup.feed, lastUpdated: lookup.lastUpdated }}
        />
      ),
      t('homes.gone.title'),
      {
        countView: true,
        status: 410,
        page: {
          description: t('homes.gone.text', { address: lookup.address }),
          image: null,
          jsonLd: null,
          noindex: true,
        },
      },
    )
  }
  const { home } = lookup
  // A signed-in buyer's visit, for their realtor's "recently viewed": after the answer, never slowing the page.
  const buyer = c.get('buyer')
  if (buyer)
    executionContextOf(c)?.waitUntil(afterAnswer(recordBuyerView(c.env.DB, buyer.id, home.listingKey), 'a buyer view'))
  const address = addressLine(home)
  // The canonical address (the realtor's own domain when they have one) names the home in previews and JSON-LD.
  const canonical = pageUrls(realtor, c.env.PUBLIC_ORIGIN, c.get('site').pagePath)[c.get('locale')]
  const origin = new URL(canonical).origin
  const images = home.photos.slice(0, 6).map((photo) => {
    const size = photo.sizes.findLast((s) => s.width <= 1600) ?? photo.sizes[0]!
    return `${origin}/photos/${size.key}`
  })
  const facts = t('homes.summary', { beds: home.beds, baths: home.baths, city: home.city })
  const description = `${facts}${home.publicRemarks ? ` ${home.publicRemarks.slice(0, 200)}` : ''}`
  return renderTenantPage(
    c,
    (frame) => (
      <HomeDetailPage
        frame={frame}
        home={home}
        lastUpdated={lookup.lastUpdated}
        url={canonical}
        searchHref={`${homesHref}?${new URLSearchParams({ city: home.city })}`}
        today={new Date()}
      />
    ),
    address,
    {
      countView: true,
      page: {
        description,
        image: images[0] ?? null,
        jsonLd: listingJsonLd(home, canonical, images, description),
        ogType: 'website',
      },
    },
  )
}
