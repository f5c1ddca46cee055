// A buyer's signed-in browser on a realtor's site (docs/decisions/107-buyer-accounts.md): the `buyer` cookie
// (a random token; buyer_sessions keeps its SHA-256), set on each path the site's pages live under, so it is
// sent only to that realtor's pages — /{desiredUrl} and /en/{desiredUrl} on the provider's host, / on the
// realtor's own domain. Whatever cookie arrives, the buyer is looked up from the realtor's id: another
// realtor's buyer is nobody here.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { TenantEnv } from '../env'
import { BUYER_COOKIE, BUYER_SESSION_TTL_MS, type Buyer, buyerOfSession, savedHomeKeys } from '../lib/buyers/store'
import { cookieOf, splitLocalePath } from '../lib/locale'
import { sitePath } from '../lib/urls'

/** The paths the site's pages live under: both locales' under the provider's host, the root of a domain. */
export function buyerCookiePaths(tenantBase: string): string[] {
  return tenantBase ? [tenantBase, `/en${tenantBase}`] : ['/']
}

function cookieLine(c: Context<TenantEnv>, value: string, path: string, maxAge: number): string {
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : ''
  return `${BUYER_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`
}

/**
 * Headers a buyer route's answer carries, whatever Response it returns (a rendered page is a Response of its
 * own, which headers set on the context never reach): kept per request, added by answerHeaders().
 */
const pending = new WeakMap<Request, [string, string][]>()

/** Adds a header to the answer of this request (see answerHeaders). */
export function answerHeader(c: Context<TenantEnv>, name: string, value: string): void {
  const list = pending.get(c.req.raw) ?? []
  list.push([name, value])
  pending.set(c.req.raw, list)
}

/** The middleware of the buyer's routes that puts answerHeader()'s headers on the answer. */
export const answerHeaders = () =>
  createMiddleware<TenantEnv>(async function answerHeaders(c, next) {
    await next()
    const list = pending.get(c.req.raw)
    if (!list) return
    pending.delete(c.req.raw)
    const response = new Response(c.res.body, c.res)
    for (const [name, value] of list) response.headers.append(name, value)
    c.res = response
  })

/** Signs this browser in on the site: the cookie on each of its paths. */
export function setBuyerCookie(c: Context<TenantEnv>, token: string): void {
  const maxAge = Math.floor(BUYER_SESSION_TTL_MS / 1000)
  for (const path of buyerCookiePaths(c.get('tenantBase')))
    answerHeader(c, 'Set-Cookie', cookieLine(c, token, path, maxAge))
}

/** Signs this browser out on the site: the cookie cleared on each of its paths. */
export function clearBuyerCookie(c: Context<TenantEnv>): void {
  for (const path of buyerCookiePaths(c.get('tenantBase'))) answerHeader(c, 'Set-Cookie', cookieLine(c, '', path, 0))
}

/** The cookie's token as the request sent it, if any. */
export const buyerTokenOf = (c: Context<TenantEnv>): string | undefined =>
  cookieOf(c.req.header('cookie'), BUYER_COOKIE)

/**
 * Reads the buyer of the request's cookie (null when none, unknown, expired or another realtor's) into
 * `buyer`. A request with the cookie is rendered for that buyer: never marked shareable (the front already
 * hands it to no page cache: src/lib/page-cache.ts).
 */
export const buyerSession = () =>
  createMiddleware<TenantEnv>(async function buyerSession(c, next) {
    c.set('buyer', null)
    const token = buyerTokenOf(c)
    if (token !== undefined) {
      c.set('cacheable', false)
      const buyer = await buyerOfSession(c.env.DB, c.get('realtor').id, token)
      c.set('buyer', buyer)
      // A page shows their hearts filled: the keys they saved, read once for the page.
      if (buyer && c.req.method === 'GET') c.set('savedHomes', new Set(await savedHomeKeys(c.env.DB, buyer.id)))
    }
    await next()
  })

export const buyerOf = (c: Context<TenantEnv>): Buyer | null => c.get('buyer') ?? null

/** The longest path within the site a link or a redirect carries back. */
const MAX_NEXT = 400
const NEXT_PATH = /^\/[A-Za-z0-9/_.~%?=&+,:;@!$'()*-]*$/

/** A path within the site (`/homes/FM1`, `/homes?city=…`), checked; null when it is none. */
export function siteNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_NEXT || !NEXT_PATH.test(value)) return null
  if (value.startsWith('//') || value.includes('/..')) return null
  return value
}

/**
 * The path within this site of a page of it the browser came from (its Referer), or null: another site's
 * page, or another realtor's, is never gone back to.
 */
export function refererPagePath(c: Context<TenantEnv>): string | null {
  const referer = c.req.header('referer')
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.origin !== new URL(c.req.url).origin) return null
  const { rest } = splitLocalePath(url.pathname)
  const base = c.get('tenantBase')
  let path: string
  if (!base) path = rest
  else if (rest === base) path = '/'
  else if (rest.startsWith(`${base}/`)) path = rest.slice(base.length)
  else return null
  return siteNextPath(`${path}${url.search}`)
}

/** The address of a path within the site, in the request's locale. */
export const siteHref = (c: Context<TenantEnv>, path: string) =>
  path === '/' ? sitePath(c.var) : sitePath(c.var, path)
