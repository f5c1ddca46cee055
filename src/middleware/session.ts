// The signed-in user, from the session cookie or a bearer token, for every request.
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { sessionSecret } from '../lib/accounts/config'
import { SESSION_COOKIE, verifySession } from '../lib/session'

export const session = () =>
  createMiddleware<AppEnv>(async function session(c, next) {
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
    const token = bearer ?? getCookie(c, SESSION_COOKIE)
    const secret = sessionSecret(c.env)
    c.set('user', token && secret ? await verifySession(token, secret) : null)
    await next()
  })
