// Calls to upstream APIs that never hang: headers and a bounded body within one deadline; failures are 502/504.
import { joinChunks } from './bytes'
import { AppError } from './errors'

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 3000

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

/**
 * A fetch with a step of its own before any request leaves through it: the outbox records that a delivery's
 * sending begins (src/lib/outbox/sending.ts, docs/decisions/089). fetchUpstream takes that step before its
 * deadline starts, so our own write never eats into the upstream's time; a rejected step sends nothing.
 */
export type GatedFetch = FetchLike & { beforeSend?: () => Promise<void> }

export function upstreamTimeout(value: string | undefined): number {
  const ms = Number(value)
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_UPSTREAM_TIMEOUT_MS
}

/**
 * What the caller takes of the answer's body: at most `maxBytes` of it, read within the deadline, or
 * 'discard' (a webhook's answer is its status) — the body is cancelled and nothing waits for it.
 */
export type UpstreamBody = { maxBytes: number } | 'discard'

const timedOut = (cause?: unknown) => new AppError(504, 'The upstream API did not answer in time', { cause })
const tooLarge = () => new AppError(502, 'The upstream API answered too much')

/**
 * fetch with a deadline over the whole exchange, headers and body: the request and the body read are
 * aborted when it passes (hono's timeout() would not cancel the fetch) and the call settles even if
 * the fetch ignores its signal. Redirects are never followed. The answer comes back with its body
 * already read (or cancelled); a timeout is a 504, an unreachable upstream or a body that breaks off
 * or passes `maxBytes` a 502.
 */
export async function fetchUpstream(
  fetchImpl: GatedFetch,
  request: Request,
  timeoutMs: number,
  body: UpstreamBody,
): Promise<Response> {
  await fetchImpl.beforeSend?.()
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(timedOut())
    }, timeoutMs)
  })
  try {
    return await Promise.race([
      fetchImpl(new Request(request, { signal: controller.signal, redirect: 'manual' }))
        .then((response) => (body === 'discard' ? discarded(response) : buffered(response, body.maxBytes, controller)))
        .catch((cause: unknown) => {
          if (cause instanceof AppError) throw cause
          throw controller.signal.aborted
            ? timedOut(cause)
            : new AppError(502, 'The upstream API could not be reached', { cause })
        }),
      deadline,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** The answer without its body, which is cancelled and not awaited: a peer trickling it holds nothing up. */
function discarded(response: Response): Response {
  response.body?.cancel().catch(() => {})
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** Statuses whose Response cannot have a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * The whole body, read chunk by chunk until the deadline's abort, so a slow, truncated, reset or
 * oversized body is an error before anything reaches the client — never a response that breaks halfway.
 * A declared Content-Length above the cap is refused unread.
 */
async function buffered(response: Response, maxBytes: number, controller: AbortController): Promise<Response> {
  const chunks: Uint8Array[] = []
  let size = 0
  if (response.body) {
    const reader = response.body.getReader()
    const stop = () => reader.cancel().catch(() => {})
    controller.signal.addEventListener('abort', stop)
    try {
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge()
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.byteLength
        if (size > maxBytes) throw tooLarge()
        chunks.push(read.value)
      }
      if (controller.signal.aborted) throw timedOut()
    } catch (error) {
      stop()
      throw error
    } finally {
      controller.signal.removeEventListener('abort', stop)
    }
  }
  const bytes = joinChunks(chunks, size)
  // The body held here is decoded and whole: its length and encoding are no longer the upstream's.
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  const keepsBody = size > 0 && !NULL_BODY_STATUSES.has(response.status)
  return new Response(keepsBody ? bytes : null, { status: response.status, statusText: response.statusText, headers })
}

/** The JSON of an answer fetchUpstream read; a body that is not JSON (HTML, cut off, invalid) is a 502. */
export async function upstreamJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text())
  } catch (cause) {
    throw new AppError(502, 'The upstream API answered with invalid JSON', { cause })
  }
}
