// The one origin check of every write (docs/decisions/085-one-origin-check-for-writes.md), walked from the
// app's own route table: every POST, PUT, PATCH and DELETE route, signed in by the session cookie, is refused
// with a translated 403 when a browser says another site's page sent it, and nothing changes. A route added
// later is walked too: only the open writes listed here (and in the middleware) take other origins.
import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import ko from '../../locales/ko.json'
import type { AppEnv } from '../../src/env'
import type { AppError } from '../../src/lib/errors'
import { routePathOf, siteOf } from '../../src/lib/tenant'
import { OPEN_WRITES, sameOriginWrites } from '../../src/middleware/origin'
import { createApp } from '../../src/worker'
import { adminToken, domainOf, newHomepage, send } from '../domains/helpers'
import { ORIGIN, settled } from '../helpers'
import { errorOf } from './client'

const app = createApp()
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE']
const REFUSED = { en: en['api.origin.refused'], ko: ko['api.origin.refused'] }

/**
 * The writes any origin may send, each with its reason (the middleware's OPEN_WRITES must say the same):
 * - the contact form's post: realtors' sites send it from wherever they are hosted; it needs no account and
 *   acts for no one.
 * - an alert mail's one-click unsubscribe (RFC 8058): a mail client posts it from anywhere; its signed link is
 *   its authority and it can only turn a buyer's alerts off (docs/decisions/108-listing-alerts.md).
 */
const OPEN_TO_ANY_ORIGIN = ['POST /v1/realtor-contacts', 'POST /@site/alerts/unsubscribe']

/** A value for each route parameter. A route with a parameter not named here fails the walk until one is added. */
const PARAMS: Record<string, string> = {
  id: '2',
  hostname: 'janekim.example',
  deviceId: '1',
  address: 'janekim-old',
  key: 'FM100',
}

/** What a browser sends with a request another site's page makes: each alone must be enough to refuse it. */
const FOREIGN: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  // The same host on another port is another origin.
  { origin: 'http://127.0.0.1:9999' },
  // An opaque origin: a sandboxed frame, a redirect through another site.
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  // A sibling host of the same site (the staging host, a realtor's subdomain) is another origin too.
  { 'sec-fetch-site': 'same-site' },
]

/** The address a browser would ask for a route of the table: its parameters filled, its site's prefix undone. */
function requestPathOf(routePath: string): string {
  const path = routePath
    .replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_, name: string) => {
      const value = PARAMS[name]
      if (!value) throw new Error(`no sample value for :${name} of ${routePath}: add one to PARAMS`)
      return value
    })
    .replace(/\*/g, 'anything')
  // The canonical prefixes of src/lib/tenant.ts ROUTES: the provider's pages, then a realtor's site and builder.
  for (const [prefix, base] of [
    ['/@provider', ''],
    ['/@site', '/janekim'],
    ['/@builder', '/janekim'],
  ] as const) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return `${base}${path.slice(prefix.length)}` || '/'
  }
  return path
}

interface Write {
  method: string
  path: string
  handlers: Set<unknown>
}

/** Every write of the route table, by method and the address that reaches it. */
function writesOf(): Write[] {
  const writes = new Map<string, Write>()
  for (const route of app.routes) {
    const methods = route.method === 'ALL' ? WRITES : WRITES.filter((method) => method === route.method)
    for (const method of methods) {
      const path = requestPathOf(route.path)
      const key = `${method} ${path}`
      const write = writes.get(key) ?? { method, path, handlers: new Set() }
      write.handlers.add(route.handler)
      writes.set(key, write)
    }
  }
  return [...writes.values()]
}

/** Every table and row of the database, to compare before and after. */
async function databaseState(): Promise<string> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>()
  const tables: [string, unknown[]][] = []
  for (const { name } of results) tables.push([name, (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results])
  return JSON.stringify(tables)
}

async function photosState(): Promise<string[]> {
  return (await env.PHOTOS.list()).objects.map((object) => `${object.key} ${object.etag}`)
}

const keyOf = (write: Write) => `${write.method} ${write.path}`
const isOpen = (write: Write) =>
  OPEN_TO_ANY_ORIGIN.includes(`${write.method} ${routePathOf(new Request(`${ORIGIN}${write.path}`), { env })}`)

describe('the route table', () => {
  it('has the writes the product has, each reached by the address the walk sends it to', () => {
    const writes = writesOf()
    const keys = writes.map(keyOf)
    // The writes issue 29 found unchecked, and a few of the others, are in the walk.
    for (const key of [
      'PUT /v1/realtors/2/domain',
      'DELETE /v1/realtors/2/domain',
      'POST /v1/domains/janekim.example/advance',
      'POST /v1/domains/janekim.example/fail',
      'PATCH /v1/realtor/2',
      'DELETE /v1/realtor/2/addresses/janekim-old',
      'POST /v1/auth/login',
      'POST /v1/realtor-contacts',
      'POST /janekim/admin/preview',
      'POST /janekim/admin/notifications/confirm',
    ])
      expect(keys).toContain(key)
    for (const write of writes) {
      const routed = routePathOf(new Request(`${ORIGIN}${write.path}`), { env })
      const [matched] = app.router.match(write.method, routed)
      const reached = new Set(matched.map(([[handler]]) => handler as unknown))
      for (const handler of write.handlers) expect(reached.has(handler), `${keyOf(write)} (${routed})`).toBe(true)
    }
  })

  it('opens to other origins only the writes listed and justified here', () => {
    expect(OPEN_WRITES.map((open) => `${open.method} ${open.path}`)).toEqual(OPEN_TO_ANY_ORIGIN)
  })
})

describe('a write from another site’s page, with a valid session cookie', () => {
  it('is refused on every route with a translated 403, and nothing changes', async () => {
    const cookie = `session=${await adminToken()}`
    const before = { database: await databaseState(), photos: await photosState() }
    expect(before.database).toContain('"realtors"')
    const writes = writesOf().filter((write) => !isOpen(write))
    expect(writes.length).toBeGreaterThan(40)
    let asked = 0
    for (const write of writes) {
      for (const foreign of FOREIGN) {
        const locale = asked++ % 2 === 0 ? 'en' : 'ko'
        const response = await settled(app, `${ORIGIN}${write.path}`, {
          method: write.method,
          headers: { cookie, 'content-type': 'application/json', 'accept-language': locale, ...foreign },
          body: write.method === 'DELETE' ? undefined : '{}',
          redirect: 'manual',
        })
        const what = `${keyOf(write)} with ${JSON.stringify(foreign)}`
        expect(response.status, what).toBe(403)
        expect(await errorOf(response), what).toEqual({ code: 'origin_not_allowed', message: REFUSED[locale] })
      }
    }
    expect(await databaseState()).toBe(before.database)
    expect(await photosState()).toEqual(before.photos)
    // The session the refused sign-out and sign-out-everywhere carried still works.
    const me = await settled(app, `${ORIGIN}/v1/auth/me`, { headers: { cookie } })
    expect(me.status).toBe(200)
  })

  it('still reaches each open write, which acts for no one', async () => {
    const cookie = `session=${await adminToken()}`
    const contact = await settled(app, `${ORIGIN}/v1/realtor-contacts`, {
      method: 'POST',
      headers: { cookie, origin: 'https://janekim-homes.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        realtorId: 2,
        lastName: 'Visitor',
        firstName: 'Origin',
        email: 'visitor@example.com',
        phone: '(404) 555-0100',
        phoneCountryCode: 'US',
        message: 'Hello from a realtor’s own domain.',
        isTerm: 'Y',
      }),
    })
    expect(contact.status).toBe(201)
    // The one-click unsubscribe answers another origin's post (a bad token: its translated 400, not the 403).
    const unsubscribe = await settled(app, `${ORIGIN}/janekim/alerts/unsubscribe?t=1.2.forged`, {
      method: 'POST',
      headers: { cookie, origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(unsubscribe.status).toBe(400)

    // Whatever cookie rode along, an open route sees no user.
    const probe = new Hono<AppEnv>()
    probe.use('*', async (c, next) => {
      c.set('site', siteOf(c.req.raw, c.env.PROVIDER_HOSTS))
      c.set('user', { id: 1, role: 'admin' } as never)
      await next()
    })
    probe.use('*', sameOriginWrites({ openWrites: [{ method: 'POST', path: '/v1/open' }] }))
    probe.post('/v1/open', (c) => c.json({ user: c.get('user') }))
    probe.post('/v1/closed', (c) => c.json({ user: c.get('user') }))
    probe.onError((error) => (error as AppError).getResponse())
    const post = (path: string, headers: Record<string, string>) =>
      probe.request(`${ORIGIN}${path}`, { method: 'POST', headers }, env)
    expect(await (await post('/v1/open', { origin: 'https://evil.example' })).json()).toEqual({ user: null })
    expect(await (await post('/v1/open', { origin: ORIGIN })).json()).toEqual({ user: { id: 1, role: 'admin' } })
    expect((await post('/v1/closed', { origin: 'https://evil.example' })).status).toBe(403)
  })
})

describe('what a browser on this site, an allowed origin and a script may still do', () => {
  it('lets this site’s pages, API_ALLOWED_ORIGINS and requests no browser names write', async () => {
    const cookie = `session=${await adminToken()}`
    const bindings = { ...env, API_ALLOWED_ORIGINS: 'https://admin.partner.example' }
    const patch = (headers: Record<string, string>, salesCount: number) =>
      settled(
        app,
        `${ORIGIN}/v1/realtor/2`,
        {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ salesCount }),
        },
        bindings,
      )
    const allowed: Record<string, string>[] = [
      { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      { origin: ORIGIN },
      // Our own page under a no-referrer policy sends Origin: null, and says same-origin.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { origin: 'https://admin.partner.example', 'sec-fetch-site': 'cross-site' },
      // curl, a server, a script: nothing a page of another site could have sent.
      {},
    ]
    let salesCount = 10
    for (const headers of allowed)
      expect((await patch(headers, ++salesCount)).status, JSON.stringify(headers)).toBe(200)
    const realtor = await (await settled(app, `${ORIGIN}/v1/realtor/2`, { headers: { cookie } })).json()
    expect(realtor).toMatchObject({ salesCount })
  })
})

describe('the custom domain API (issue 29, finding 9)', () => {
  it('takes no claim, removal or simulator step from another site’s page', async () => {
    const agent = await newHomepage('originagent')
    const admin = await adminToken()
    const path = `/v1/realtors/${agent.id}/domain`
    const as = (token: string, origin: string) => ({ cookie: `session=${token}`, origin })
    const claimed = await send(path, {
      method: 'PUT',
      json: { hostname: 'origin-homes.com' },
      headers: as(agent.token, ORIGIN),
    })
    expect(await domainOf(claimed)).toMatchObject({ hostname: 'origin-homes.com', status: 'pending' })

    const evil = 'https://evil.example'
    const attacks = [
      send(path, { method: 'PUT', json: { hostname: 'attacker-homes.com' }, headers: as(agent.token, evil) }),
      send(path, { method: 'DELETE', headers: as(agent.token, evil) }),
      send('/v1/domains/origin-homes.com/advance', { method: 'POST', headers: as(admin, evil) }),
      send('/v1/domains/origin-homes.com/fail', { method: 'POST', headers: as(admin, evil) }),
    ]
    for (const response of await Promise.all(attacks)) {
      expect(response.status).toBe(403)
      expect(await errorOf(response)).toEqual({ code: 'origin_not_allowed', message: REFUSED.ko })
    }
    const after = await domainOf(await send(path, { headers: { cookie: `session=${agent.token}` } }))
    expect(after).toMatchObject({ hostname: 'origin-homes.com', status: 'pending' })

    // From the site's own page the same steps go through.
    const advanced = await send('/v1/domains/origin-homes.com/advance', { method: 'POST', headers: as(admin, ORIGIN) })
    expect(await domainOf(advanced)).toMatchObject({ status: 'verifying' })
    expect((await send(path, { method: 'DELETE', headers: as(agent.token, ORIGIN) })).status).toBe(204)
  })
})
