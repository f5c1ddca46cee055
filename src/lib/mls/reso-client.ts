// The client of a RESO Web API feed (OData 4, as CRMLS, FMLS and MLS Grid serve it; docs/decisions/093):
// an OAuth2 client-credentials bearer kept until it expires, one GET per page through fetchUpstream (a
// deadline and a byte cap, so nothing hangs), a 401 answered by one fresh token, and a 429 turned into the
// time to come back (Retry-After), never a retry loop inside a step.
import { AppError } from '../errors'
import { type FetchLike, fetchUpstream, upstreamJson } from '../upstream'
import type { ResoProperty } from './record'

/** A feed's endpoints and OAuth2 client: RESO_{FEED}_BASE_URL, _TOKEN_URL, _CLIENT_ID, _CLIENT_SECRET. */
export interface ResoFeedConfig {
  baseUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
}

/** One page of a resource: its records and the server's link to the next page, if any. */
export interface ResoPage<T> {
  value: T[]
  nextLink: string | null
}

/** The feed asked us to wait (429): the step stops and the checkpoint says when to resume. */
export class ResoThrottled extends Error {
  constructor(readonly retryAt: Date) {
    super(`The feed throttled the replication until ${retryAt.toISOString()}`)
  }
}

/** A page of 200 listings with their Media is well under this; a feed answering more is refused. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024
/** Seconds before a bearer's expiry when a new one is asked for (a page must not start with a dying token). */
const EXPIRY_MARGIN_S = 60
/** When a 429 names no Retry-After: the feeds' documented windows are per minute and per hour. */
const DEFAULT_RETRY_AFTER_S = 60

/** Bearers by token URL and client: module-level, as they are the deployment's, never a request's. */
const tokens = new Map<string, { token: string; expiresAt: number }>()

export interface ResoClient {
  /** GET of a feed URL (a query we built or a server's nextLink) as one page of records. */
  page<T = ResoProperty>(url: string): Promise<ResoPage<T>>
}

export function resoClient(
  config: ResoFeedConfig,
  fetchImpl: FetchLike,
  timeoutMs: number,
  now: () => number = Date.now,
): ResoClient {
  const cacheKey = `${config.tokenUrl}\n${config.clientId}`

  async function bearer(fresh: boolean): Promise<string> {
    const held = tokens.get(cacheKey)
    if (!fresh && held && held.expiresAt > now()) return held.token
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
    })
    const request = new Request(config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    })
    const response = await fetchUpstream(fetchImpl, request, timeoutMs, { maxBytes: 64 * 1024 })
    if (!response.ok) throw new AppError(502, `The feed's token endpoint answered ${response.status}`)
    const answer = (await upstreamJson(response)) as { access_token?: unknown; expires_in?: unknown }
    if (typeof answer.access_token !== 'string' || !answer.access_token)
      throw new AppError(502, "The feed's token endpoint answered no access_token")
    const lifetime = Number(answer.expires_in) > 0 ? Number(answer.expires_in) : 3600
    tokens.set(cacheKey, {
      token: answer.access_token,
      expiresAt: now() + Math.max(0, lifetime - EXPIRY_MARGIN_S) * 1000,
    })
    return answer.access_token
  }

  async function get(url: string, fresh: boolean): Promise<Response> {
    const token = await bearer(fresh)
    const request = new Request(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } })
    return fetchUpstream(fetchImpl, request, timeoutMs, { maxBytes: MAX_PAGE_BYTES })
  }

  return {
    async page<T>(url: string): Promise<ResoPage<T>> {
      let response = await get(url, false)
      // An expired or revoked bearer: one new token, once.
      if (response.status === 401) response = await get(url, true)
      if (response.status === 429) throw new ResoThrottled(retryAtOf(response.headers.get('retry-after'), now()))
      if (!response.ok)
        throw new AppError(502, `The feed answered ${response.status}: ${await odataError(response)}`, {
          code: `feed_${response.status}`,
        })
      const body = (await upstreamJson(response)) as { value?: unknown; '@odata.nextLink'?: unknown }
      if (!Array.isArray(body.value)) throw new AppError(502, 'The feed answered a page without a value array')
      const next = body['@odata.nextLink']
      return { value: body.value as T[], nextLink: typeof next === 'string' && next ? new URL(next, url).href : null }
    },
  }
}

/** Retry-After as seconds or an HTTP date; anything else (or nothing) waits DEFAULT_RETRY_AFTER_S. */
export function retryAtOf(header: string | null, now: number): Date {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return new Date(now + Number(value) * 1000)
  const date = Date.parse(value)
  return new Date(Number.isNaN(date) ? now + DEFAULT_RETRY_AFTER_S * 1000 : Math.max(date, now))
}

/** An OData error body's message (`{"error":{"code","message"}}`), else the start of the body. */
async function odataError(response: Response): Promise<string> {
  const text = await response.text()
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message
    if (typeof message === 'string') return message.slice(0, 200)
  } catch {}
  return text.slice(0, 200)
}

/** Forgets every bearer (tests start as a fresh isolate would). */
export function forgetTokens(): void {
  tokens.clear()
}
