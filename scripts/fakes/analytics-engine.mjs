// A loopback fake of Workers Analytics Engine (docs/decisions/073-views-in-analytics-engine.md), for local
// runs (npm start, npm run dev, the browser tests' worker) and the tests; never deployed. Miniflare's
// Analytics Engine binding drops every data point, so locally the worker's data points come here
// (POST /__write/{dataset}, the local write of src/lib/page-views/analytics.ts) and the dashboard reads them
// through the SQL API's own endpoint, `POST /client/v4/accounts/{account}/analytics_engine/sql`, with the
// production client pointed at this origin (CF_API_BASE).
//
// It answers only what the documented API answers: a bearer token or the gateway's JSON error envelope;
// a statement it understands — the dashboard's three, over one dataset filtered by index1 and a lower time
// bound — as `FORMAT JSON` (`{ meta, data, rows, rows_before_limit_at_least }`, 64-bit
// integers quoted as ClickHouse does); anything else 422 with a text/plain description, as the real
// service answers a statement it cannot run. Tests add points of any time and sample interval, and make
// the next answers fail (`/__control`).
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'

export const FAKE_ANALYTICS_ACCOUNT = '0123456789abcdef0123456789abcdef'
export const FAKE_ANALYTICS_TOKEN = 'fake-analytics-engine-token'

// The dashboard's three statements (src/lib/page-views/analytics.ts, docs/decisions/090): each reads the
// realtor's visits — points grouped by visitor bucket, page, locale, device and time slot — directly (pages)
// or per visitor (hours, locale shares). The fake finds that innermost statement, then the per-visitor one,
// then names the outer one; it computes each as ClickHouse would.
const VISITS =
  /SELECT if\(blob4 = '', toString\(toUInt32\(timestamp\)\), blob4\) AS visitor, blob1 AS path, blob2 AS locale, blob3 AS device, intDiv\(toUInt32\(timestamp\), (?<window>\d+)\) AS slot, min\(timestamp\) AS at, max\(_sample_interval\) AS weight FROM (?<dataset>[A-Za-z0-9_]+) WHERE index1 = '(?<index>[^'\\]*)' AND timestamp >= toDateTime\('(?<since>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)'\) GROUP BY visitor, path, locale, device, slot LIMIT ALL/
const VISITORS =
  /SELECT visitor, intDiv\(toUInt32\(at\), 86400\) AS day, min\(at\) AS first, argMin\(device, at\) AS device, sum\(weight\) AS seen, sumIf\(weight, locale = 'ko'\) AS ko, if\(sum\(weight\) > (?<cap>\d+), \k<cap>, sum\(weight\)\) AS counted FROM \(<visits>\) GROUP BY visitor, day LIMIT ALL/
const HOURS =
  /^SELECT toStartOfHour\(first\) AS hour, sum\(counted\) AS views FROM \(<visitors>\) GROUP BY hour FORMAT JSON$/
const KINDS =
  /^SELECT device, sum\(counted \* ko \/ seen\) AS ko, sum\(counted \* \(seen - ko\) \/ seen\) AS en FROM \(<visitors>\) GROUP BY device FORMAT JSON$/
const PAGES =
  /^SELECT path, sum\(views\) AS views FROM \(SELECT visitor, intDiv\(toUInt32\(at\), 86400\) AS day, path, if\(sum\(weight\) > (?<cap>\d+), \k<cap>, sum\(weight\)\) AS views FROM \(<visits>\) GROUP BY visitor, day, path LIMIT ALL\) GROUP BY path ORDER BY views DESC, path LIMIT (?<limit>\d+) FORMAT JSON$/

/** `2026-11-26 22:00:00`: ClickHouse's DateTime text, in UTC (Analytics Engine's timestamps are). */
function hourOf(ms) {
  return `${new Date(ms).toISOString().slice(0, 13).replace('T', ' ')}:00:00`
}

class QueryError extends Error {}

/** Sums `weight(item)` into `key(item)`'s row, made by `start(item)` the first time. */
function groupBy(items, key, start, add) {
  const rows = new Map()
  for (const item of items) {
    const k = key(item)
    const row = rows.get(k) ?? start(item)
    add(row, item)
    rows.set(k, row)
  }
  return [...rows.values()]
}

/** The visits: one row per visitor, page, locale, device and slot of `window` seconds. */
function visitsOf({ window, dataset, index, since }, points) {
  const from = Date.parse(`${since.replace(' ', 'T')}Z`)
  const held = points.filter((point) => point.dataset === dataset && point.index1 === index && point.timestamp >= from)
  const seconds = (point) => Math.floor(point.timestamp / 1000)
  const visit = (point) => ({
    visitor: point.blobs[3] || String(seconds(point)),
    path: point.blobs[0] ?? '',
    locale: point.blobs[1] ?? '',
    device: point.blobs[2] ?? '',
    slot: Math.floor(seconds(point) / Number(window)),
  })
  return groupBy(
    held,
    (point) => JSON.stringify(visit(point)),
    (point) => ({ ...visit(point), at: point.timestamp, weight: 0 }),
    (row, point) => {
      // DateTime has whole seconds.
      row.at = Math.min(row.at, seconds(point) * 1000)
      row.weight = Math.max(row.weight, point.sampleInterval)
    },
  )
}

/** A UTC day's number, as intDiv(toUInt32(at), 86400). */
const dayOf = (ms) => Math.floor(ms / 86_400_000)

/** The visitors: per bucket and UTC day, its first visit and device, its views, those in Korean, and them held to `cap`. */
function visitorsOf(visits, cap) {
  return groupBy(
    visits,
    (visit) => JSON.stringify([visit.visitor, dayOf(visit.at)]),
    (visit) => ({ first: visit.at, device: visit.device, seen: 0, ko: 0 }),
    (row, visit) => {
      if (visit.at < row.first) Object.assign(row, { first: visit.at, device: visit.device })
      row.seen += visit.weight
      if (visit.locale === 'ko') row.ko += visit.weight
      row.counted = Math.min(row.seen, cap)
    },
  )
}

/** The statement's result, or a QueryError saying what the fake does not understand. */
function run(sql, points) {
  let text = sql.replace(/\s+/g, ' ').trim()
  const visits = VISITS.exec(text)
  if (!visits?.groups) throw new QueryError('unable to parse query')
  text = text.replace(visits[0], '<visits>')
  const visitors = VISITORS.exec(text)
  if (visitors?.groups) text = text.replace(visitors[0], '<visitors>')
  const rowsOf = () => visitsOf(visits.groups, points)
  const perVisitor = () => visitorsOf(rowsOf(), Number(visitors.groups.cap))
  const uint = (n) => String(n)

  if (visitors && HOURS.test(text)) {
    const rows = groupBy(
      perVisitor(),
      (row) => hourOf(row.first),
      (row) => ({ hour: hourOf(row.first), views: 0 }),
      (sum, row) => {
        sum.views += row.counted
      },
    )
    return answer(
      [
        { name: 'hour', type: 'DateTime' },
        { name: 'views', type: 'UInt64' },
      ],
      rows.map((row) => ({ hour: row.hour, views: uint(row.views) })),
    )
  }
  if (visitors && KINDS.test(text)) {
    const rows = groupBy(
      perVisitor(),
      (row) => row.device,
      (row) => ({ device: row.device, ko: 0, en: 0 }),
      (sum, row) => {
        sum.ko += (row.counted * row.ko) / row.seen
        sum.en += (row.counted * (row.seen - row.ko)) / row.seen
      },
    )
    return answer(
      [
        { name: 'device', type: 'String' },
        { name: 'ko', type: 'Float64' },
        { name: 'en', type: 'Float64' },
      ],
      rows,
    )
  }
  const pages = PAGES.exec(text)
  if (pages?.groups) {
    const cap = Number(pages.groups.cap)
    const perPage = groupBy(
      rowsOf(),
      (visit) => JSON.stringify([visit.visitor, dayOf(visit.at), visit.path]),
      (visit) => ({ path: visit.path, seen: 0 }),
      (row, visit) => {
        row.seen += visit.weight
      },
    )
    const rows = groupBy(
      perPage,
      (row) => row.path,
      (row) => ({ path: row.path, views: 0 }),
      (sum, row) => {
        sum.views += Math.min(row.seen, cap)
      },
    ).sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    const limited = rows.slice(0, Number(pages.groups.limit))
    return {
      ...answer(
        [
          { name: 'path', type: 'String' },
          { name: 'views', type: 'UInt64' },
        ],
        limited.map((row) => ({ path: row.path, views: uint(row.views) })),
      ),
      rows_before_limit_at_least: rows.length,
    }
  }
  throw new QueryError('unable to parse query')
}

/** `FORMAT JSON`'s envelope. */
function answer(meta, data) {
  return { meta, data, rows: data.length }
}

/** What the next SQL answers do instead of answering (tests): `times` answers, then normal again. */
const MODES = new Set(['error500', 'error503', 'hang', 'garbage', 'oversize', 'html'])

/**
 * Starts the fake on 127.0.0.1 (`port` 0: any free one). With `file`, points are kept there (one JSON line
 * each) and read back on start, so a local run's views outlive a restart as Analytics Engine's would.
 */
export async function startFakeAnalyticsEngine({ port = 0, file } = {}) {
  const points = []
  if (file && existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line) points.push(JSON.parse(line))
  }
  if (file) mkdirSync(path.dirname(file), { recursive: true })
  let mode = null
  const keep = (point) => {
    points.push(point)
    if (file) appendFileSync(file, `${JSON.stringify(point)}\n`)
  }

  const server = createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', 'http://fake')
    const send = (status, type, text) => {
      response.writeHead(status, { 'content-type': type })
      response.end(text)
    }
    const json = (status, value) => send(status, 'application/json', JSON.stringify(value))

    // The worker's local write: one data point as writeDataPoint takes it, stamped now.
    const write = /^\/__write\/([A-Za-z0-9_]+)$/.exec(url.pathname)
    if (write && request.method === 'POST') {
      const point = JSON.parse(body)
      keep({
        dataset: write[1],
        timestamp: Date.now(),
        index1: point.indexes?.[0] ?? '',
        blobs: point.blobs ?? [],
        sampleInterval: 1,
      })
      return send(204, 'text/plain', '')
    }
    // Tests: points of any time and sample interval, the points held, and failure modes.
    if (url.pathname === '/__points' && request.method === 'POST') {
      for (const point of JSON.parse(body)) keep({ sampleInterval: 1, blobs: [], ...point })
      return send(204, 'text/plain', '')
    }
    if (url.pathname === '/__points' && request.method === 'GET') {
      const dataset = url.searchParams.get('dataset')
      const index = url.searchParams.get('index1')
      return json(
        200,
        points.filter((point) => point.dataset === dataset && (index === null || point.index1 === index)),
      )
    }
    if (url.pathname === '/__control' && request.method === 'POST') {
      const asked = JSON.parse(body)
      if (asked.mode !== null && !MODES.has(asked.mode)) return send(400, 'text/plain', 'unknown mode')
      mode = asked.mode === null ? null : { mode: asked.mode, times: asked.times ?? 1 }
      return send(204, 'text/plain', '')
    }

    const sql = /^\/client\/v4\/accounts\/([^/]+)\/analytics_engine\/sql$/.exec(url.pathname)
    if (!sql || request.method !== 'POST') {
      return json(404, { success: false, errors: [{ code: 7000, message: 'No route for that URI' }], messages: [] })
    }
    // The API gateway refuses a missing or wrong token with the Cloudflare API's JSON envelope.
    if (request.headers.authorization !== `Bearer ${FAKE_ANALYTICS_TOKEN}` || sql[1] !== FAKE_ANALYTICS_ACCOUNT) {
      return json(400, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [] })
    }
    if (mode) {
      const { mode: now } = mode
      if (--mode.times <= 0) mode = null
      if (now === 'hang') return // never answers: the client's deadline must end the call
      if (now === 'error500') return send(500, 'text/plain', 'internal error')
      if (now === 'error503') return send(503, 'text/plain', 'the data store is unavailable')
      if (now === 'html') return send(200, 'text/html', '<html><body>Bad gateway</body></html>')
      if (now === 'garbage') return json(200, { meta: [], data: 'not rows', rows: 'many' })
      if (now === 'oversize') return json(200, { meta: [], data: [{ path: 'x'.repeat(2 * 1024 * 1024) }], rows: 1 })
    }
    try {
      return json(200, run(body, points))
    } catch (error) {
      if (error instanceof QueryError) return send(422, 'text/plain', error.message)
      throw error
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  return {
    origin,
    /** The worker's configuration for this fake: the SQL API's base, account and token, and the local write. */
    vars: {
      CF_API_BASE: `${origin}/client/v4`,
      CF_ACCOUNT_ID: FAKE_ANALYTICS_ACCOUNT,
      ANALYTICS_API_TOKEN: FAKE_ANALYTICS_TOKEN,
      LOCAL_VIEWS_WRITE_URL: `${origin}/__write`,
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The fake's vars as `wrangler dev` arguments (`--var NAME:value`), for the local scripts. */
export function wranglerVarArgs(vars) {
  return Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`])
}
