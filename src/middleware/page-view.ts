// Marks a realtor's public page as a homepage view (docs/decisions/051-dashboard.md): the fetch wrapper
// (src/lib/page-views/count.ts) counts it, whether the page was rendered or served from the page cache.
// An unpublished homepage's pages are the owner's or an admin's own look, never a visitor's: not marked.
import { createMiddleware } from 'hono/factory'
import type { TenantEnv } from '../env'
import { VIEW_HEADER } from '../lib/page-views/count'
import { isPublished } from '../lib/realtors/publish'

export const markView = () =>
  createMiddleware<TenantEnv>(async function markView(c, next) {
    await next()
    const realtor = c.get('realtor')
    if (c.res.status === 200 && isPublished(realtor)) c.res.headers.set(VIEW_HEADER, String(realtor.id))
  })
