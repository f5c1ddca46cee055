// Calls to upstream APIs that never hang: every call has a deadline, and failures become one of two
// gateway errors (DESIGN.md "Security and failure").
import { AppError } from './errors'

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 3000

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>

export function upstreamTimeout(value: string | undefined): number {
  const ms = Number(value)
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_UPSTREAM_TIMEOUT_MS
}

/**
 * fetch with a deadline: the request is aborted when it passes (PITFALLS: hono's timeout() does not
 * cancel the fetch) and the call settles even if the fetch ignores its signal. A timeout is a 504, an
 * unreachable upstream a 502.
 */
export async function fetchUpstream(
  fetchImpl: FetchLike,
  request: Request,
  timeoutMs: number,
  { buffer = false }: { buffer?: boolean } = {},
): Promise<Response> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new AppError(504, 'The upstream API did not answer in time'))
    }, timeoutMs)
  })
  try {
    return await Promise.race([
      fetchImpl(new Request(request, { signal: controller.signal }))
        .then((response) => (buffer ? buffered(response) : response))
        .catch((cause: unknown) => {
          if (cause instanceof AppError) throw cause
          throw controller.signal.aborted
            ? new AppError(504, 'The upstream API did not answer in time', { cause })
            : new AppError(502, 'The upstream API could not be reached', { cause })
        }),
      deadline,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Upstream bodies above this are refused rather than buffered. */
export const MAX_UPSTREAM_BODY_BYTES = 5 * 1024 * 1024

/**
 * The whole body, read within the call's deadline, so a truncated, reset or oversized body is a 502
 * before anything is sent to the client — never a response that breaks halfway.
 */
async function buffered(response: Response): Promise<Response> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > MAX_UPSTREAM_BODY_BYTES) throw new AppError(502, 'The upstream API answered too much')
  const body = await response.arrayBuffer()
  if (body.byteLength > MAX_UPSTREAM_BODY_BYTES) throw new AppError(502, 'The upstream API answered too much')
  return new Response(body, response)
}
