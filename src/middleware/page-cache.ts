// Marks a page as the same for every visitor of its locale (and tenant), so the worker's fetch wrapper
// (src/lib/page-cache.ts) can keep it. The page then renders completely before it is sent, without a
// nonce: a cached page is shared, so it must hold no per-request value and no inline script. A route
// that ends up with a page not fit to share (made without some of its data) sets `cacheable` back to
// false before it renders.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { TAGS_HEADER } from '../lib/page-cache'

export const cachePage = <E extends AppEnv>(tags: (c: Context<E>) => string[]) =>
  createMiddleware<E>(async function cachePage(c, next) {
    c.set('cacheable', true)
    await next()
    if (c.res.status === 200 && c.get('cacheable')) c.res.headers.set(TAGS_HEADER, tags(c).join(' '))
  })
