// Upstream mode of the realtor API (REALTOR_API_ORIGIN): the §7 calls are forwarded with their method,
// path, query, body and the caller's Authorization; the upstream's JSON answers (2xx and 4xx: its status,
// body and headers) come back unchanged. A timeout (headers or body) is a 504; an unreachable upstream, a
// 5xx, a redirect, a truncated or oversized body or one that is not JSON (HTML, invalid) is a 502 — as our
// JSON error, never the upstream's body or Location.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { AppError } from '../lib/errors'
import { isRealtorApiCall } from '../lib/realtors/contract'
import { purgeRealtor } from '../lib/realtors/service'
import { fetchUpstream, upstreamTimeout } from '../lib/upstream'
import { executionContextOf } from './execution-context'

/**
 * If-Match goes along (a write on the version the upstream's own ETag named, decision 082); If-None-Match does
 * not: the upstream's 304 has no JSON body to check and would be answered as a failure.
 */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language', 'if-match']
/** Hop-by-hop headers, cookies of the upstream's domain, and its addresses (Location) stay behind. */
const DROPPED_RESPONSE_HEADERS = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'content-encoding',
  'location',
]
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
    if (upstream.status >= 300 && upstream.status < 400) throw new AppError(502, 'The upstream API redirected')
    // Any body the client gets is JSON, declared and parsed: an HTML page or a proxy's error page is not.
    const body = await upstream.text()
    if (body !== '') {
      if (!/json/i.test(upstream.headers.get('content-type') ?? ''))
        throw new AppError(502, 'The upstream API answered with something other than JSON')
      try {
        JSON.parse(body)
      } catch {
        throw new AppError(502, 'The upstream API answered with invalid JSON')
      }
    }
    // A write the upstream took: this worker's cached pages and data of that realtor are stale.
    const written = hasBody && upstream.ok ? url.pathname.match(/^\/v1\/realtor\/(?:import\/)?(\d+)$/)?.[1] : undefined
    if (written) await purgeRealtor(c.env, written, executionContextOf(c))
    const responseHeaders = new Headers(upstream.headers)
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name)
    return new Response(body === '' ? null : body, { status: upstream.status, headers: responseHeaders })
  })
