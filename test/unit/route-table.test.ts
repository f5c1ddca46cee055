// One request path (docs/decisions/072-caching-in-http.md): every sub-app is mounted once, on the
// canonical prefix of what it serves, and Hono's own router matches it.
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../src/lib/tenant'
import api from '../../src/routes/api'
import builder from '../../src/routes/builder'
import dashboard from '../../src/routes/dashboard'
import domainScreen from '../../src/routes/domain'
import inboxPages from '../../src/routes/inbox'
import pages from '../../src/routes/pages'
import preview from '../../src/routes/preview'
import pwa from '../../src/routes/pwa'
import seo from '../../src/routes/seo'
import tenantPages from '../../src/routes/tenant'
import { createApp } from '../../src/worker'

const SUB_APPS = { api, builder, dashboard, domainScreen, inboxPages, pages, preview, pwa, seo, tenantPages }

describe('the route table', () => {
  const app = createApp()

  it.each(Object.entries(SUB_APPS))('has %s once', (_name, sub) => {
    const paths = new Set(sub.routes.map((route) => route.path))
    for (const route of sub.routes) {
      const mounted = app.routes.filter((one) => one.handler === route.handler && one.method === route.method)
      // A handler a sub-app registers on several paths of its own appears that many times, no more.
      const own = sub.routes.filter((one) => one.handler === route.handler && one.method === route.method).length
      expect(mounted.length, `${route.method} ${route.path}`).toBe(own)
    }
    expect(paths.size).toBeGreaterThan(0)
  })

  it('routes pages only under the canonical prefixes, never by locale or address', () => {
    const prefixes = Object.values(ROUTES)
    for (const { path } of app.routes) {
      expect(path).not.toMatch(/^\/en(\/|$)|:desiredUrl|@domain/)
      if (path.startsWith('/@'))
        expect(
          prefixes.some((prefix) => path.startsWith(prefix)),
          path,
        ).toBe(true)
    }
    // Home search (issue 30) took the table past 200 and buyers' accounts and alerts (issue 32) past 240; the
    // bound is to notice a table that grows by the hundred.
    expect(app.routes.length).toBeLessThan(300)
  })

  it("routes with Hono's own router, no router of ours around it", () => {
    expect(app.router.name).toBe('SmartRouter')
  })
})
