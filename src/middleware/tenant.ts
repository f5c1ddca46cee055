// The tenant of a tenant-scoped page and the `auth` guard (DESIGN.md "Accounts and access").
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { sessionSecret } from '../lib/accounts/config'
import { readThrough } from '../lib/data-cache'
import { pageNotFound, routeValidationFailed } from '../lib/errors'
import type { Realtor } from '../lib/realtors/types'
import { requestUrl } from '../lib/request-url'
import { SESSION_COOKIE, verifySession } from '../lib/session'
import { DESIRED_URL_PATTERN, normalizeHost, RESERVED_SEGMENTS } from '../lib/tenant'

/** A realtor for a page, through the data cache: purged with the realtor's tag on every write. */
function findForPage(c: Context<AppEnv>, key: string): Promise<Realtor | null> {
  return readThrough(c.get('dataCache'), `realtor:${key}`, () => c.get('realtors').find(key), {
    tags: (realtor) => (realtor ? [`realtor:${realtor.id}`] : null),
  })
}

/**
 * Loads the realtor a tenant page belongs to: by the `desiredUrl` route parameter on provider
 * hosts, by the request's origin on a custom domain. Unknown tenants are a 404.
 */
export const tenant = () =>
  createMiddleware<AppEnv>(async function tenant(c, next) {
    const url = requestUrl(c.req.raw)
    const desiredUrl = c.req.param('desiredUrl')
    if (desiredUrl !== undefined) {
      // Provider pages (/terms, /en/...) are routed before tenants and answer first; any other path
      // under a reserved word (/terms/x, /api on a page route) is not a tenant page.
      if (RESERVED_SEGMENTS.has(desiredUrl.toLowerCase())) throw pageNotFound(url.pathname)
      if (!DESIRED_URL_PATTERN.test(desiredUrl)) throw routeValidationFailed(url.pathname)
      const realtor = await findForPage(c, desiredUrl)
      if (!realtor) throw pageNotFound(url.pathname)
      c.set('realtor', realtor)
      c.set('tenantBase', `/${realtor.desiredUrl}`)
    } else {
      const host = normalizeHost(c.req.header('host'))
      const realtor = host ? await findForPage(c, `${url.protocol}//${host}`) : null
      if (!realtor) throw pageNotFound(url.pathname)
      c.set('realtor', realtor)
      c.set('tenantBase', '')
    }
    await next()
  })

/** The signed-in user from the session cookie or a bearer token, if any. */
export const session = () =>
  createMiddleware<AppEnv>(async function session(c, next) {
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
    const token = bearer ?? getCookie(c, SESSION_COOKIE)
    const secret = sessionSecret(c.env)
    c.set('user', token && secret ? await verifySession(token, secret) : null)
    await next()
  })

/**
 * The spec's `auth` guard: the signed-in user (if any) and the tenant are resolved by the
 * middleware before it; pages that edit data redirect to the sign-in page when signed out.
 */
export const auth = ({ requireUser = false }: { requireUser?: boolean } = {}) =>
  createMiddleware<AppEnv>(async function auth(c, next) {
    if (requireUser && !c.get('user')) {
      const url = new URL(c.req.url)
      const login = `${c.get('localePrefix')}${c.get('tenantBase') ?? ''}/login`
      return c.redirect(`${login}?next=${encodeURIComponent(url.pathname + url.search)}`, 302)
    }
    await next()
  })
