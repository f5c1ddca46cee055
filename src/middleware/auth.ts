// The `auth` guard of docs/product.md §2: the signed-in user (if any) and the tenant are resolved by the
// global middleware before it; pages that edit data send a signed-out visitor to the sign-in page.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { sitePath } from '../lib/urls'

export const auth = ({ requireUser = false }: { requireUser?: boolean } = {}) =>
  createMiddleware<AppEnv>(async function auth(c, next) {
    if (requireUser && !c.get('user')) {
      const url = new URL(c.req.url)
      const login = sitePath(c.var, '/login')
      return c.redirect(`${login}?next=${encodeURIComponent(url.pathname + url.search)}`, 302)
    }
    await next()
  })
