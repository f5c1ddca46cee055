// Upstream mode of the realtor API (REALTOR_API_ORIGIN): the §7 calls are forwarded with their method,
// path, query, body and the caller's Authorization; the upstream's answers (2xx-4xx: its status, body
// and headers) come back unchanged. A timeout is a 504; an unreachable upstream, a 5xx, a truncated
// body or JSON that does not parse is a 502 — as our JSON error, never the upstream's body (issue 7).
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { AppError } from '../lib/errors'
import { isRealtorApiCall } from '../lib/realtors/contract'
import { purgeRealtor } from '../lib/realtors/service'
import { fetchUpstream, upstreamTimeout } from '../lib/upstream'

const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language']
/** Hop-by-hop headers, and cookies of the upstream's domain, stay behind. */
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'content-encoding']
/** Most of an answer read: an export is at most an import's 1 MB (src/routes/api/realtor.ts); more is a 502. */
const MAX_ANSWER_BYTES = 1024 * 1024

export const realtorProxy = () =>
  createMiddleware<AppEnv>(async function realtorProxy(c, next) {
    const origin = c.env.REALTOR_API_ORIGIN
    const url = new URL(c.req.url)
    if (!origin || !isRealtorApiCall(c.req.method, url.pathname)) return next()

    const headers = new Headers()
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    const request = new Request(new URL(url.pathname + url.search, origin), {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : null,
      redirect: 'manual',
    })
    const timeout = upstreamTimeout(c.env.UPSTREAM_TIMEOUT_MS)
    const upstream = await fetchUpstream(c.get('upstreamFetch'), request, timeout, { maxBytes: MAX_ANSWER_BYTES })
    if (upstream.status >= 500) throw new AppError(502, 'The upstream API failed')
    if (/json/i.test(upstream.headers.get('content-type') ?? '')) {
      try {
        JSON.parse(await upstream.clone().text())
      } catch {
        throw new AppError(502, 'The upstream API answered with invalid JSON')
      }
    }
    // A write the upstream took: this worker's cached pages and data of that realtor are stale.
    const written = hasBody && upstream.ok ? url.pathname.match(/^\/v1\/realtor\/(?:import\/)?(\d+)$/)?.[1] : undefined
    if (written) await purgeRealtor(c.env, written)
    const responseHeaders = new Headers(upstream.headers)
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name)
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders })
  })
