// Helpers of the JSON APIs: the caller's locale for messages, validation that throws one error shape,
// body limits and the signed-in check (who may manage which realtor: ./permissions.ts).
import { zValidator } from '@hono/zod-validator'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv, SessionUser } from '../env'
import { isLocalMode } from '../lib/config'
import { AppError } from '../lib/errors'
import { intlFor, type MessageKey } from '../lib/i18n'
import { jsonProblem, MAX_JSON_DEPTH } from '../lib/json'
import { detectLocale, LOCALE_COOKIE, type Locale } from '../lib/locale'
import { BodyRefused, bodyDeadlineMs, readBody } from '../lib/request-body'
import { INVALID_INPUT_MESSAGE, localizeIssues } from '../lib/validation'
import * as z from '../lib/zod'

/** APIs have no /en prefix: the locale cookie, then Accept-Language, say which language messages use. */
export function apiLocale(c: Context<AppEnv>): Locale {
  return detectLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'))
}

/** A message of the catalogue (locales/*.json) in the caller's language, with its `{arguments}`. */
export function apiMessage(c: Context<AppEnv>, id: MessageKey, values?: Record<string, string | number>): string {
  return intlFor(apiLocale(c)).formatMessage({ id }, values)
}

/**
 * A decoded value checked whole. Keys that could pollute prototypes (`__proto__`, `constructor`,
 * `prototype`) and nesting deeper than any document of ours are refused before the schema sees the
 * value, as an issue of their own.
 */
function safeParseInput<T>(schema: z.ZodType<T, unknown>, value: unknown): z.ZodSafeParseResult<T> {
  const problem = jsonProblem(value)
  if (problem === null) return schema.safeParse(value)
  const path = problem.path ? problem.path.split('.') : []
  const issue = { code: 'custom' as const, path, message: problem.kind, input: value, maximum: MAX_JSON_DEPTH }
  return { success: false, error: new z.ZodError([issue]) as z.ZodError<T> }
}

/** Validates a decoded value whole: hostile keys and schema failures are a 400 naming each field. */
export function parseInput<T>(schema: z.ZodType<T, unknown>, value: unknown, locale: Locale): T {
  const result = safeParseInput(schema, value)
  if (!result.success) throw invalidInput(result.error, locale)
  return result.data
}

/** A 400 naming each field a schema refused, in the caller's language. */
export function invalidInput(error: Pick<z.ZodError, 'issues'>, locale: Locale): AppError {
  return new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields: localizeIssues(error.issues, locale) })
}

/**
 * A write whose service checks the input further (a profile checked whole, whose photos it may name): a
 * ZodError it throws is our 400 naming each field, like a body the schema refused.
 */
export async function checkedWrite<T>(locale: Locale, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    throw error instanceof z.ZodError ? invalidInput(error, locale) : error
  }
}

/** The hook every JSON body shares: a refused body is our 400 with localized fields, never zod's own. */
function refuseInvalidBody(result: { success: boolean; error?: Pick<z.ZodError, 'issues'> }, c: Context): void {
  if (!result.success && result.error) throw invalidInput(result.error, apiLocale(c))
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * `zValidator('json')` with a zod schema: typed `c.req.valid('json')`, our error shape on failure. A
 * body that is not JSON is refused first (415, or 400 when there is none), never read as `{}`: a PATCH
 * sent as text or a form would otherwise succeed and change nothing.
 */
export const jsonBody = <T>(schema: z.ZodType<T, unknown>) => {
  const validate = zValidator('json', schema, refuseInvalidBody, { validationFunction: safeParseInput })
  const checked: MiddlewareHandler = async (c: Context<AppEnv>, next) => {
    const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? ''
    if (!mediaType && !c.req.raw.body) throw new AppError(400, apiMessage(c, 'api.body.empty'))
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw new AppError(415, apiMessage(c, 'api.body.notJson'))
    try {
      return await validate(c as never, next)
    } catch (error) {
      // Hono's own answer to a body that does not parse (English, without our shape).
      if (error instanceof HTTPException && !(error instanceof AppError) && error.status === 400)
        throw new AppError(
          400,
          apiMessage(c, error.message.includes('Malformed') ? 'api.body.malformed' : 'api.body.empty'),
        )
      throw error
    }
  }
  return checked as unknown as typeof validate
}

/** `zValidator('query')` with a zod schema: typed `c.req.valid('query')`, the same 400 as a body's. */
export const queryParams = <T>(schema: z.ZodType<T, unknown>) =>
  zValidator('query', schema, refuseInvalidBody, { validationFunction: safeParseInput })

export const JSON_BODY_LIMIT = 256 * 1024

/**
 * The request's whole body, at most `maxBytes` and within its deadline (src/lib/request-body.ts); a refused
 * one is our 4xx in the caller's language, its stream already cancelled: 413 naming the limit (`tooLarge`,
 * the catalogue's message given `{max}`), 408 for a body that does not arrive in time, 400 for one cut off.
 */
export async function requestBody(
  c: Context<AppEnv>,
  maxBytes: number,
  tooLarge: MessageKey = 'api.body.tooLarge',
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBody(c.req.raw, { maxBytes })
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error
    const seconds = Math.ceil(bodyDeadlineMs(maxBytes) / 1000)
    if (error.reason === 'too-large') throw new AppError(413, apiMessage(c, tooLarge, { max: maxBytes }))
    if (error.reason === 'too-slow') throw new AppError(408, apiMessage(c, 'api.body.tooSlow', { seconds }))
    throw new AppError(400, apiMessage(c, 'api.body.incomplete'), { cause: error })
  }
}

/**
 * Every route that takes a body does so through this (or requestBody): the body is read here, whole and
 * bounded, and the route reads it from memory. Never hono's bodyLimit, which leaves a chunked body over the
 * limit half-read (issue 29, finding 4).
 */
export const limitBody = (maxSize = JSON_BODY_LIMIT) =>
  createMiddleware<AppEnv>(async function limitBody(c, next) {
    if (!c.req.raw.body) return next()
    const bytes = await requestBody(c, maxSize)
    c.req.raw = new Request(c.req.raw, { body: bytes })
    await next()
  })

/** Refuses a signed-out caller before its body is even read: 401 comes before 400. */
export const signedIn = () =>
  createMiddleware<AppEnv>(async function signedIn(c, next) {
    requireUser(c)
    await next()
  })

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user')
  if (!user) throw new AppError(401, apiMessage(c, 'api.auth.required'))
  return user
}

export interface RateLimitOptions {
  /** Seconds a refused client waits (the binding's period in wrangler.toml), sent as Retry-After. */
  retryAfter?: number
  /**
   * Limit every request, keyed on an address the client cannot choose: with ENVIRONMENT=local one
   * shared key (docs/decisions/026-sign-in-throttling.md), else CF-Connecting-IP, or one shared key
   * for requests without it. Without this, requests with no CF-Connecting-IP are not limited.
   */
  limitEveryone?: boolean
}

/** The key of requests whose client address cannot be known or trusted. */
const SHARED_ADDRESS = 'shared'

/**
 * The client address a limiter keys on, or null for "do not limit". Behind Cloudflare it is the
 * address Cloudflare saw (never X-Forwarded-For); locally anyone can send that header.
 */
export function rateLimitAddress(c: Context<AppEnv>, limitEveryone = false): string | null {
  const ip = c.req.header('cf-connecting-ip')
  if (!limitEveryone) return ip ?? null
  return isLocalMode(c.env) ? SHARED_ADDRESS : (ip ?? SHARED_ADDRESS)
}

/**
 * Throws 429 with the catalogue's `message` (given `{seconds}`, the Retry-After it sends) when the
 * client is over `limiter` for `key`, keyed on rateLimitAddress(); without `limitEveryone`, requests
 * without an address are local tools and not limited. Every call counts against the budget: call it
 * where a request is to be counted (for the forms, once the submission is accepted).
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  limiter: RateLimit,
  key: (ip: string) => string,
  message: MessageKey,
  { retryAfter = 60, limitEveryone = false }: RateLimitOptions = {},
): Promise<void> {
  const ip = rateLimitAddress(c, limitEveryone)
  if (ip === null || (await limiter.limit({ key: key(ip) })).success) return
  c.header('Retry-After', String(retryAfter))
  throw new AppError(429, apiMessage(c, message, { seconds: retryAfter }))
}
