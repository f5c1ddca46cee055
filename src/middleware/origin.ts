// The one origin check of every write (docs/decisions/085-one-origin-check-for-writes.md): a POST, PUT,
// PATCH or DELETE that a browser says another site's page sent is refused before any route runs, which is
// the CSRF protection of everything the session cookie authenticates. Mounted once in src/worker.ts, after
// the session and before every route; test/api/write-origin.test.ts walks the route table against it.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { AppError } from '../lib/errors'
import { isSafeMethod, parseOrigins, type RequestSource, requestSourceOf } from '../lib/request-origin'
import { apiMessage } from './api'

/** A write other sites' pages may send: its method and the path the router matches (Site.routePath). */
export interface OpenWrite {
  method: string
  path: string
}

/**
 * The writes any origin may send, and why; each acts for no one. The contact form's post: realtors' sites
 * send it from wherever they are hosted (their own domains, upstream mode's sites), and it needs no account.
 * The alerts' one-click unsubscribe: its signed link is its authority, and it can only turn mail off.
 */
export const OPEN_WRITES: readonly OpenWrite[] = [
  { method: 'POST', path: '/v1/realtor-contacts' },
  // RFC 8058's one-click unsubscribe of a buyer's alert mail: a mail client posts it from wherever it runs; it
  // needs no cookie and its signed token acts only to stop mail (docs/decisions/108-listing-alerts.md).
  { method: 'POST', path: '/@site/alerts/unsubscribe' },
]

/** Where the request says it comes from (src/lib/request-origin.ts), with this deployment's allowed origins. */
export const requestSource = (c: Context<AppEnv>): RequestSource =>
  requestSourceOf(c.req.raw, parseOrigins(c.env.API_ALLOWED_ORIGINS))

/** The 403 of a request from the wrong place, in the caller's language. */
export const originRefused = (c: Context<AppEnv>): AppError =>
  new AppError(403, apiMessage(c, 'api.origin.refused'), { code: 'origin_not_allowed' })

/**
 * Refuses every write from another origin (or `Origin: null`) but API_ALLOWED_ORIGINS, whatever its route,
 * credentials or body, before the body is read. A request no browser names (neither Origin nor
 * Sec-Fetch-Site) passes: a script holding a token or cookie is its holder, not a forged request. An open
 * write from another origin passes without its user: whatever cookie the browser attached acts for no one.
 */
export const sameOriginWrites = ({ openWrites = OPEN_WRITES }: { openWrites?: readonly OpenWrite[] } = {}) =>
  createMiddleware<AppEnv>(async function sameOriginWrites(c, next) {
    if (isSafeMethod(c.req.method) || requestSource(c) !== 'cross-origin') return next()
    const method = c.req.method.toUpperCase()
    const path = c.get('site').routePath
    if (!openWrites.some((open) => open.method === method && open.path === path)) throw originRefused(c)
    c.set('user', null)
    await next()
  })

/**
 * Stricter, for the beacons our pages send (views, landing events): a browser must name this site (or an
 * allowed origin) as the sender; a request that names none is a script, not a page's beacon.
 */
export const ownPagesOnly = () =>
  createMiddleware<AppEnv>(async function ownPagesOnly(c, next) {
    const source = requestSource(c)
    if (source !== 'same-origin' && source !== 'allowed-origin') throw originRefused(c)
    await next()
  })
