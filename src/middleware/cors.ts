// CORS of the APIs: public reads answer any origin; everything else (and every credentialed call) only
// the origins in API_ALLOWED_ORIGINS, whose preflights alone are granted. Refusing a write from another
// origin is not CORS's job: the one origin check of every write does it (./origin.ts, decision 085).
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { ownOriginOf, parseOrigins } from '../lib/request-origin'
import { originRefused } from './origin'

/** The methods a public path answers any origin for. */
const READS = new Set(['GET', 'HEAD'])
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language'

/** `isPublicRead(path)`: whether GET/HEAD of the path is public (any origin, no credentials). */
export const apiCors = ({ isPublicRead }: { isPublicRead: (path: string) => boolean }) =>
  createMiddleware<AppEnv>(async function apiCors(c, next) {
    const origin = c.req.header('origin')
    const requested = c.req.header('access-control-request-method')
    const preflight = c.req.method === 'OPTIONS' && requested !== undefined
    const method = (preflight ? requested : c.req.method).toUpperCase()
    const publicRead = READS.has(method) && isPublicRead(c.req.path)
    const sameOrigin = origin === ownOriginOf(c.req.raw)
    const trusted = origin !== undefined && (sameOrigin || parseOrigins(c.env.API_ALLOWED_ORIGINS).has(origin))

    if (preflight && origin && !trusted && !publicRead) throw originRefused(c)

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
