// The streaming renderer's own limit, measured in the same run as the pages: a worker that renders
// listing cards (the homepage's own HomeCard) into one buffer exactly as a cacheable page is rendered
// (src/lib/render-to-buffer.ts), and nothing else — no routing, middleware, data or document head.
// `?cards=N` sets the page's size; bench/run.mjs picks N so the page is as large as a tenant home.
// `/markup` renders the large realtor's home exactly (docs/decisions/058-render-at-scale.md): its HTML as
// a tree (bench/markup-tree.mjs, the MARKUP binding) made into React elements once per isolate — React's
// renderer alone, the true floor (decision 074: rebuilding the tree on every request was 17–20% of this
// reference's CPU) — and rendered as that page is (`?render=fresh` is a shareable page: renderToBuffer),
// with no component, data or catalogue of ours.
import { createElement, type ReactElement, type ReactNode } from 'react'
import { HomeCard } from '../src/client/components/HomeCard'
import type { Messages } from '../src/client/lib/messages'
import type { Home } from '../src/lib/listings/markets'
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

const HTML = { 'content-type': 'text/html; charset=utf-8' }

/** The markup's elements, made once per binding value: elements are immutable, and React renders them again as they are. */
const elements = new WeakMap<object, ReactNode>()
const elementsOf = (markup: MarkupNode & object) => {
  let element = elements.get(markup)
  if (element === undefined) {
    element = elementOf(markup)
    elements.set(markup, element)
  }
  return element
}

export default {
  async fetch(request: Request, env: { MARKUP?: MarkupNode }): Promise<Response> {
    if (new URL(request.url).pathname === '/markup') {
      if (!env.MARKUP) return new Response('no markup', { status: 404 })
      return new Response(await renderToBuffer(elementsOf(env.MARKUP as MarkupNode & object) as ReactElement), {
        headers: HTML,
      })
    }
    const cards = Math.min(Number(new URL(request.url).searchParams.get('cards')) || 40, 500)
    return new Response(await renderToBuffer(<Page cards={cards} />), { headers: HTML })
  },
}
