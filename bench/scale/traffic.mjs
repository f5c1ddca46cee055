// The scale bench's traffic (docs/decisions/056-scale-bench.md): each target draws its requests from a
// Zipf distribution (s = 1: a few popular realtors, a long tail) over the seeded realtors, in a fixed
// pseudo-random order so two runs of one size send the same requests.
import { CITIES, homeOf, NEIGHBOURHOODS, realtorOf, SIZES } from './data.mjs'

/** mulberry32: a small seeded generator. */
export function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Draws from `items` with P(rank k) ∝ 1 / k^s; the ranks are shuffled over the items first. */
export function zipf(items, next, s = 1) {
  const order = [...items]
  const shuffle = random(items.length)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  const cdf = new Float64Array(order.length)
  let total = 0
  for (let k = 0; k < order.length; k++) {
    total += 1 / (k + 1) ** s
    cdf[k] = total
  }
  return () => {
    const x = next() * total
    let lo = 0
    let hi = cdf.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cdf[mid] < x) lo = mid + 1
      else hi = mid
    }
    return order[lo]
  }
}

const pick = (list, next) => list[Math.floor(next() * list.length)]

/**
 * The proofs (decision 077) the homepages of a size's published realtors carry, as the bench's worker makes
 * them (POST /__bench/view-proofs): id → proof, for the view beacon's body.
 */
export async function viewProofsOf(size, origin) {
  const pages = Array.from({ length: SIZES[size].realtors }, (_, i) => realtorOf(i + 1))
    .filter((r) => r.published)
    .map((r) => ({ realtorId: r.id, path: `/${r.slug}` }))
  const response = await fetch(`${origin}/__bench/view-proofs`, { method: 'POST', body: JSON.stringify(pages) })
  if (!response.ok) throw new Error(`/__bench/view-proofs answered ${response.status}`)
  const proofs = await response.json()
  return new Map(pages.map((page, i) => [page.realtorId, proofs[i]]))
}

/** A phone's browser: the beacon of a page a person opened (a bot's is not counted). */
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/**
 * The targets of one size: name, kind (what its budget is) and `next()` → { path, headers, method?, body? }
 * of the next request; `origin` is the worker's (the beacon's Origin). `token` is an admin's bearer token for the console's search; `sitemapFiles` the paths the provider
 * sitemap's index lists (none when `/sitemap.xml` is the one file).
 */
export function targetsOf(size, token, sitemapFiles = [], origin = 'http://127.0.0.1', viewProofs = new Map()) {
  const { realtors } = SIZES[size]
  const all = Array.from({ length: realtors }, (_, i) => realtorOf(i + 1))
  const published = all.filter((r) => r.published)
  const hosted = published.filter((r) => r.host)
  const next = random(20)
  const realtor = zipf(published, next)
  const domain = zipf(hosted, next)
  const city = zipf(CITIES, next)
  const page = zipf(
    Array.from({ length: 30 }, (_, i) => i),
    next,
  )
  const terms = zipf(
    ['kim', '김', 'lee', 'park', '박', 'minjun', 'seoyeon', '서연', 'choi', 'irvine', 'grace', 'jung'],
    next,
  )
  const homeList = () => {
    const place = city()
    const query = new URLSearchParams({
      type: pick(['sale', 'sale', 'sale', 'rent', 'sold', 'rented'], next),
      propertyType: pick(['single_family', 'single_family', 'condo', 'townhouse', 'all'], next),
      propertyStatus: pick(['active', 'active', 'all', 'pending', 'closed'], next),
      state: place.state,
      city: place.city,
      currentPage: String(page()),
      homesPerGroup: pick(['12', '15', '15', '24'], next),
      isImageNull: pick(['N', 'N', 'Y'], next),
    })
    if (next() < 0.2) query.set('county', place.county)
    return `/cozying-api/v1/home/list?${query}`
  }
  const agent = () => {
    const r = realtor()
    const query = new URLSearchParams({
      licenseNumber: r.license,
      market: pick([r.market, ''], next),
      searchType: pick(['sale', 'rent', 'sold', 'rented'], next),
      currentPage: String(Math.floor(page() / 10)),
      homesPerGroup: '15',
    })
    return `/cozying-api/v1/agent?${query}`
  }
  // A search on a realtor's site (decision 097): its MLS's whole market, a city, a ZIP or a neighbourhood
  // of its state, any status, type, price range, rooms and order, a page up to the deepest (42).
  const homeSearch = (render) => {
    const r = realtor()
    const place = pick(
      CITIES.filter((c) => c.state === r.city.state),
      next,
    )
    const query = new URLSearchParams()
    const kind = pick(['all', 'city', 'city', 'city', 'zip', 'area'], next)
    if (kind === 'all') query.set('all', '1')
    else if (kind === 'zip') query.set('zip', place.zip)
    else if (kind === 'area') query.set('area', `${place.city} ${pick(NEIGHBOURHOODS, next)}`)
    else query.set('city', place.city)
    const status = pick(['sale', 'sale', 'sale', 'rent', 'sold', 'pending'], next)
    if (status !== 'sale') query.set('status', status)
    const type = pick(['', '', 'single_family', 'condo', 'townhouse'], next)
    if (type) query.set('type', type)
    const min = next() < 0.4 ? pick([500_000, 800_000, 1_200_000], next) : 0
    if (min) query.set('min', String(min))
    if (next() < 0.4) query.set('max', String(min + pick([400_000, 900_000, 1_500_000], next)))
    if (next() < 0.4) query.set('beds', String(pick([2, 3, 4], next)))
    if (next() < 0.3) query.set('baths', String(pick([2, 3], next)))
    const sort = pick(['newest', 'newest', 'price-low', 'price-high'], next)
    if (sort !== 'newest') query.set('sort', sort)
    const depth = page()
    if (depth > 0) query.set('page', String(Math.min(42, depth)))
    query.set('render', String(render))
    return `/${r.slug}/homes?${query}`
  }
  // A home's page on a realtor's site: a listing of the site's MLS, drawn uniformly from every home.
  const homePage = (render) => {
    const r = realtor()
    let home = homeOf(1 + Math.floor(next() * SIZES[size].homes), realtors)
    while (home.market !== r.market) home = homeOf(1 + Math.floor(next() * SIZES[size].homes), realtors)
    return `/${r.slug}/homes/${home.key}?render=${render}`
  }
  let renders = 0
  let firsts = 0
  // The least popular first: the realtors the Zipf rows are least likely to have shown this isolate.
  const unseen = [...published].reverse()
  const ko = { 'accept-language': 'ko-KR,ko;q=0.9' }
  const en = { 'accept-language': 'en-US,en;q=0.9' }
  return [
    {
      name: 'tenant ko /x',
      kind: 'page',
      zipf: true,
      weight: 30,
      next: () => ({ path: `/${realtor().slug}`, headers: ko }),
    },
    {
      name: 'tenant en /en/x',
      kind: 'page',
      zipf: true,
      weight: 15,
      next: () => ({ path: `/en/${realtor().slug}`, headers: en }),
    },
    // A homepage view as the page's own beacon reports it (src/client/page-effects.ts): what counting a view
    // costs, D1 rows and Durable Object calls included (docs/decisions/073, 075). Zipf-drawn like the pages.
    {
      name: 'view beacon POST /v1/views',
      kind: 'view',
      weight: 0,
      next: () => {
        const r = realtor()
        const proof = viewProofs.get(r.id)
        if (!proof) throw new Error(`no view proof for realtor ${r.id}: pass targetsOf the worker's (viewProofsOf)`)
        return {
          method: 'POST',
          path: '/v1/views',
          body: JSON.stringify({ realtorId: r.id, proof, path: `/${r.slug}` }),
          headers: {
            ...ko,
            'content-type': 'text/plain;charset=UTF-8',
            origin,
            'user-agent': BROWSER,
            // Many visitors, as on a real homepage (the per-address limit is not what this row measures).
            'cf-connecting-ip': `198.51.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
          },
        }
      },
    },
    // The Zipf rows blend the request states by the cache's hit rate, which differs between sizes (a longer
    // tail repeats less). These three measure each state alone, weightless in the mixed load, and carry the
    // growth budgets (decision 075): every request a hit (the 100 first published homes, kept); a warm
    // re-render (a query the cache has not seen, of a Zipf-drawn realtor whose data the isolate holds); a
    // true first request (a realtor this isolate has not shown: its data read from D1).
    {
      name: 'state: hit',
      kind: 'state',
      weight: 0,
      next: () => ({ path: `/${published[Math.floor(next() * 100)].slug}`, headers: ko }),
    },
    {
      name: 'state: warm re-render',
      kind: 'state',
      weight: 0,
      // The same 100 homes as the hits (their data read in the first round's warm-up), each render new.
      next: () => ({ path: `/${published[Math.floor(next() * 100)].slug}?render=${++renders}`, headers: ko }),
    },
    {
      name: 'state: first request',
      kind: 'state',
      weight: 0,
      // A cold isolate's first request for a realtor: the bench's entry empties the isolate's data cache
      // first (x-bench-cold, bench/scale/entry.ts), so every request reads its realtor and listings from D1.
      next: () => ({
        path: `/${unseen[firsts++ % unseen.length].slug}?first=${firsts}`,
        headers: { ...ko, 'x-bench-cold': '1' },
      }),
    },
    // Home search and a home's page (issue 30, decision 097), measured in the interleaved rounds like the
    // states, weightless in the mixed load: every request one the edge has not kept (a new `render`), so each
    // renders from D1 — a home's page in one round trip, a search in two at most.
    {
      name: 'home search /x/homes',
      kind: 'search',
      rounds: true,
      weight: 0,
      next: () => ({ path: homeSearch(++renders), headers: ko }),
    },
    {
      name: 'home page /x/homes/{key}',
      kind: 'home',
      rounds: true,
      weight: 0,
      next: () => ({ path: homePage(++renders), headers: ko }),
    },
    {
      name: 'custom domain (Host)',
      kind: 'page',
      zipf: true,
      weight: 10,
      next: () => ({ path: pick(['/', '/', '/en'], next), headers: { ...ko, host: domain().host } }),
    },
    {
      name: 'listings /home/list',
      kind: 'listings',
      zipf: true,
      weight: 15,
      next: () => ({ path: homeList(), headers: ko }),
    },
    { name: 'listings /agent', kind: 'listings', zipf: true, weight: 5, next: () => ({ path: agent(), headers: ko }) },
    {
      name: 'realtor API /v1/realtor/x',
      kind: 'api',
      zipf: true,
      weight: 12,
      next: () => ({ path: `/v1/realtor/${realtor().slug}`, headers: ko }),
    },
    {
      name: 'tenant sitemap',
      kind: 'seo',
      zipf: true,
      weight: 8,
      next: () => ({ path: `/${realtor().slug}/sitemap.xml`, headers: ko }),
    },
    // The provider's sitemap as crawlers read it: `/sitemap.xml`, then each file its index lists (files of
    // 1,000 realtor ids: one file at 1,000 realtors, an index and ten at 10,000; decision 061).
    {
      name: 'provider sitemap',
      kind: 'seo',
      // Every request the same state (a cached file): measured in the interleaved rounds, like the states.
      rounds: true,
      weight: 0,
      next: (() => {
        const crawl = ['/sitemap.xml', ...sitemapFiles]
        let at = 0
        return () => ({ path: crawl[at++ % crawl.length], headers: ko })
      })(),
    },
    {
      name: 'admin search /v1/accounts?q=',
      kind: 'admin',
      rounds: true,
      weight: 0,
      next: () => ({
        path: `/v1/accounts?q=${encodeURIComponent(terms())}`,
        headers: { ...en, authorization: `Bearer ${token}` },
      }),
    },
  ]
}

/**
 * All targets at once, each by its weight: the mixed load of the memory figure. The provider sitemap and
 * the console's search weigh 0 there — a crawler reads the sitemap a few times a day and an admin searches
 * by hand, while each costs the walk of every realtor (their own rows above measure them).
 */
export function mixedOf(targets) {
  const next = random(99)
  const total = targets.reduce((sum, t) => sum + t.weight, 0)
  return {
    name: 'mixed (all targets by weight)',
    kind: 'mixed',
    next: () => {
      let x = next() * total
      for (const target of targets) {
        x -= target.weight
        if (x < 0) return target.next()
      }
      return targets[0].next()
    },
  }
}
