// The scale bench's traffic (docs/decisions/056-scale-bench.md): each target draws its requests from a
// Zipf distribution (s = 1: a few popular realtors, a long tail) over the seeded realtors, in a fixed
// pseudo-random order so two runs of one size send the same requests.
import { CITIES, realtorOf, SIZES } from './data.mjs'

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
 * The targets of one size: name, kind (what its budget is) and `next()` → { path, headers } of the next
 * request. `token` is an admin's bearer token for the console's search; `sitemapFiles` the paths the provider
 * sitemap's index lists (none when `/sitemap.xml` is the one file).
 */
export function targetsOf(size, token, sitemapFiles = []) {
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
  let renders = 0
  const ko = { 'accept-language': 'ko-KR,ko;q=0.9' }
  const en = { 'accept-language': 'en-US,en;q=0.9' }
  return [
    { name: 'tenant ko /x', kind: 'page', weight: 30, next: () => ({ path: `/${realtor().slug}`, headers: ko }) },
    { name: 'tenant en /en/x', kind: 'page', weight: 15, next: () => ({ path: `/en/${realtor().slug}`, headers: en }) },
    // The Zipf rows blend cached answers and renders by the page cache's hit rate, which falls as the tail
    // grows past the cache's bound (decision 056). These two split them, weightless in the mixed load: every
    // request a hit (the 100 first published homes, kept), and every one a render (a query keeps a page out
    // of the cache) of a Zipf-drawn realtor.
    {
      name: 'tenant ko, cached only',
      kind: 'page',
      weight: 0,
      next: () => ({ path: `/${published[Math.floor(next() * 100)].slug}`, headers: ko }),
    },
    {
      name: 'tenant ko, rendered only',
      kind: 'page',
      weight: 0,
      next: () => ({ path: `/${realtor().slug}?render=${++renders}`, headers: ko }),
    },
    {
      name: 'custom domain (Host)',
      kind: 'page',
      weight: 10,
      next: () => ({ path: pick(['/', '/', '/en'], next), headers: { ...ko, host: domain().host } }),
    },
    { name: 'listings /home/list', kind: 'listings', weight: 15, next: () => ({ path: homeList(), headers: ko }) },
    { name: 'listings /agent', kind: 'listings', weight: 5, next: () => ({ path: agent(), headers: ko }) },
    {
      name: 'realtor API /v1/realtor/x',
      kind: 'api',
      weight: 12,
      next: () => ({ path: `/v1/realtor/${realtor().slug}`, headers: ko }),
    },
    {
      name: 'tenant sitemap',
      kind: 'seo',
      weight: 8,
      next: () => ({ path: `/${realtor().slug}/sitemap.xml`, headers: ko }),
    },
    // The provider's sitemap as crawlers read it: `/sitemap.xml`, then each file its index lists (files of
    // 1,000 realtor ids: one file at 1,000 realtors, an index and ten at 10,000; decision 061).
    {
      name: 'provider sitemap',
      kind: 'seo',
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
