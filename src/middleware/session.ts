// The signed-in user, from the session cookie or a bearer token, for every request: the token's
// signature and expiry, then its account as it is now (still there, same token version), read through
// the isolate's short cache of src/lib/accounts/store.ts. The cookie counts on the provider's hosts only,
// where it is set (docs/decisions/087-sign-in-on-the-provider-host.md); a bearer token counts everywhere.
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Bindings, RequestVariables, SessionVariables } from '../env'
import { sessionSecret } from '../lib/accounts/config'
import { sessionUserFor } from '../lib/accounts/store'
import { SESSION_COOKIE, verifySession } from '../lib/session'
import { isProviderSite } from '../lib/tenant'

export const session = () =>
  createMiddleware<{ Bindings: Bindings; Variables: SessionVariables & RequestVariables }>(
    async function session(c, next) {
      const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
      const token = bearer ?? (isProviderSite(c.get('site')) ? getCookie(c, SESSION_COOKIE) : undefined)
      const secret = sessionSecret(c.env)
      const claims = token && secret ? await verifySession(token, secret) : null
      c.set('user', claims ? await sessionUserFor(c.env.DB, claims) : null)
      await next()
    },
  )
