// CORS and origin checks of the APIs: public reads answer any origin; writes (and every credentialed
// call) only the origins in API_ALLOWED_ORIGINS, and a write from any other origin is refused before
// it runs, which is also the JSON APIs' CSRF protection (hono's csrf() checks only form bodies).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { AppError } from '../lib/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD'])
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language'

export function parseOrigins(value: string | undefined): Set<string> {
  const origins = new Set<string>()
  for (const entry of (value ?? '').split(',')) {
    try {
      if (entry.trim()) origins.add(new URL(entry.trim()).origin)
    } catch {
      // not an origin: ignored
    }
  }
  return origins
}

/** An Origin header this worker trusts with writes: its own origin, or one of API_ALLOWED_ORIGINS. */
function isTrustedOrigin(c: Context<AppEnv>, origin: string | undefined): origin is string {
  return (
    origin !== undefined &&
    (origin === new URL(c.req.url).origin || parseOrigins(c.env.API_ALLOWED_ORIGINS).has(origin))
  )
}

/**
 * Refuses a request that does not come from a page of this site (or an allowed origin): browsers send
 * Origin with every POST, so one without it is no page's. For endpoints only our own pages post to.
 */
export const ownPagesOnly = () =>
  createMiddleware<AppEnv>(async function ownPagesOnly(c, next) {
    const origin = c.req.header('origin')
    if (!isTrustedOrigin(c, origin))
      throw new AppError(403, `Origin ${origin ?? '(none)'} may not call this API`, { code: 'origin_not_allowed' })
    await next()
  })

/** `isPublicRead(path)`: whether GET/HEAD of the path is public (any origin, no credentials). */
export const apiCors = ({ isPublicRead }: { isPublicRead: (path: string) => boolean }) =>
  createMiddleware<AppEnv>(async function apiCors(c, next) {
    const origin = c.req.header('origin')
    const requested = c.req.header('access-control-request-method')
    const preflight = c.req.method === 'OPTIONS' && requested !== undefined
    const method = (preflight ? requested : c.req.method).toUpperCase()
    const publicRead = SAFE_METHODS.has(method) && isPublicRead(c.req.path)
    const sameOrigin = origin === new URL(c.req.url).origin
    const trusted = isTrustedOrigin(c, origin)

    if (origin && !trusted && !publicRead && (preflight || !SAFE_METHODS.has(method)))
      throw new AppError(403, `Origin ${origin} may not call this API`, { code: 'origin_not_allowed' })

    const headers: Record<string, string> = {}
    if (publicRead) {
      headers['Access-Control-Allow-Origin'] = '*'
    } else if (origin && trusted && !sameOrigin) {
      headers['Access-Control-Allow-Origin'] = origin
      headers['Access-Control-Allow-Credentials'] = 'true'
      headers.Vary = 'Origin'
    }
    if (headers['Access-Control-Allow-Origin']) headers['Access-Control-Expose-Headers'] = 'Content-Disposition'
    if (preflight) {
      if (headers['Access-Control-Allow-Origin']) {
        headers['Access-Control-Allow-Methods'] = ALLOW_METHODS
        headers['Access-Control-Allow-Headers'] = ALLOW_HEADERS
        headers['Access-Control-Max-Age'] = '600'
      }
      return c.body(null, 204, headers)
    }
    await next()
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'Vary') c.res.headers.append(name, value)
      else c.res.headers.set(name, value)
    }
  })
