// Request bodies read whole within a size and a time (src/lib/request-body.ts, docs/decisions/079): what is
// read, what is refused and why, and that a refused body is never left half-read — read off to its end (within a
// bound, decision 098) or cancelled — which under the local server kept the next requests waiting or lost the
// answer (issue 29, finding 4). Then limitBody and requestBody on a bare Hono app: the refusals as 413, 408 and
// 400 in the caller's language.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import { AppError } from '../../src/lib/errors'
import {
  BodyRefused,
  bodyDeadlineMs,
  REFUSED_DRAIN_BYTES,
  REFUSED_DRAIN_MS,
  readBody,
} from '../../src/lib/request-body'
import { limitBody } from '../../src/middleware/api'
import { chunksOf, bodySource as source } from '../fixtures/body-source'

const request = (body: ReadableStream<Uint8Array> | string | null, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1:8787/body', { method: 'POST', body, headers })

async function refusal(promise: Promise<unknown>): Promise<BodyRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BodyRefused)
  return error as BodyRefused
}

describe('readBody', () => {
  it('reads a body in any number of chunks whole, up to exactly the limit', async () => {
    const body = source([3, 0, 5, 2])
    const bytes = await readBody(request(body.stream), { maxBytes: 10 })
    expect(bytes).toEqual(new Uint8Array(10).fill(0x61))
    expect(body.cancelled()).toBe(false)
    expect(await readBody(request('{"a":1}'), { maxBytes: 7 })).toEqual(new TextEncoder().encode('{"a":1}'))
    expect(await readBody(request(null), { maxBytes: 0 })).toEqual(new Uint8Array())
  })

  it('refuses a chunked body past the limit, reading off and discarding what is still arriving (up to 1 MiB)', async () => {
    const body = source(chunksOf(50, 4096))
    const error = await refusal(readBody(request(body.stream), { maxBytes: 16 * 1024 }))
    expect(error.reason).toBe('too-large')
    // The 200 KB the client was sending are read to their end, so its connection is left whole for the answer.
    expect(body.ended()).toBe(true)
    expect(body.cancelled()).toBe(false)
  })

  it('drains a refused body at most its bytes more, then cancels the rest', async () => {
    const body = source(chunksOf(1000, 4096))
    const error = await refusal(
      readBody(request(body.stream), { maxBytes: 16 * 1024, drain: { bytes: 64 * 1024, ms: 5_000 } }),
    )
    expect(error.reason).toBe('too-large')
    expect(body.cancelled()).toBe(true)
    // 16 KiB kept, then 64 KiB and one chunk discarded (the runtime may read one ahead).
    expect(body.pulled()).toBeLessThanOrEqual(4 + 17 + 2)
    expect(REFUSED_DRAIN_BYTES).toBe(1024 * 1024)
  })

  it('drains a refused body at most its time, even one that stalls, then cancels the rest', async () => {
    const body = source(chunksOf(10, 4096), { stallAt: 6 })
    const started = Date.now()
    const error = await refusal(
      readBody(request(body.stream), { maxBytes: 16 * 1024, drain: { bytes: 1 << 20, ms: 100 } }),
    )
    expect(error.reason).toBe('too-large')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(body.cancelled()).toBe(true)
    expect(REFUSED_DRAIN_MS).toBe(1_000)
  })

  it('refuses a declared length over the limit without keeping it: what arrives is read off, within the drain', async () => {
    const body = source([10, 10])
    const error = await refusal(readBody(request(body.stream, { 'content-length': '20' }), { maxBytes: 10 }))
    expect(error.reason).toBe('too-large')
    expect(body.ended()).toBe(true)
  })

  it('refuses a declared length that lies about coming at the drain’s time, and cancels it', async () => {
    const body = source([4], { stallAt: 1 })
    const started = Date.now()
    const error = await refusal(
      readBody(request(body.stream, { 'content-length': '5000000' }), {
        maxBytes: 10,
        drain: { bytes: 1 << 20, ms: 100 },
      }),
    )
    expect(error.reason).toBe('too-large')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(body.cancelled()).toBe(true)
  })

  it('counts what arrives, not what is declared: a small length with more behind it is still refused', async () => {
    const body = source([8, 8])
    const error = await refusal(readBody(request(body.stream, { 'content-length': '4' }), { maxBytes: 10 }))
    expect(error.reason).toBe('too-large')
    expect(body.ended()).toBe(true)
  })

  it('refuses a body that stops arriving (a lying length, a stalled upload) at its deadline, and cancels it', async () => {
    const body = source([4, 4], { stallAt: 1 })
    const started = Date.now()
    const error = await refusal(
      readBody(request(body.stream, { 'content-length': '1000' }), { maxBytes: 1000, deadlineMs: 100 }),
    )
    expect(error.reason).toBe('too-slow')
    expect(Date.now() - started).toBeLessThan(1000)
    expect(body.cancelled()).toBe(true)
  })

  it('refuses a trickle under the limit at the deadline: the whole body has one, not each chunk', async () => {
    const body = source(chunksOf(100, 1), { gapMs: 20 })
    const error = await refusal(readBody(request(body.stream), { maxBytes: 1000, deadlineMs: 150 }))
    expect(error.reason).toBe('too-slow')
    expect(body.pulled()).toBeLessThan(100)
    expect(body.cancelled()).toBe(true)
  })

  it('refuses a body that breaks off as broken', async () => {
    const body = source([4, 4], { failAt: 1 })
    const error = await refusal(readBody(request(body.stream), { maxBytes: 1000 }))
    expect(error.reason).toBe('broken')
    expect(error.cause).toBeInstanceOf(Error)
  })

  it('gives a body 5 s and a second per 32 KiB of its limit', () => {
    expect(bodyDeadlineMs(0)).toBe(5_000)
    expect(bodyDeadlineMs(16 * 1024)).toBe(5_500)
    expect(bodyDeadlineMs(1024 * 1024)).toBe(37_000)
    expect(bodyDeadlineMs(5 * 1024 * 1024)).toBe(165_000)
  })
})

describe('limitBody', () => {
  const app = new Hono<AppEnv>()
  app.post('/body', limitBody(16 * 1024), async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }))
  app.onError((error, c) => (error instanceof AppError ? c.json(error.toJSON(), error.status) : c.text('500', 500)))
  const post = (body: ReadableStream<Uint8Array> | string, language: string, headers: Record<string, string> = {}) =>
    app.request('/body', { method: 'POST', body, headers: { 'accept-language': language, ...headers } })

  it('hands the route the whole body, read once, from memory', async () => {
    const body = source([1024, 1024, 1024])
    const response = await post(body.stream, 'en')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ size: 3072 })
  })

  it('answers a chunked body over the limit 413 in the caller’s language, the rest read off', async () => {
    for (const [language, message] of [
      ['ko', '요청 본문이 너무 큽니다. 16384바이트까지 보낼 수 있습니다.'],
      ['en', 'The request body is larger than 16384 bytes.'],
    ] as const) {
      const body = source(chunksOf(50, 4096))
      const response = await post(body.stream, language)
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ error: { code: 'payload_too_large', message } })
      expect(body.ended()).toBe(true)
    }
  })

  it('answers a body cut off 400 in the caller’s language', async () => {
    const response = await post(source([1024], { failAt: 1 }).stream, 'ko')
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      '요청 본문이 끝까지 도착하지 않았습니다. 다시 시도해 주세요.',
    )
  })
})

describe('a body that never arrives, through limitBody', () => {
  it('is a 408 naming the deadline in the caller’s language, at the deadline, its stream cancelled', async () => {
    const app = new Hono<AppEnv>()
    // A 0-byte limit has the shortest deadline: the 5 s floor.
    app.post('/body', limitBody(0), (c) => c.text('read'))
    app.onError((error, c) => (error instanceof AppError ? c.json(error.toJSON(), error.status) : c.text('500', 500)))
    const body = source([], { stallAt: 0 })
    const started = Date.now()
    const response = await app.request('/body', {
      method: 'POST',
      body: body.stream,
      headers: { 'accept-language': 'en' },
    })
    const took = Date.now() - started
    expect(response.status).toBe(408)
    expect(await response.json()).toEqual({
      error: {
        code: 'request_timeout',
        message: 'The request body did not arrive within 5 seconds. Please try again.',
      },
    })
    expect(took).toBeGreaterThanOrEqual(4_900)
    expect(took).toBeLessThan(7_000)
    expect(body.cancelled()).toBe(true)
  }, 10_000)
})
