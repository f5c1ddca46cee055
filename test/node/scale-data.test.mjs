// The scale bench's generator and traffic (bench/scale, docs/decisions/056-scale-bench.md): valid, unique
// addresses; statements within D1's statement size; Zipf traffic that is skewed and covers the tail; with
// several isolates, data hits judged against the repeats each isolate saw (decision 075).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CITY_SLOTS, homeStatement, realtorOf, realtorStatements } from '../../bench/scale/data.mjs'
import { ISOLATE_HEADER, repeatCounter } from '../../bench/scale/drive.mjs'
import { judge } from '../../bench/scale/report.mjs'
import { mixedOf, random, targetsOf, zipf } from '../../bench/scale/traffic.mjs'

test('every generated realtor has a valid, unique address and a license of its market', () => {
  const realtors = Array.from({ length: 10_000 }, (_, i) => realtorOf(i + 1))
  assert.equal(new Set(realtors.map((r) => r.slug)).size, realtors.length)
  for (const r of realtors) {
    assert.match(r.slug, /^[a-z_-]+$/)
    assert.match(r.license, r.market === 'crmls' ? /^DRE #0\d{7}$/ : /^GA #\d{6}$/)
  }
  assert.equal(CITY_SLOTS.length, 100)
  const published = realtors.filter((r) => r.published)
  assert.ok(published.length > 8_500 && published.some((r) => r.host))
  assert.ok(realtors.filter((r) => r.host).every((r) => r.published))
})

test('statements stay under D1’s 100 KB statement limit', () => {
  for (const sql of realtorStatements(300)) assert.ok(Buffer.byteLength(sql) < 100_000)
  assert.ok(Buffer.byteLength(homeStatement(1, 50_000, 10_000)) < 100_000)
})

test('Zipf traffic: a few realtors take much of it, the tail still gets some', () => {
  const next = random(1)
  const draw = zipf(
    Array.from({ length: 1_000 }, (_, i) => i),
    next,
  )
  const counts = new Map()
  for (let i = 0; i < 50_000; i++) {
    const item = draw()
    counts.set(item, (counts.get(item) ?? 0) + 1)
  }
  const sorted = [...counts.values()].sort((a, b) => b - a)
  // s = 1 over 1,000: the top 10 take ~39%, and most items are drawn at least once.
  const top = sorted.slice(0, 10).reduce((sum, n) => sum + n, 0) / 50_000
  assert.ok(top > 0.3 && top < 0.5, `top 10 share ${top}`)
  assert.ok(counts.size > 800)
})

test('every target draws requests of its own kind; the mix leaves out the walks of every realtor', () => {
  // The view beacon's body carries each realtor's proof (decision 077): the worker makes them; any will do here.
  const proofs = new Map(Array.from({ length: 1_000 }, (_, i) => [i + 1, 'proof']))
  const targets = targetsOf('small', 'token', [], 'http://127.0.0.1', proofs)
  for (const target of targets) assert.match(target.next().path, /^\//)
  const mixed = mixedOf(targets)
  for (let i = 0; i < 1_000; i++) {
    const { path } = mixed.next()
    assert.ok(path !== '/sitemap.xml' && !path.startsWith('/v1/accounts'), path)
  }
})

test('the repeats an isolate saw itself: a key sent to two isolates repeats only on its second visit to one', () => {
  const seen = new Map()
  const seenByIsolate = new Map()
  const counter = repeatCounter({ seen, seenByIsolate, lifetimeMs: 10_000 })
  counter.count('host/a', 0, 0) // first anywhere
  counter.count('host/a', 1, 1) // a repeat over all isolates, the first at isolate 1
  counter.count('host/a', 0, 2) // a repeat for both
  counter.count('host/b', 1, 3) // first anywhere
  assert.deepEqual(counter.rates(), {
    repeatRate: 2 / 4,
    allowedHitRate: 2 / 4,
    repeatIsolateRate: 1 / 4,
    allowedIsolateHitRate: 1 / 4,
  })
  // The maps carry a warm-up over to the measured run, as run.mjs passes them.
  assert.deepEqual([...seenByIsolate.keys()].sort(), ['0|host/a', '1|host/a', '1|host/b'])
  const measured = repeatCounter({ seen, seenByIsolate, lifetimeMs: 10_000 })
  measured.count('host/b', 0, 4)
  measured.count('host/b', 1, 5)
  assert.deepEqual(measured.rates(), {
    repeatRate: 1,
    allowedHitRate: 1,
    repeatIsolateRate: 1 / 2,
    allowedIsolateHitRate: 1 / 2,
  })
  // Past the lifetime a repeat is a miss again (stored anew), for both counts.
  const later = repeatCounter({ seen, seenByIsolate, lifetimeMs: 10_000 })
  later.count('host/a', 0, 20_000)
  later.count('host/a', 0, 20_001)
  assert.equal(later.rates().allowedHitRate, 1 / 2)
  assert.equal(later.rates().allowedIsolateHitRate, 1 / 2)
})

test('with one isolate the figures over all isolates and per isolate agree', () => {
  const counter = repeatCounter({ lifetimeMs: 5 })
  const next = random(7)
  for (let now = 0; now < 1_000; now++) counter.count(`host/${Math.floor(next() * 20)}`, 0, now)
  const rates = counter.rates()
  assert.equal(rates.allowedIsolateHitRate, rates.allowedHitRate)
  assert.equal(rates.repeatIsolateRate, rates.repeatRate)
})

test('the front door sends a request to the isolate the driver named, without its header; at random without one', async () => {
  const { routerScript } = await import('../../bench/scale/worker.mjs')
  const { default: door } = await import(`data:text/javascript,${encodeURIComponent(routerScript(3))}`)
  const reached = []
  const env = Object.fromEntries(
    [0, 1, 2].map((i) => [`I${i}`, { fetch: (request) => reached.push([i, request.headers.get(ISOLATE_HEADER)]) }]),
  )
  await door.fetch(new Request('http://127.0.0.1/x', { headers: { [ISOLATE_HEADER]: '2' } }), env)
  await door.fetch(new Request('http://127.0.0.1/x', { headers: { [ISOLATE_HEADER]: '1' } }), env)
  assert.deepEqual(reached, [
    [2, null],
    [1, null],
  ])
  for (let i = 0; i < 60; i++) await door.fetch(new Request('http://127.0.0.1/x'), env)
  assert.equal(new Set(reached.slice(2).map(([i]) => i)).size, 3)
})

/** A run of one size whose Zipf rows are a page row and a data row, each with its two allowed figures. */
function runOf(rows) {
  const caches = { pageCache: {}, dataCache: {}, totals: {} }
  return {
    small: {
      seedSeconds: 1,
      rows: rows.map((row) => ({ kind: 'zipf', zipf: true, errors: 0, statuses: {}, ...row })),
      mixed: { requests: 1, errors: 0, caches },
      memory: { afterMixedHeaps: { worker: { live: 10 } } },
    },
  }
}

test('judge(): data rows against what each isolate’s repeats allow, page rows against all isolates’ repeats', () => {
  const budgets = judge(
    runOf([
      // The edge is shared: 90% page hits meet 92% allowed over all isolates (its 60% per isolate is not its figure).
      { name: 'tenant ko /x', pageHitRate: 0.9, allowedHitRate: 0.92, allowedIsolateHitRate: 0.6 },
      // The last 8-isolate run: 58% data hits against 75% over all isolates, 60% per isolate.
      {
        name: 'realtor API /v1/realtor/x',
        pageHitRate: null,
        dataHitRate: 0.58,
        allowedHitRate: 0.75,
        allowedIsolateHitRate: 0.6,
      },
      // A data row missing what its own isolates allow.
      { name: 'tenant sitemap', pageHitRate: null, dataHitRate: 0.5, allowedHitRate: 0.75, allowedIsolateHitRate: 0.6 },
    ]),
  )
  const of = (name) => budgets.find((b) => b.name.startsWith(`small ${name}:`))
  assert.deepEqual(of('tenant ko /x'), {
    name: 'small tenant ko /x: page hits vs what repeats allow',
    value: '90% vs 92%',
    limit: '≥ allowed − 5 points',
    ok: true,
  })
  assert.deepEqual(of('realtor API /v1/realtor/x'), {
    name: "small realtor API /v1/realtor/x: data hits vs what each isolate's repeats allow",
    value: '58% vs 60%',
    limit: '≥ allowed − 5 points',
    ok: true,
  })
  assert.equal(of('tenant sitemap').ok, false)
  assert.equal(of('tenant sitemap').value, '50% vs 60%')
  // A page row whose hits fall short of the global figure misses even when the per-isolate one is lower.
  const [missed] = judge(
    runOf([{ name: 'custom', pageHitRate: 0.8, allowedHitRate: 0.9, allowedIsolateHitRate: 0.5 }]),
  ).filter((b) => b.name.includes('hits vs'))
  assert.equal(missed.ok, false)
  // Rows recorded before the per-isolate figure existed keep the global one.
  const [old] = judge(runOf([{ name: 'api', pageHitRate: null, dataHitRate: 0.7, allowedHitRate: 0.8 }])).filter((b) =>
    b.name.includes('hits vs'),
  )
  assert.equal(old.value, '70% vs 80%')
})
