// `npm run bench`: throughput, latency, CPU and size of the production build, against budgets.
//
// The production build runs in workerd (bench/production.mjs) beside a static ceiling and a renderer
// reference; autocannon drives one target at a time on loopback, bounded in time, along two paths:
// the worker's own socket, and Miniflare's HTTP entry (the path of the baseline). A ratio
// compares a target with a static copy of its own response on the same path, in rounds alternating
// with it. Ratio budgets are judged on workerd's CPU per request in those rounds (bench/cpu.mjs), not on
// their throughput: the rate of a round follows the host's load, the CPU a request costs hardly does.
// The median round's ratio stands and its spread (min–max of the rounds) is printed beside it.
// Prints a table, writes bench/results/latest.{json,md}, and exits non-zero when a budget is
// missed. BENCH_ONLY and BENCH_PATHS narrow a run; BENCH_ROUNDS sets the rounds of judged figures.
// Why two paths and which budget is judged on which: docs/decisions/005-data-cache-and-benchmark-topology.md;
// why CPU and not throughput: docs/decisions/074-bench-verdicts-on-cpu.md.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ensureChromium } from '../scripts/chromium.mjs'
import { root, useProjectNode } from '../scripts/lib.mjs'
import { CONTACT_BENCH_NAME, checkContacts, formatContacts, measureContacts } from './contact.mjs'
import { cpuMillis, workerdPids } from './cpu.mjs'
import { BENCH_HELP, helpRequested } from './help.mjs'
import { get } from './http.mjs'
import { LARGE_REALTOR, seedLargeRealtor } from './large-realtor.mjs'
import { markupTree } from './markup-tree.mjs'
import { brotliSize, formatTable, gzipSize, medianInterval, medianOf, percentiles, spreadOf } from './report.mjs'

await useProjectNode()
helpRequested(BENCH_HELP)
// Loaded after the help check, so `--help` answers at once.
const { default: autocannon } = await import('autocannon')
const { buildProduction } = await import('./production.mjs')
const { measureClientJs } = await import('./client-js.mjs')

const PORT = Number(process.env.BENCH_PORT ?? 8899)
const PORTS = { app: PORT, ceiling: PORT + 1, reference: PORT + 2, entry: PORT + 3 }
const at = (port) => `http://127.0.0.1:${port}`
// Rounds of a figure a budget is judged on, and of the others (shown for context).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 32)
const CONTEXT_ROUNDS = Number(process.env.BENCH_CONTEXT_ROUNDS ?? 12)
// About how long a round lasts: a round is a number of requests (autocannon's `amount`), as many as its
// side answered in this time during the warm-up. Short rounds, so the two sides of a ratio run a
// fraction of a second apart, under the same load of the host (docs/decisions/074).
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 0.25)
const CONNECTIONS = 32

/** The two ways a request reaches a worker: its own socket, or Miniflare's entry (by Host). */
const PATHS = {
  direct: {
    label: "worker's own socket",
    origin: (worker) => at(PORTS[worker]),
    host: () => undefined,
  },
  entry: {
    label: "Miniflare's HTTP entry",
    origin: () => at(PORTS.entry),
    host: (worker) => (worker === 'app' ? undefined : `${worker}.bench`),
  },
}

// Client JS is measured in a browser at the end: find out now, not after minutes of load.
if (!process.env.BENCH_ONLY) ensureChromium('the client-JS measurement')
const { workerJs, state, start, startBench } = await buildProduction('bench')
await seedLargeRealtor(state)

const targets = [
  { name: 'landing ko /', worker: 'app', path: '/', kind: 'cached' },
  { name: 'landing en /en', worker: 'app', path: '/en', kind: 'cached' },
  { name: 'tenant /equityrealty (cached)', worker: 'app', path: '/equityrealty', kind: 'cached' },
  { name: 'tenant custom domain (cached)', worker: 'app', path: '/', host: 'equityrealty.example', kind: 'cached' },
  // `renders`: every request asks the embedded tier neither to answer nor to keep it (`Cache-Control:
  // no-cache, no-store`; in production Workers Cache keeps pages outside the isolate, so keeping them is no
  // render's cost) and carries a query no request had before (`?render=N`: concurrent renders of one page
  // would be collapsed into one). Every one renders the page: a warm re-render (decision 076).
  { name: 'tenant /equityrealty uncached', worker: 'app', path: '/equityrealty', renders: true, kind: 'uncached' },
  { name: 'renderer reference (React alone)', worker: 'reference', kind: 'reference' },
  // The large realtor's home, uncached, and React alone rendering its very markup (decision 058).
  {
    name: `tenant /${LARGE_REALTOR} uncached (large)`,
    worker: 'app',
    path: `/${LARGE_REALTOR}`,
    renders: true,
    kind: 'large',
  },
  // React's renderer alone: the tree's elements are built once per isolate, so only rendering is measured.
  { name: 'React alone, same markup (large)', worker: 'reference', path: '/markup', kind: 'large-reference' },
  // The reference as it was until issue 28, building the elements from the tree on every request: shown
  // for context (what the old budget was measured against), never judged.
  // A home's page and a home search (issue 30, decision 097), uncached like the large realtor's home, each
  // beside React alone rendering its very markup: within 1.2 times (a home's page reads D1 once, a search in
  // one batch of two statements). The home is the first the search below lists (set once the worker runs).
  { name: 'home page /equityrealty/homes/{key} uncached', worker: 'app', path: null, renders: true, kind: 'home' },
  { name: 'React alone, same markup (home page)', worker: 'reference', path: '/markup/home', kind: 'home-reference' },
  {
    name: 'home search /equityrealty/homes uncached',
    worker: 'app',
    path: '/equityrealty/homes?city=Irvine&beds=2&sort=price-low',
    renders: true,
    kind: 'search',
  },
  {
    name: 'React alone, same markup (home search)',
    worker: 'reference',
    path: '/markup/search',
    kind: 'search-reference',
  },
  {
    name: 'React alone + tree built per request (large, before issue 28)',
    worker: 'reference',
    path: '/markup?rebuild',
    kind: 'context',
  },
  // The realtor API's read from the data cache (decision 055), and the same read revalidated: If-None-Match
  // with the answer's ETag (set below), a 304.
  { name: 'GET /v1/realtor/equityrealty', worker: 'app', path: '/v1/realtor/equityrealty', kind: 'api-cached' },
  {
    name: 'GET /v1/realtor/equityrealty 304',
    worker: 'app',
    path: '/v1/realtor/equityrealty',
    kind: 'api-cached',
    status: 304,
  },
  {
    name: 'GET /cozying-api/v1/home/list',
    worker: 'app',
    path: '/cozying-api/v1/home/list?type=sale&state=CA&currentPage=1&homesPerGroup=12',
    kind: 'api',
  },
]
targets.forEach((target, index) => {
  target.copy = `t${index}`
})

// Each target's ceiling is a static copy of its own response: the same bytes (the load generator
// reads Korean text slower than ASCII, so the content matters) and headers, less those each
// response sets.
let worker = await startBench({ port: PORTS.app, reference: { port: PORTS.reference } })
// The markup the large realtor's home renders, for the reference to render with React alone.
const largeTarget = targets.find((target) => target.kind === 'large')
const largeHtml = Buffer.from((await get(`${at(PORTS.app)}${largeTarget.path}`)).body).toString('utf8')
const markup = markupTree(largeHtml)
// The search's page and the first home it lists, and their markups for React alone.
const searchTarget = targets.find((target) => target.kind === 'search')
const searchHtml = Buffer.from((await get(`${at(PORTS.app)}${searchTarget.path}`)).body).toString('utf8')
const homeKey = /href="\/equityrealty\/homes\/([\w.-]+)"/.exec(searchHtml)?.[1]
if (!homeKey) throw new Error(`${searchTarget.path} listed no home: is the MLS seed in the bench's state?`)
const homeTarget = targets.find((target) => target.kind === 'home')
homeTarget.path = `/equityrealty/homes/${homeKey}`
const homeHtml = Buffer.from((await get(`${at(PORTS.app)}${homeTarget.path}`)).body).toString('utf8')
const markups = { home: markupTree(homeHtml), search: markupTree(searchHtml) }
// What each of those pages reads from D1, for React alone to read too (the search as parseHomeSearch reads
// its URL: equityrealty's MLS is CRMLS).
const reads = {
  home: { feeds: ['crmls'], key: homeKey },
  search: {
    feed: 'crmls',
    place: { kind: 'city', name: 'Irvine' },
    status: 'sale',
    type: null,
    minPrice: null,
    maxPrice: null,
    beds: 2,
    baths: null,
    sort: 'price-low',
    page: 1,
  },
}
await worker.dispose()
worker = await startBench({ port: PORTS.app, reference: { port: PORTS.reference, markup, markups, reads } })
const fetchOnce = (target) =>
  get(`${at(PORTS[target.worker])}${target.path}`, {
    'accept-language': 'ko-KR,ko;q=0.9',
    ...(target.host ? { host: target.host } : {}),
    ...target.headers,
  })
// The 304 row asks with the ETag the API answers (it is the hash of the body, the same in every run).
for (const target of targets.filter((t) => t.status === 304)) {
  const etag = (await fetchOnce({ ...target, status: undefined })).headers.etag
  if (!etag) throw new Error(`${target.path} answered without an ETag`)
  target.headers = { 'if-none-match': etag }
}
// The renderer reference gets as many cards as make it as large as a tenant home.
const tenantBytes = (await fetchOnce(targets[2])).body.byteLength
const referenceBytes = async (cards) => (await get(`${at(PORTS.reference)}/?cards=${cards}`)).body.byteLength
const [oneCard, manyCards] = [await referenceBytes(1), await referenceBytes(41)]
const referenceCards = Math.max(1, Math.round((tenantBytes - oneCard) / ((manyCards - oneCard) / 40)) + 1)
targets.find((target) => target.kind === 'reference').path = `/?cards=${referenceCards}`
const PER_RESPONSE = new Set(['content-length', 'date', 'x-page-cache'])
const copies = {}
for (const target of targets) {
  const response = await fetchOnce(target)
  const body = response.body
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_RESPONSE.has(name)))
  copies[target.copy] = { body: Buffer.from(body).toString('base64'), headers }
  target.bytes = body.byteLength
}
// The very same markup (nonces differ per request), or the run stops with both pages to compare.
const unnonced = (html) => html.replace(/ nonce="[^"]*"/g, '')
const largeCopy = copies[targets.find((t) => t.kind === 'large-reference').copy].body
const [page, reference] = [unnonced(largeHtml), unnonced(Buffer.from(largeCopy, 'base64').toString('utf8'))]
console.log(`  large realtor: page ${page.length} characters, React alone ${reference.length}`)
if (page !== reference) {
  await mkdir(path.join(root, 'bench/results'), { recursive: true })
  await writeFile(path.join(root, 'bench/results/large-page.html'), page)
  await writeFile(path.join(root, 'bench/results/large-reference.html'), reference)
  throw new Error("React alone did not render the large realtor's markup: see bench/results/large-*.html")
}
for (const [name, html] of [
  ['home', homeHtml],
  ['search', searchHtml],
]) {
  const copy = unnonced(
    Buffer.from(copies[targets.find((t) => t.kind === `${name}-reference`).copy].body, 'base64').toString('utf8'),
  )
  console.log(`  ${name}: page ${unnonced(html).length} characters, React alone ${copy.length}`)
  if (unnonced(html) !== copy) {
    await mkdir(path.join(root, 'bench/results'), { recursive: true })
    await writeFile(path.join(root, `bench/results/${name}-page.html`), unnonced(html))
    await writeFile(path.join(root, `bench/results/${name}-reference.html`), copy)
    throw new Error(`React alone did not render the ${name} page's markup: see bench/results/${name}-*.html`)
  }
}
await worker.dispose()
worker = await startBench({
  port: PORTS.app,
  entryPort: PORTS.entry,
  ceiling: { port: PORTS.ceiling, copies },
  reference: { port: PORTS.reference, markup, markups, reads },
})
const pids = workerdPids()

/** The last `?render=N` a `renders` target sent: every request's query is one no request had before. */
let renders = 0

/**
 * One timed run of a target, or of the static copy of its response, on a path: `amount` requests, or
 * one second (a warm-up, which tells how many requests make a round).
 */
async function run(target, role, via, amount) {
  const worker = role === 'ceiling' ? 'ceiling' : target.worker
  const host = role === 'ceiling' ? PATHS[via].host(worker) : (target.host ?? PATHS[via].host(worker))
  const path = role === 'ceiling' ? `/${target.copy}` : target.path
  const headers = {
    'accept-language': 'ko-KR,ko;q=0.9',
    ...(host ? { host } : {}),
    ...(target.renders && role !== 'ceiling' ? { 'cache-control': 'no-cache, no-store' } : {}),
    ...target.headers,
  }
  const url = `${PATHS[via].origin(worker)}${path}`
  const before = cpuMillis(pids)
  const latencies = []
  // A 304 row expects 304s (autocannon counts them as non-2xx); the static copy answers 200.
  const expected = role === 'ceiling' ? 200 : (target.status ?? 200)
  let unexpected = 0
  const started = performance.now()
  const result = await new Promise((resolve, reject) => {
    // autocannon notices it is done at its next sample: every 25 ms, not every second (its default), or
    // a quarter-second round would idle for most of a second and count the idle isolate's timers.
    const options = {
      url,
      headers,
      connections: CONNECTIONS,
      sampleInt: 25,
      ...(amount ? { amount } : { duration: 1 }),
      ...(target.renders && role !== 'ceiling'
        ? {
            requests: [
              {
                setupRequest: (request) => ({
                  ...request,
                  path: `${path}${path.includes('?') ? '&' : '?'}render=${++renders}`,
                }),
              },
            ],
          }
        : {}),
    }
    autocannon(options, (error, done) => (error ? reject(error) : resolve(done))).on(
      'response',
      (_client, status, _bytes, latency) => {
        latencies.push(latency)
        if (status !== expected) unexpected++
      },
    )
  })
  const cpu = cpuMillis(pids) - before
  const seconds = (performance.now() - started) / 1000
  const requests = result.requests.total
  return {
    result,
    seconds,
    rps: requests / seconds,
    cpu,
    cpuPerRequest: requests ? cpu / requests : Number.NaN,
    latencies,
    url,
    headers,
    unexpected,
  }
}

/**
 * A target and the static copy of its response on one path, alternately (the copy first in even
 * rounds, the target first in odd ones), after a warm-up of both. Each round gives two ratios of runs
 * made a second apart: throughput (target ÷ copy, printed) and CPU (the copy's CPU per request ÷ the
 * target's, so 1 still means "costs what its static copy costs" and the budgets keep their numbers;
 * judged). The median round's ratio stands, with the rounds' min–max: on this shared 2-core machine a
 * round can run at half or twice the rate of the next one with the same code, while its CPU per
 * request moves far less. Figures a budget is judged on get 32 rounds, the others 12.
 * Latency percentiles are over every request of the target's rounds; p99Round is the median of the
 * rounds' own p99s, which one stalled second of the host cannot decide.
 */
/** Requests of a round: what the warm-up answered in ROUND_SECONDS, at least 100. */
const amountOf = (warmUp) => Math.max(100, Math.round(warmUp.rps * ROUND_SECONDS))

async function measure(target, via) {
  const amounts = {}
  for (const role of ['ceiling', 'target']) amounts[role] = amountOf(await run(target, role, via))
  const runs = { target: [], ceiling: [] }
  const judged =
    target.kind === 'uncached' ||
    ((target.kind === 'cached' || target.kind === 'api-cached') && via === 'direct') ||
    (target.kind === 'reference' && via === 'entry')
  const rounds = judged ? ROUNDS : CONTEXT_ROUNDS
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ['target', 'ceiling'] : ['ceiling', 'target']
    for (const role of order) runs[role].push(await run(target, role, via, amounts[role]))
  }
  const { url, headers } = runs.target[0]
  const probe = await get(url, headers)
  const sum = (list, pick) => list.reduce((total, item) => total + pick(item), 0)
  const requests = sum(runs.target, (r) => r.result.requests.total)
  const ratios = runs.target.map((r, round) => r.rps / runs.ceiling[round].rps)
  const cpuRatios = runs.target.map((r, round) => runs.ceiling[round].cpuPerRequest / r.cpuPerRequest)
  const duration = (list) => sum(list, (r) => r.seconds)
  return {
    rounds,
    ratio: medianOf(ratios),
    ratioSpread: spreadOf(ratios),
    cpuRatio: medianOf(cpuRatios),
    cpuRatioSpread: spreadOf(cpuRatios),
    cpuRatioInterval: medianInterval(cpuRatios),
    cpuRatios: cpuRatios.map((value) => Number(value.toFixed(3))),
    roundCpu: runs.target.map((r) => Number(r.cpuPerRequest.toFixed(4))),
    roundCeilingCpu: runs.ceiling.map((r) => Number(r.cpuPerRequest.toFixed(4))),
    p99Round: medianOf(runs.target.map((r) => percentiles(r.latencies).p99)),
    rps: requests / duration(runs.target),
    ceilingRps: sum(runs.ceiling, (r) => r.result.requests.total) / duration(runs.ceiling),
    roundRps: runs.target.map((r) => Math.round(r.rps)),
    roundCeilingRps: runs.ceiling.map((r) => Math.round(r.rps)),
    status: probe.status,
    cache: probe.headers['x-page-cache'] ?? '',
    requests,
    ratios: ratios.map((value) => Number(value.toFixed(3))),
    ...percentiles(runs.target.flatMap((r) => r.latencies)),
    errors: sum(runs.target, (r) => r.result.errors + r.result.timeouts + r.unexpected),
    cpuPerRequest: requests ? sum(runs.target, (r) => r.cpu) / requests : null,
    ceilingCpuPerRequest: medianOf(runs.ceiling.map((r) => r.cpuPerRequest)),
  }
}

// BENCH_ONLY=tenant (a part of targets' names; several, comma separated) and BENCH_PATHS=direct narrow a
// run while working on one thing; budgets are judged on what ran.
const only = process.env.BENCH_ONLY
const onlyParts = only ? only.split(',') : []
const selected = (name) => !only || onlyParts.some((part) => name.includes(part))
const vias = (process.env.BENCH_PATHS ?? Object.keys(PATHS).join(',')).split(',')
const results = []
for (const target of targets.filter((t) => selected(t.name))) {
  const row = { ...target }
  for (const via of vias) {
    row[via] = await measure(target, via)
    console.log(`  measured ${target.name} (${PATHS[via].label})`)
  }
  results.push(row)
}

// Two targets of the worker compared with each other, alternating round by round (the one first in
// even rounds, the other in odd ones): each round's CPU per request of each, and the median round's
// ratio stands, with the rounds' min–max. The rows of the table are measured minutes apart, too far
// apart to compare on this shared machine.
async function pairedCpu(page, alone, via) {
  const amounts = new Map()
  for (const target of [page, alone]) amounts.set(target, amountOf(await run(target, 'target', via)))
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const cpu = new Map()
    for (const target of round % 2 ? [alone, page] : [page, alone]) {
      cpu.set(target, (await run(target, 'target', via, amounts.get(target))).cpuPerRequest)
    }
    rounds.push({ page: cpu.get(page), alone: cpu.get(alone), ratio: cpu.get(page) / cpu.get(alone) })
  }
  const pick = (name) => medianOf(rounds.map((round) => round[name]))
  const ratios = rounds.map((r) => r.ratio)
  return {
    ratio: pick('ratio'),
    spread: spreadOf(ratios),
    interval: medianInterval(ratios),
    page: pick('page'),
    alone: pick('alone'),
    ratios: ratios.map((value) => Number(value.toFixed(3))),
  }
}
// Each pair, judged on the worker's own socket (where CPU is the worker's and not the entry's hop):
// - the large realtor's uncached home ÷ React's renderer alone rendering its very markup (decision 058,
//   against the true floor since decision 074);
// - the realtor's cached home on its custom domain ÷ the same home by path: a host's page costs what
//   its path's page costs (decision 074; the custom-domain verdict failed on throughput while
//   the two cost the same CPU).
// - a home's page and a home search, uncached, against React alone rendering their markups (issue 30).
const PAIRS = [
  { name: 'large realtor', page: 'large', alone: 'large-reference', label: 'React alone' },
  { name: 'home page', page: 'home', alone: 'home-reference', label: 'React alone' },
  { name: 'home search', page: 'search', alone: 'search-reference', label: 'React alone' },
  {
    name: 'custom domain',
    page: 'tenant custom domain (cached)',
    alone: 'tenant /equityrealty (cached)',
    label: 'the same page by path',
  },
]
const byKindOrName = (key) => results.find((r) => r.kind === key || r.name === key)
const paired = {}
for (const pair of PAIRS) {
  const [page, alone] = [byKindOrName(pair.page), byKindOrName(pair.alone)]
  if (!page || !alone || !vias.includes('direct')) continue
  const measured = await pairedCpu(page, alone, 'direct')
  paired[pair.name] = measured
  const [low, high] = measured.spread
  console.log(
    `  ${pair.name}, alternating rounds: CPU ${measured.page.toFixed(3)} ms vs ${pair.label} ${measured.alone.toFixed(3)} ms (median rounds), ratio ${measured.ratio.toFixed(2)} (rounds ${low.toFixed(2)}–${high.toFixed(2)})`,
  )
}

await worker.dispose()

// Client JS in a real browser (the whole site, assets included): before any interaction, then with
// every island hydrated.
let clientJs = []
if (!only) {
  worker = await start({ port: PORTS.app })
  clientJs = await measureClientJs(at(PORTS.app), ['/', '/en', '/equityrealty'])
  await worker.dispose()
}

// The contact POST against a webhook that takes 1 s (decision 069): its own worker, beside a loopback webhook.
let contacts = null
if (selected(CONTACT_BENCH_NAME)) {
  contacts = await measureContacts(start, PORTS.app)
  console.log(`  ${formatContacts(contacts)}`)
}

// Budgets, each judged where it means what the issue means (docs/decisions/005), every ratio on CPU per
// request (docs/decisions/074): the static copy's CPU ÷ the target's, median round, min–max beside it.
// - cached pages: ratio and p99 on the worker's own socket, the strict test (through the entry, its
//   hop costs both sides alike and pulls every ratio towards 1; printed, not judged);
// - the uncached render: its ratio through Miniflare's entry, the path of the baseline (a
//   static response at ~0.24 ms, where React's streaming renderer alone reached ~0.14, "the streaming
//   renderer's own limit"); its CPU on the worker's own socket.
// - p99 is judged on the median round's p99 (every request's p99 is printed): a stall of the shared
//   host lands in one or two rounds, not in eight.
// Throughput ratios stay in the table (median and min–max) and are judged nowhere.
// - a ratio's verdict is spread-aware: met when its median meets the limit; "ok (within spread)" when the
//   median misses but the median's 95% interval (medianInterval) still reaches the limit, since the
//   rounds cannot tell it from the limit; missed only when the whole interval is beyond the limit. On this
//   shared machine a cached page's rounds range 0.2–3× its static copy, so a median alone flipped
//   between runs of the same code (docs/decisions/074 has the runs).
const budgets = []
const check = (name, value, limit, ok, unit = '', withinSpread = false) =>
  budgets.push({ name, value, limit, unit, ok, withinSpread })
const spreadText = ([low, high]) => `${low.toFixed(2)}–${high.toFixed(2)}`
/** [value, limit, ok, unit, withinSpread] of a ratio judged against `≥ limit` (or `≤ limit`, `atMost`). */
const ratioVerdict = (median, interval, spread, limit, atMost = false) => {
  const meets = (value) => (atMost ? value <= limit : value >= limit)
  const reaches = meets(atMost ? interval[0] : interval[1])
  return [
    `${median.toFixed(2)} (95% ${spreadText(interval)}; rounds ${spreadText(spread)})`,
    `${atMost ? '≤' : '≥'} ${limit.toFixed(2)}`,
    meets(median) || reaches,
    '',
    !meets(median) && reaches,
  ]
}
const cpuRatio = (m, limit) => ratioVerdict(m.cpuRatio, m.cpuRatioInterval, m.cpuRatioSpread, limit)
const p99 = (m) => [m.p99Round, '≤ 50', m.p99Round <= 50, ' ms']
for (const result of results) {
  const { direct, entry } = result
  for (const via of vias) {
    if (result[via].errors) check(`${result.name} (${PATHS[via].label}): errors`, result[via].errors, 0, false)
  }
  if (result.kind === 'cached' && direct) {
    check(`${result.name}: CPU ratio to its static copy, own socket`, ...cpuRatio(direct, 0.9))
    check(`${result.name}: p99 (median round), own socket`, ...p99(direct))
  }
  // The realtor API's read (issue 19): at least half its static copy, on the worker's own socket like
  // the cached pages (the strict path); the 304 row is judged alike.
  if (result.kind === 'api-cached' && direct) {
    check(`${result.name}: CPU ratio to its static copy, own socket`, ...cpuRatio(direct, 0.5))
    check(`${result.name}: p99 (median round), own socket`, ...p99(direct))
  }
  if (result.kind === 'uncached') {
    // 0.14 is the streaming renderer's own limit in the baseline; when React's renderer alone
    // measures less in this run (noise), what it measures is the limit.
    const alone = results.find((r) => r.kind === 'reference')?.entry?.cpuRatio ?? 0.14
    if (entry) check(`${result.name}: CPU ratio to its static copy, entry`, ...cpuRatio(entry, Math.min(0.14, alone)))
    const cpu = direct?.cpuPerRequest
    if (cpu != null) check(`${result.name}: CPU per render, own socket`, cpu.toFixed(2), '≤ 2', cpu <= 2, ' ms')
  }
}
// The pairs (pairedCpu), on the worker's own socket:
// - the large realtor's uncached home against React's renderer alone rendering its markup: at most 1.15
//   times (issue 20, decision 058). Until issue 28 the reference also built its elements from JSON on
//   every request (~1/5 of its CPU), so the same 1.15 is now measured against the true floor
//   (decision 074);
// - the custom domain's cached home against the same home by path: at most 1.1 times (what a ratio of
//   0.9 to a static copy allows, decision 074).
// - a home's page and a home search against React alone on their markups: at most 1.2 times (issue 30: "a home
//   page renders within 1.2× React alone for the same markup and one D1 round trip; a search within two").
const pairLimits = { 'large realtor': 1.15, 'custom domain': 1.1, 'home page': 1.2, 'home search': 1.2 }
const pairNames = {
  'home page': 'home page: CPU per render ÷ React alone, same markup, own socket',
  'home search': 'home search: CPU per render ÷ React alone, same markup, own socket',
  'large realtor': 'large realtor: CPU per render ÷ React alone (tree built once), same markup, own socket',
  'custom domain': 'tenant custom domain (cached): CPU ÷ the same page by path, own socket',
}
for (const [name, measured] of Object.entries(paired)) {
  const limit = pairLimits[name]
  check(pairNames[name], ...ratioVerdict(measured.ratio, measured.interval, measured.spread, limit, true))
}
for (const page of clientJs) {
  check(
    `${page.path}: JS before interaction (gzip)`,
    kb(page.initial.gzip),
    '≤ 15',
    page.initial.gzip <= 15 * 1024,
    ' KB',
  )
  check(`${page.path}: JS all islands (gzip)`, kb(page.hydrated.gzip), '≤ 100', page.hydrated.gzip <= 100 * 1024, ' KB')
}
// The contact's 201 does not wait for the webhook (a third of its time at most), and every contact still
// reaches it, once (decision 069).
if (contacts) checkContacts(contacts, check)
const bundle = { raw: workerJs.byteLength, gzip: gzipSize(workerJs), brotli: brotliSize(workerJs) }
check('worker bundle (gzip)', kb(bundle.gzip), '≤ 300', bundle.gzip <= 300 * 1024, ' KB')

function kb(bytes) {
  return (bytes / 1024).toFixed(1)
}

const report = formatTable({
  results,
  paths: Object.fromEntries(vias.map((via) => [via, PATHS[via]])),
  clientJs,
  worker: bundle,
  budgets,
  connections: CONNECTIONS,
  rounds: ROUNDS,
  contextRounds: CONTEXT_ROUNDS,
  roundSeconds: ROUND_SECONDS,
})
const fullReport = contacts ? `${report}\n\n${formatContacts(contacts)}` : report
console.log(fullReport)
await mkdir(path.join(root, 'bench/results'), { recursive: true })
await writeFile(
  path.join(root, 'bench/results/latest.json'),
  JSON.stringify(
    { date: new Date().toISOString(), results, paired, clientJs, contacts, worker: bundle, budgets },
    null,
    2,
  ),
)
await writeFile(path.join(root, 'bench/results/latest.md'), fullReport)
const missed = budgets.filter((budget) => !budget.ok)
if (missed.length) {
  console.error(`✗ ${missed.length} budget(s) missed: ${missed.map((budget) => budget.name).join('; ')}`)
  process.exit(1)
}
console.log('✓ every budget met')
