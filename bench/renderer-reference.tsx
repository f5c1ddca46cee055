// The streaming renderer's own limit, measured in the same run as the pages: a worker that renders
// listing cards (the homepage's own HomeCard) into one buffer exactly as a cacheable page is rendered
// (src/lib/render-to-buffer.ts), and nothing else — no routing, middleware, data or document head.
// `?cards=N` sets the page's size; bench/run.mjs picks N so the page is as large as a tenant home.
// `/markup` renders the large realtor's home exactly (docs/decisions/058-render-at-scale.md): its HTML as
// a tree (bench/markup-tree.mjs, the MARKUP binding) made into React elements once per isolate and
// rendered on every request as that page is (`?render=fresh` is a shareable page: renderToBuffer), with
// no component, data or catalogue of ours: React's renderer alone, the floor the page is judged against
// (docs/decisions/074-bench-verdicts-on-cpu.md). `/markup?rebuild` builds the elements again on every
// request, as the reference did before issue 28, so the bench can show what that cost.
import { createElement, type ReactElement, type ReactNode } from 'react'
import { HomeCard } from '../src/client/components/HomeCard'
import type { Messages } from '../src/client/lib/messages'
import type { Home } from '../src/lib/listings/markets'
import { lookUpHome } from '../src/lib/mls/home'
import type { MlsFeed } from '../src/lib/mls/record'
import { type HomeSearch, runHomeSearch } from '../src/lib/mls/search'
import { renderToBuffer } from '../src/lib/render-to-buffer'

/** The card's messages (HOME_CARD_MESSAGES), inline: the bench worker carries no catalogue. */
const MESSAGES: Messages = {
  'home.card.beds': '침실',
  'home.card.baths': '욕실',
  'home.card.sqft': 'sqft',
  'home.card.perMonth': '/월',
  'home.card.noPhoto': '사진 없음',
  'home.listings.sale': '매매',
  'home.listings.rent': '임대',
  'home.listings.sold': '매매 완료',
  'home.listings.rented': '임대 완료',
}

const homeOf = (index: number): Home => ({
  id: index,
  dealType: 'sale',
  propertyType: 'single_family',
  propertyStatus: 'active',
  state: 'CA',
  county: 'Orange',
  city: 'Irvine',
  address: `${100 + index} Main Street`,
  zipcode: '92618',
  price: 1_250_000 + index * 1000,
  beds: 3,
  baths: 2,
  sqft: 1800,
  imageUrl: `/photos/demo/home-${index}.jpg`,
  listedAt: '2026-03-02T00:00:00Z',
})

function Page({ cards }: { cards: number }) {
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <title>Renderer reference</title>
      </head>
      <body>
        <main className="home-grid">
          {Array.from({ length: cards }, (_, index) => (
            <HomeCard key={index} home={homeOf(index)} messages={MESSAGES} locale="ko" />
          ))}
        </main>
      </body>
    </html>
  )
}

/** A node of bench/markup-tree.mjs: text, or [tag, props, children]. */
type MarkupNode = string | [string, Record<string, unknown>, MarkupNode[]]

function elementOf(node: MarkupNode): ReactNode {
  if (typeof node === 'string') return node
  const [tag, props, children] = node
  return createElement(tag, props, ...children.map(elementOf))
}

/**
 * The elements of a tree, built on its first request and kept by the tree (the binding is the same
 * object for every request of the isolate). React elements are immutable descriptions, so one tree
 * renders any number of times.
 */
const built = new WeakMap<object, ReactNode>()
function elementsOf(tree: Exclude<MarkupNode, string>): ReactNode {
  let elements = built.get(tree)
  if (elements === undefined) {
    elements = elementOf(tree)
    built.set(tree, elements)
  }
  return elements
}

const HTML = { 'content-type': 'text/html; charset=utf-8' }

interface ReferenceEnv {
  DB: D1Database
  MARKUP?: MarkupNode
  MARKUPS?: Record<string, MarkupNode>
  /** The D1 reads of the pages of MARKUPS: the home's key in its feeds, the search as its URL parses. */
  MARKUP_READS?: { home?: { feeds: MlsFeed[]; key: string }; search?: HomeSearch }
}

export default {
  async fetch(request: Request, env: ReferenceEnv): Promise<Response> {
    const url = new URL(request.url)
    // `/markup/{name}`: another page's markup (a home's page, a home search: issue 30), rendered the same way
    // after the D1 round trip its page makes (issue 30's floor: "React alone for the same markup and one D1
    // round trip"): the home's batch (listing, tombstone, feed time), or the search's (feed time, count, page).
    const named = /^\/markup\/(\w+)$/.exec(url.pathname)?.[1]
    if (named) {
      const tree = env.MARKUPS?.[named]
      if (!Array.isArray(tree)) return new Response('no markup', { status: 404 })
      const reads = env.MARKUP_READS
      if (named === 'home' && reads?.home) await lookUpHome(env.DB, reads.home.feeds, reads.home.key)
      if (named === 'search' && reads?.search) await runHomeSearch(env.DB, reads.search)
      return new Response(await renderToBuffer(elementsOf(tree) as ReactElement), { headers: HTML })
    }
    if (url.pathname === '/markup') {
      const tree = env.MARKUP
      if (!Array.isArray(tree)) return new Response('no markup', { status: 404 })
      const elements = url.searchParams.has('rebuild') ? elementOf(tree) : elementsOf(tree)
      return new Response(await renderToBuffer(elements as ReactElement), { headers: HTML })
    }
    const cards = Math.min(Number(url.searchParams.get('cards')) || 40, 500)
    return new Response(await renderToBuffer(<Page cards={cards} />), { headers: HTML })
  },
}
