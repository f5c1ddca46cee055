// The JSON APIs' helpers (src/middleware/api.ts) on a bare Hono app: bodies go through
// @hono/zod-validator with our hook, hostile keys are refused before the schema runs, and the
// catalogue's api.* messages come out in the caller's language.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import { AppError } from '../../src/lib/errors'
import * as z from '../../src/lib/zod'
import { apiMessage, enforceRateLimit, jsonBody } from '../../src/middleware/api'

function appWith(schema: z.ZodType<unknown, unknown>) {
  const app = new Hono<AppEnv>()
  app.post('/body', jsonBody(schema), (c) => c.json({ got: c.req.valid('json') }))
  app.get('/message', (c) => c.text(apiMessage(c, 'api.contacts.unknownRealtor')))
  app.get('/limited', async (c) => {
    const limiter = { limit: async () => ({ success: false }) } as unknown as RateLimit
    await enforceRateLimit(c, limiter, (ip) => ip, 'api.leads.tooMany')
    return c.text('not limited')
  })
  app.onError((error, c) => (error instanceof AppError ? c.json(error.toJSON(), error.status) : c.text('500', 500)))
  return app
}

const post = (app: Hono<AppEnv>, body: string, language = 'en') =>
  app.request('/body', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body,
  })

describe('jsonBody', () => {
  const schema = z.strictObject({ name: z.string().min(1, 'required').max(5, 'too_long') })

  it('hands the route the parsed value', async () => {
    const response = await post(appWith(schema), '{"name":"Jane"}')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ got: { name: 'Jane' } })
  })

  it('answers a refused body with our 400 and localized fields, never zod’s own shape', async () => {
    const en = await post(appWith(schema), '{"name":"Jane Kim","extra":1}')
    expect(en.status).toBe(400)
    expect(await en.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Please check the highlighted fields.',
        fields: [
          { path: 'name', message: 'Use at most 5 characters.' },
          { path: 'extra', message: 'This field cannot be set.' },
        ],
      },
    })
    const ko = (await (await post(appWith(schema), '{}', 'ko')).json()) as { error: { message: string } }
    expect(ko.error).toMatchObject({
      message: '입력값을 확인해 주세요.',
      fields: [{ path: 'name', message: '필수 항목입니다.' }],
    })
  })

  it('refuses a hostile key before the schema sees the value', async () => {
    let ran = false
    const spy = z.unknown().refine(() => {
      ran = true
      return true
    })
    const response = await post(appWith(spy), '{"a":{"__proto__":{"isAdmin":true}}}', 'ko')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { fields: [{ path: 'a.__proto__', message: '허용되지 않는 키입니다.' }] },
    })
    expect(ran).toBe(false)
  })
})

describe('catalogue messages of the APIs', () => {
  it('come in the language of the locale cookie, then Accept-Language', async () => {
    const app = appWith(z.unknown())
    const text = async (headers: Record<string, string>) => (await app.request('/message', { headers })).text()
    expect(await text({ 'accept-language': 'en-US' })).toBe('This realtor does not exist.')
    expect(await text({ 'accept-language': 'en-US', cookie: 'locale=ko' })).toBe('존재하지 않는 리얼터입니다.')
  })

  it('name the 429 of a rate limit by catalogue id', async () => {
    const response = await appWith(z.unknown()).request('/limited', {
      headers: { 'cf-connecting-ip': '203.0.113.9', 'accept-language': 'en' },
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await response.json()).toMatchObject({
      error: { code: 'rate_limited', message: 'Too many requests. Please try again in 60 seconds.' },
    })
  })
})
