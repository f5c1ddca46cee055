// A request's body, read whole within a size and a time (docs/decisions/079-bounded-request-bodies.md): the
// one way a route takes a body. Refused — past its limit, past its deadline, or cut off — the stream is
// cancelled before the answer, never left half-read and locked (issue 29, finding 4: a chunked body read up
// to the limit and abandoned left the local server to drop its connection mid-upload); a body past its limit,
// declared or sent, is read off within a bound and never kept (decision 098). The caller turns the reason into
// its 4xx.
import { joinChunks } from './bytes'

/** Why a body was refused: more bytes than the limit (declared or sent), not whole by the deadline, or cut off. */
export type BodyRefusal = 'too-large' | 'too-slow' | 'broken'

export class BodyRefused extends Error {
  readonly reason: BodyRefusal

  constructor(reason: BodyRefusal, options?: { cause?: unknown }) {
    super(`The request body was refused: ${reason}`, options)
    this.name = 'BodyRefused'
    this.reason = reason
  }
}

/** What any body is given, however small its limit: a phone's first round trips on a poor connection. */
export const BODY_DEADLINE_FLOOR_MS = 5_000
/** The slowest average a body may arrive at beyond the floor: 32 KiB a second (256 kbit/s). */
export const BODY_MIN_BYTES_PER_SECOND = 32 * 1024

/**
 * How long a body of at most `maxBytes` may take to arrive whole: 5 s, plus a second per 32 KiB of its limit
 * (5.5 s for a 16 KiB form, 37 s for a 1 MiB preview, 165 s for a 5 MiB photo).
 */
export function bodyDeadlineMs(maxBytes: number): number {
  return BODY_DEADLINE_FLOOR_MS + Math.ceil((maxBytes * 1000) / BODY_MIN_BYTES_PER_SECOND)
}

/**
 * What of a body still arriving after it passed its limit is read and thrown away before the refusal is
 * answered: at most 1 MiB more, for at most a second (docs/decisions/098-refused-body-drain.md). The local
 * server closes a connection whose request body was not read to its end as soon as the answer is written,
 * and a client still sending then gets a reset that discards the answer — the 413 never arrived for about
 * one body in twelve, and once the local proxy answered 500. What arrives past either bound is cancelled.
 */
export const REFUSED_DRAIN_BYTES = 1024 * 1024
export const REFUSED_DRAIN_MS = 1_000

export interface BodyLimits {
  /** The most bytes taken; one more is a refusal. */
  maxBytes: number
  /** From the call; bodyDeadlineMs(maxBytes) when not given. */
  deadlineMs?: number
  /** How much of a body past its limit is drained before the refusal; REFUSED_DRAIN_* when not given. */
  drain?: { bytes: number; ms: number }
}

/** The Content-Length a request declares, or null when it declares none (a chunked body). */
function declaredLength(headers: Headers): number | null {
  if (headers.has('transfer-encoding')) return null
  const value = headers.get('content-length')
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null
}

/** Cancels without waiting: a peer that stalls holds nothing up, and a stream already gone is no failure. */
const cancel = (stream: { cancel(reason?: unknown): Promise<void> }, reason: BodyRefused) => {
  stream.cancel(reason).catch(() => {})
}

/**
 * Reads and discards what `reader` still gives, up to `bytes` more and until `until` (a Date.now() time): a
 * body refused for its size is read off the connection, not kept, so that its answer is not lost to a reset.
 * Settles at the body's end, at either bound, or when the stream errors; the caller cancels what is left.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number, until: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = new Promise<{ done: true }>((resolve) => {
    timer = setTimeout(() => resolve({ done: true }), Math.max(0, until - Date.now()))
  })
  let discarded = 0
  try {
    while (discarded <= bytes) {
      const read = await Promise.race([reader.read(), stop])
      if (read.done) return
      discarded += read.value?.byteLength ?? 0
    }
  } catch {
    // A stream that breaks while drained has nothing more to give.
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The whole body of `request` (empty when it has none), at most `maxBytes` of it, arrived within `deadlineMs`.
 * Throws BodyRefused otherwise, with the stream cancelled: 'too-large' as soon as the declared length or the
 * bytes read pass the limit (what is still arriving drained first, within `drain`), 'too-slow' when the
 * deadline passes first (a trickling or a lying length that never comes), 'broken' when the stream errors (the
 * client went away, a length it did not send).
 */
export async function readBody(
  request: Request,
  {
    maxBytes,
    deadlineMs = bodyDeadlineMs(maxBytes),
    drain = { bytes: REFUSED_DRAIN_BYTES, ms: REFUSED_DRAIN_MS },
  }: BodyLimits,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = request.body
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const declared = declaredLength(request.headers)
  if (declared !== null && declared > maxBytes) {
    // Refused unread, and drained like any body past its limit: cancelled at once, the local server closed the
    // connection under a client still sending its declared bytes and the 413 was lost (decision 098).
    const refused = new BodyRefused('too-large')
    await discardRest(reader, drain.bytes, Date.now() + Math.min(drain.ms, deadlineMs))
    cancel(reader, refused)
    throw refused
  }
  const chunks: Uint8Array[] = []
  let size = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const started = Date.now()
  // Raced against each read, so the deadline holds even for a read the runtime never settles.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyRefused('too-slow')), deadlineMs)
  })
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), deadline])
      if (read.done) break
      size += read.value.byteLength
      if (size > maxBytes) throw new BodyRefused('too-large')
      chunks.push(read.value)
    }
  } catch (error) {
    const refused = error instanceof BodyRefused ? error : new BodyRefused('broken', { cause: error })
    clearTimeout(timer)
    if (refused.reason === 'too-large')
      await discardRest(reader, drain.bytes, Math.min(Date.now() + drain.ms, started + deadlineMs))
    cancel(reader, refused)
    throw refused
  } finally {
    clearTimeout(timer)
  }
  reader.releaseLock()
  return joinChunks(chunks, size)
}

/**
 * Cancels the body of a request answered without reading it (refused first: 401, 403, 404, 415, 429), so that
 * nothing waits for the rest of it. The runtime would discard it anyway; the local server (`wrangler dev`)
 * instead reads it to its end before the answer leaves, and a lying length or a trickle held the answer as long
 * as its sender liked. A body read, being read, or handed on (locked) is left as it is.
 */
export function cancelUnreadBody(request: Request): void {
  const body = request.body
  if (body && !request.bodyUsed && !body.locked) body.cancel().catch(() => {})
}
