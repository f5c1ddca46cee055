// A loopback fake of Workers Analytics Engine (docs/decisions/073-views-in-analytics-engine.md), for local
// runs (npm start, npm run dev, the browser tests' worker) and the tests; never deployed. Miniflare's
// Analytics Engine binding drops every data point, so locally the worker's data points come here
// (POST /__write/{dataset}, the local write of src/lib/page-views/analytics.ts) and the dashboard reads them
// through the SQL API's own endpoint, `POST /client/v4/accounts/{account}/analytics_engine/sql`, with the
// production client pointed at this origin (CF_API_BASE).
//
// It answers only what the documented API answers: a bearer token or the gateway's JSON error envelope;
// a statement it understands — the dashboard's shape, one dataset filtered by index1 and a lower time
// bound, grouped and summed — as `FORMAT JSON` (`{ meta, data, rows, rows_before_limit_at_least }`, 64-bit
// integers quoted as ClickHouse does); anything else 422 with a text/plain description, as the real
// service answers a statement it cannot run. Tests add points of any time and sample interval, and make
// the next answers fail (`/__control`).
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'

export const FAKE_ANALYTICS_ACCOUNT = '0123456789abcdef0123456789abcdef'
export const FAKE_ANALYTICS_TOKEN = 'fake-analytics-engine-token'

/** Columns a statement may select, each under the one alias the dashboard gives it. */
const COLUMNS = {
  'toStartOfHour(timestamp) AS hour': { name: 'hour', type: 'DateTime', of: (point) => hourOf(point.timestamp) },
  'blob1 AS path': { name: 'path', type: 'String', of: (point) => point.blobs[0] ?? '' },
  'blob2 AS locale': { name: 'locale', type: 'String', of: (point) => point.blobs[1] ?? '' },
  'blob3 AS device': { name: 'device', type: 'String', of: (point) => point.blobs[2] ?? '' },
}
const SUM = 'SUM(_sample_interval) AS views'

const STATEMENT =
  /^SELECT (?<select>.+?) FROM (?<dataset>[A-Za-z0-9_]+) WHERE index1 = '(?<index>[^'\\]*)' AND timestamp >= toDateTime\('(?<since>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)'\) GROUP BY (?<group>[a-z, ]+?)(?<order> ORDER BY views DESC(?<orderPath>, path)?)?(?: LIMIT (?<limit>\d+))? FORMAT JSON$/

/** `2026-11-26 22:00:00`: ClickHouse's DateTime text, in UTC (Analytics Engine's timestamps are). */
function hourOf(ms) {
  return `${new Date(ms).toISOString().slice(0, 13).replace('T', ' ')}:00:00`
}

class QueryError extends Error {}

/** The statement's result, or a QueryError saying what the fake does not understand. */
function run(sql, points) {
  const match = STATEMENT.exec(sql.replace(/\s+/g, ' ').trim())
  if (!match?.groups) throw new QueryError('unable to parse query')
  const { select, dataset, index, since, group, order, orderPath, limit } = match.groups
  const items = select.split(', ')
  if (items.at(-1) !== SUM) throw new QueryError('the fake sums _sample_interval as views only')
  const columns = items.slice(0, -1).map((item) => {
    const column = COLUMNS[item]
    if (!column) throw new QueryError(`unknown column or expression: ${item}`)
    return column
  })
  const names = columns.map((column) => column.name)
  if (group.split(', ').join() !== names.join()) throw new QueryError('GROUP BY must name every selected column')
  if (orderPath && !names.includes('path')) throw new QueryError('unknown column: path')
  const from = Date.parse(`${since.replace(' ', 'T')}Z`)
  const sums = new Map()
  for (const point of points) {
    if (point.dataset !== dataset || point.index1 !== index || point.timestamp < from) continue
    const values = columns.map((column) => column.of(point))
    const key = JSON.stringify(values)
    const row = sums.get(key) ?? { values, views: 0 }
    row.views += point.sampleInterval
    sums.set(key, row)
  }
  let rows = [...sums.values()]
  if (order) {
    const pathAt = names.indexOf('path')
    rows.sort((a, b) => b.views - a.views || (orderPath ? a.values[pathAt].localeCompare(b.values[pathAt]) : 0))
  }
  const before = rows.length
  if (limit !== undefined) rows = rows.slice(0, Number(limit))
  const data = rows.map((row) =>
    Object.fromEntries([...names.map((name, i) => [name, row.values[i]]), ['views', String(row.views)]]),
  )
  return {
    meta: [...columns.map(({ name, type }) => ({ name, type })), { name: 'views', type: 'UInt64' }],
    data,
    rows: data.length,
    ...(limit !== undefined ? { rows_before_limit_at_least: before } : {}),
  }
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
