// Homepage views in Workers Analytics Engine (docs/decisions/073-views-in-analytics-engine.md): a counted
// view is one data point written through the VIEWS binding — no D1 write, nothing held in the isolate —
// and the builder's dashboard reads the realtor's sums back through Analytics Engine's SQL API, over the
// bounded upstream fetch (src/lib/upstream.ts), briefly kept in the isolate's data cache.
import { isLocalMode } from '../config'
import { DEFAULT_CF_API_BASE } from '../domains/cloudflare'
import type { DeviceType } from '../environment'
import type { Locale } from '../locale'
import { type FetchLike, fetchUpstream, upstreamJson, upstreamTimeout } from '../upstream'
import { withoutTrailingSlash } from '../urls'

/** One counted view: whose homepage, the page within the realtor's site, its locale and device class. */
export interface PageView {
  realtorId: number
  path: string
  locale: Locale
  device: DeviceType
}

/**
 * The view as a data point: the realtor's id is the index (what Analytics Engine samples and filters by,
 * so one realtor's views are read without scanning others'), blob1–3 the page, locale and device, blob4
 * the visitor's bucket (./visitor.ts: 16 bits of its address for this realtor and day, '' for none). No
 * double: a point is one view, and SUM(_sample_interval) counts the views a sampled point stands for.
 * Analytics Engine stamps the time; no address, agent or cookie is written.
 */
export function dataPointOf(view: PageView, visitor: string): AnalyticsEngineDataPoint {
  return { indexes: [String(view.realtorId)], blobs: [view.path, view.locale, view.device, visitor] }
}

/** What writes views: Analytics Engine's binding, or in local runs the loopback fake (scripts/fakes/). */
export interface ViewsDataset {
  writeDataPoint(point: AnalyticsEngineDataPoint): void
}

interface DatasetEnv {
  VIEWS?: ViewsDataset
  VIEWS_DATASET?: string
  ENVIRONMENT?: string
  LOCAL_VIEWS_WRITE_URL?: string
}

/**
 * The dataset the beacon writes to. Miniflare's Analytics Engine binding drops every point, so in local
 * mode LOCAL_VIEWS_WRITE_URL (the fake's write endpoint, which the local scripts and tests set) takes its
 * place: the same data point, posted in ctx.waitUntil. src/lib/config.ts refuses that variable outside
 * local mode, so a deployed worker always writes through the binding.
 */
export function viewsDatasetOf(env: DatasetEnv, waitUntil: (promise: Promise<unknown>) => void): ViewsDataset | null {
  const local = env.LOCAL_VIEWS_WRITE_URL?.trim()
  if (local && isLocalMode(env)) {
    const url = `${withoutTrailingSlash(local)}/${encodeURIComponent(env.VIEWS_DATASET || DEFAULT_VIEWS_DATASET)}`
    return {
      writeDataPoint(point) {
        const body = JSON.stringify(point)
        waitUntil(
          fetch(url, { method: 'POST', body }).then(
            (response) => response.body?.cancel(),
            (error: unknown) => console.error('view not written to the local Analytics Engine', error),
          ),
        )
      },
    }
  }
  return env.VIEWS ?? null
}

/** The dataset's name when VIEWS_DATASET is unset: staging's (wrangler.toml). */
export const DEFAULT_VIEWS_DATASET = 'realtor_views_staging'
/** A dataset name as Analytics Engine takes it; src/lib/config.ts refuses any other (it is written into SQL). */
export const DATASET_NAME = /^[A-Za-z0-9_]{1,64}$/
/** A Cloudflare account id: 32 hex digits. */
export const ACCOUNT_ID = /^[0-9a-f]{32}$/
/** The dashboard's three answers are at most a few thousand small rows; anything larger is refused unread. */
const MAX_BODY_BYTES = 512 * 1024
/** Pages read from each source before the top ten are chosen from both (docs/decisions/073). */
export const PAGES_READ = 50

export interface ViewsSqlConfig {
  apiBase: string
  accountId: string
  token: string
  dataset: string
  timeoutMs: number
}

interface SqlEnv {
  CF_API_BASE?: string
  CF_ACCOUNT_ID?: string
  ANALYTICS_API_TOKEN?: string
  VIEWS_DATASET?: string
  UPSTREAM_TIMEOUT_MS?: string
}

/** The SQL API's configuration, or null when it is not configured (the dashboard then says views are unavailable). */
export function viewsSqlConfigOf(env: SqlEnv): ViewsSqlConfig | null {
  const token = env.ANALYTICS_API_TOKEN?.trim()
  const accountId = env.CF_ACCOUNT_ID?.trim()
  if (!token || !accountId) return null
  return {
    apiBase: withoutTrailingSlash(env.CF_API_BASE?.trim() || DEFAULT_CF_API_BASE),
    accountId,
    token,
    dataset: env.VIEWS_DATASET?.trim() || DEFAULT_VIEWS_DATASET,
    timeoutMs: upstreamTimeout(env.UPSTREAM_TIMEOUT_MS),
  }
}

/** The SQL API failed, timed out, answered too much or answered something that is not its JSON format. */
export class ViewsUnavailable extends Error {
  override readonly name = 'ViewsUnavailable'
}

type Row = Record<string, unknown>

/** One statement's rows (`FORMAT JSON`: `{ meta, data, rows }`), or ViewsUnavailable. */
async function query(config: ViewsSqlConfig, fetchImpl: FetchLike, sql: string): Promise<Row[]> {
  const request = new Request(
    `${config.apiBase}/accounts/${encodeURIComponent(config.accountId)}/analytics_engine/sql`,
    { method: 'POST', headers: { authorization: `Bearer ${config.token}` }, body: sql },
  )
  let answer: unknown
  try {
    const response = await fetchUpstream(fetchImpl, request, config.timeoutMs, { maxBytes: MAX_BODY_BYTES })
    if (!response.ok) {
      // A refused statement is answered in text/plain, a refused token in the API's JSON envelope: both logged.
      throw new ViewsUnavailable(`the SQL API answered ${response.status}: ${(await response.text()).slice(0, 200)}`)
    }
    answer = await upstreamJson(response)
  } catch (cause) {
    if (cause instanceof ViewsUnavailable) throw cause
    throw new ViewsUnavailable('the SQL API could not be read', { cause })
  }
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data) || !data.every((row) => typeof row === 'object' && row !== null)) {
    throw new ViewsUnavailable('the SQL API answered without rows')
  }
  return data as Row[]
}

/** A count as the API writes it: UInt64 comes quoted (ClickHouse's JSON format); anything else is no count. */
function countOf(value: unknown): number {
  const count = typeof value === 'string' ? Number(value) : value
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) {
    throw new ViewsUnavailable(`the SQL API answered a count that is not one: ${String(value).slice(0, 40)}`)
  }
  return count
}

/** A realtor's views since a UTC hour, as the dashboard adds them to D1's older rows. Plain data, cacheable. */
export interface ViewFigures {
  /** Views per UTC hour, as `YYYY-MM-DDTHH` and count. */
  hours: [string, number][]
  /** Views per locale and device class: every pair that has any. */
  kinds: { locale: string; device: string; views: number }[]
  /** The PAGES_READ most viewed pages, most first. */
  pages: { path: string; views: number }[]
}

/** `2026-11-26 22:00:00` (ClickHouse's DateTime, UTC) as `2026-11-26T22`. */
function hourKey(value: unknown): string {
  const text = String(value)
  if (!/^\d{4}-\d\d-\d\d[ T]\d\d:/.test(text)) throw new ViewsUnavailable(`the SQL API answered no hour: ${text}`)
  return `${text.slice(0, 10)}T${text.slice(11, 13)}`
}

/** A visitor's views of one page (and locale) within this many seconds count once: reloads, back and forth. */
export const VISIT_WINDOW_SECONDS = 1800
/** The most views one visitor bucket adds to one realtor in a UTC day (a buyer looking at a hundred homes). */
export const VISITOR_DAILY_VIEWS = 100

/**
 * The statements' common source (docs/decisions/090-views-counted-once.md): the realtor's points since
 * `since` as visits — one row per visitor bucket, page, locale and device per VISIT_WINDOW_SECONDS, weighing
 * what its most sampled point stands for. A point with no bucket (written before buckets were) is a
 * visitor of its own second, so it is counted as it was then.
 */
function visitsOf(config: ViewsSqlConfig, realtorId: number, since: string): string {
  // Both values are ours: the id an integer, the time one we format; the dataset was checked by config.ts.
  const where = `WHERE index1 = '${Math.trunc(realtorId)}' AND timestamp >= toDateTime('${since.slice(0, 19).replace('T', ' ')}')`
  return (
    `SELECT if(blob4 = '', toString(toUInt32(timestamp)), blob4) AS visitor, blob1 AS path, blob2 AS locale, ` +
    `blob3 AS device, intDiv(toUInt32(timestamp), ${VISIT_WINDOW_SECONDS}) AS slot, min(timestamp) AS at, ` +
    `max(_sample_interval) AS weight FROM ${config.dataset} ${where} GROUP BY visitor, path, locale, device, slot ` +
    // Every row: a subquery says so rather than trust the API's default limit.
    'LIMIT ALL'
  )
}

/** `sum(weight)` held to VISITOR_DAILY_VIEWS. */
const CAPPED = `if(sum(weight) > ${VISITOR_DAILY_VIEWS}, ${VISITOR_DAILY_VIEWS}, sum(weight))`

/**
 * The realtor's views since `since` (an ISO instant on a whole UTC hour): three statements, each over the
 * visits of visitsOf, read side by side. A visitor bucket is one address's for one UTC day (and read per
 * UTC day, so two days' buckets that happen to be equal are still two visitors); its views are held to
 * VISITOR_DAILY_VIEWS: on the hours, all of them placed on the hour of its first visit; by
 * locale, shared in the proportion it viewed each; on each page, at most VISITOR_DAILY_VIEWS.
 */
export async function viewFiguresOf(
  config: ViewsSqlConfig,
  fetchImpl: FetchLike,
  realtorId: number,
  since: string,
): Promise<ViewFigures> {
  const visits = visitsOf(config, realtorId, since)
  const visitors =
    `SELECT visitor, intDiv(toUInt32(at), 86400) AS day, min(at) AS first, argMin(device, at) AS device, ` +
    `sum(weight) AS seen, sumIf(weight, locale = 'ko') AS ko, ${CAPPED} AS counted FROM (${visits}) ` +
    `GROUP BY visitor, day LIMIT ALL`
  const [hours, kinds, pages] = await Promise.all([
    query(
      config,
      fetchImpl,
      `SELECT toStartOfHour(first) AS hour, sum(counted) AS views FROM (${visitors}) GROUP BY hour FORMAT JSON`,
    ),
    query(
      config,
      fetchImpl,
      `SELECT device, sum(counted * ko / seen) AS ko, sum(counted * (seen - ko) / seen) AS en ` +
        `FROM (${visitors}) GROUP BY device FORMAT JSON`,
    ),
    query(
      config,
      fetchImpl,
      `SELECT path, sum(views) AS views FROM (SELECT visitor, intDiv(toUInt32(at), 86400) AS day, path, ` +
        `${CAPPED} AS views FROM (${visits}) GROUP BY visitor, day, path LIMIT ALL) ` +
        `GROUP BY path ORDER BY views DESC, path LIMIT ${PAGES_READ} FORMAT JSON`,
    ),
  ])
  return {
    hours: hours.map((row) => [hourKey(row.hour), countOf(row.views)]),
    kinds: kinds.flatMap((row) =>
      (['ko', 'en'] as const).map((locale) => ({
        locale,
        device: String(row.device),
        views: Math.round(countOf(row[locale])),
      })),
    ),
    pages: pages.map((row) => ({ path: String(row.path), views: countOf(row.views) })),
  }
}
