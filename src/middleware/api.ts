// Helpers of the JSON APIs: the caller's locale for messages, validation that throws one error shape,
// body limits, and the role and ownership checks every write makes.
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import type { AppEnv, SessionUser } from '../env'
import { AppError } from '../lib/errors'
import { findHostileKey } from '../lib/json'
import { detectLocale, LOCALE_COOKIE, type Locale } from '../lib/locale'
import type { Realtor } from '../lib/realtors/types'
import { INVALID_INPUT_MESSAGE, localizeIssues, validationMessage } from '../lib/validation'

/** APIs have no /en prefix: the locale cookie, then Accept-Language, say which language messages use. */
export function apiLocale(c: Context<AppEnv>): Locale {
  return detectLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'))
}

/** Validates a decoded value whole: hostile keys and schema failures are a 400 naming each field. */
export function parseInput<T>(schema: z.ZodType<T, unknown>, value: unknown, locale: Locale): T {
  const hostile = findHostileKey(value)
  if (hostile !== null) {
    const fields = [{ path: hostile, message: validationMessage('hostile_key', locale) }]
    throw new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields })
  }
  const result = schema.safeParse(value)
  if (!result.success) throw invalidInput(result.error, locale)
  return result.data
}

/** A 400 naming each field a schema refused, in the caller's language. */
export function invalidInput(error: z.ZodError, locale: Locale): AppError {
  return new AppError(400, INVALID_INPUT_MESSAGE[locale], { fields: localizeIssues(error.issues, locale) })
}

/** `validator('json')` with a zod schema: typed `c.req.valid('json')`, our error shape on failure. */
export const jsonBody = <T>(schema: z.ZodType<T, unknown>) =>
  validator('json', (value, c: Context<AppEnv>) => parseInput(schema, value, apiLocale(c)))

export const JSON_BODY_LIMIT = 256 * 1024

export const limitBody = (maxSize = JSON_BODY_LIMIT) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, `The request body is larger than ${maxSize} bytes`)
    },
  })

/** Refuses a signed-out caller before its body is even read: 401 comes before 400. */
export const signedIn = () =>
  createMiddleware<AppEnv>(async function signedIn(c, next) {
    requireUser(c)
    await next()
  })

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user')
  if (!user) throw new AppError(401, 'Sign in first: a session cookie or a bearer token is required')
  return user
}

/** Admins write every realtor; a realtor account only its own profile. */
export function assertCanWrite(user: SessionUser, realtor: Pick<Realtor, 'userId'>): void {
  if (user.role === 'admin') return
  if (user.role === 'realtor' && realtor.userId === user.id) return
  throw new AppError(403, 'This account may not change this realtor')
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
  return c.env.ENVIRONMENT === 'local' ? SHARED_ADDRESS : (ip ?? SHARED_ADDRESS)
}

/**
 * Throws 429 with `message` and Retry-After when the client is over `limiter` for `key`, keyed on
 * rateLimitAddress(); without `limitEveryone`, requests without an address are local tools and
 * not limited.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  limiter: RateLimit,
  key: (ip: string) => string,
  message: Record<Locale, string>,
  { retryAfter = 60, limitEveryone = false }: RateLimitOptions = {},
): Promise<void> {
  const ip = rateLimitAddress(c, limitEveryone)
  if (ip === null || (await limiter.limit({ key: key(ip) })).success) return
  c.header('Retry-After', String(retryAfter))
  throw new AppError(429, message[apiLocale(c)])
}
