// The one ownership gate (src/lib/realtors/permissions.ts canManage, issue 27): every builder page and every
// realtor-scoped API route, each asked by the realtor who owns the homepage, another realtor, an admin and
// nobody signed in. The table is checked against the app's own route list, so a route added under /admin or
// /v1/realtor… without a row here fails this file until someone says who may call it.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { base64url } from '../../src/lib/base64url'
import { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { ORIGIN } from '../helpers'
import { api } from './client'

type Role = 'owner' | 'other' | 'admin' | 'anon'
const ROLES: Role[] = ['owner', 'other', 'admin', 'anon']

interface Ids {
  /** The owner's realtor id and address. */
  id: number
  site: string
  /** A contact of the owner's homepage. */
  contact: number
  /** A buyer of the owner's homepage (issue 32). */
  buyer: number
  p256dh: string
}

interface Case {
  /** The route as the app lists it: method and path within a site or the API. */
  route: string
  request: (ids: Ids) => { path: string; method?: string; json?: unknown; headers?: Record<string, string> }
  /** The status each caller gets. */
  expect: Record<Role, number>
  /** Why a route answers callers other than the owner and admins (public, or the caller's own account). */
  why?: string
}

/** A builder page of the owner's site: the page for its owner and admins, 403 for others, sign-in for nobody. */
const page = (route: string, path: string, owner = 200): Case => ({
  route,
  request: ({ site }) => ({ path: `/${site}${path}` }),
  expect: { owner, other: 403, admin: owner, anon: 302 },
})

/** A realtor API: `allowed` for the owner and admins, 403 for another realtor, 401 signed out. */
const gated = (route: string, allowed: number, request: Case['request']): Case => ({
  route,
  request,
  expect: { owner: allowed, other: 403, admin: allowed, anon: 401 },
})

const settings = { email: '', webhookUrl: '' }

const CASES: Case[] = [
  // Builder pages on the owner's site.
  page('GET /admin', '/admin'),
  page('GET /admin/dashboard', '/admin/dashboard'),
  page('GET /admin/domain', '/admin/domain'),
  page('GET /admin/notifications', '/admin/notifications'),
  page('GET /admin/inbox', '/admin/inbox'),
  {
    ...page('GET /admin/inbox/:id{[0-9]{1,15}}', ''),
    request: (ids) => ({ path: `/${ids.site}/admin/inbox/${ids.contact}` }),
  },
  // The inbox's buyers (docs/decisions/109-buyers-in-the-inbox.md): someone else's buyer is 404.
  page('GET /admin/inbox/buyers', '/admin/inbox/buyers'),
  {
    ...page('GET /admin/inbox/buyers/:id{[0-9]{1,15}}', ''),
    request: (ids) => ({ path: `/${ids.site}/admin/inbox/buyers/${ids.buyer}` }),
    expect: { owner: 200, other: 404, admin: 200, anon: 302 },
  },
  {
    route: 'POST /admin/preview',
    request: ({ site }) => ({ path: `/${site}/admin/preview`, method: 'POST', json: {}, headers: { origin: ORIGIN } }),
    expect: { owner: 200, other: 403, admin: 200, anon: 401 },
  },
  {
    route: 'GET /admin/settings',
    why: "the signed-in account's own settings, on any site (the homepage's navigation only for who may manage it)",
    request: ({ site }) => ({ path: `/${site}/admin/settings` }),
    expect: { owner: 200, other: 200, admin: 200, anon: 302 },
  },
  {
    route: 'GET /admin/notifications/confirm',
    why: 'the link of a confirmation email: its token is the permission, signed in or not',
    request: ({ site }) => ({ path: `/${site}/admin/notifications/confirm?token=x` }),
    expect: { owner: 200, other: 200, admin: 200, anon: 200 },
  },
  {
    route: 'POST /admin/notifications/confirm',
    why: 'the link of a confirmation email: its token is the permission, signed in or not',
    request: ({ site }) => ({
      path: `/${site}/admin/notifications/confirm`,
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: { owner: 200, other: 200, admin: 200, anon: 200 },
  },
  // The provider's Leads view: admins only.
  {
    route: 'GET /admin/leads',
    request: () => ({ path: '/admin/leads' }),
    expect: { owner: 403, other: 403, admin: 200, anon: 302 },
  },
  {
    route: 'GET /admin/leads/:id{[0-9]{1,15}}',
    request: () => ({ path: '/admin/leads/999999' }),
    expect: { owner: 403, other: 403, admin: 404, anon: 302 },
  },

  // The realtor API.
  {
    route: 'GET /v1/realtor/:key',
    why: 'the public read: an unpublished homepage is unknown (404) to all but who may manage it',
    request: ({ id }) => ({ path: `/v1/realtor/${id}` }),
    expect: { owner: 200, other: 404, admin: 200, anon: 404 },
  },
  {
    route: 'POST /v1/realtor',
    why: 'names no realtor yet: any signed-in account may make its homepage (the body is checked first)',
    request: () => ({ path: '/v1/realtor', method: 'POST', json: {} }),
    expect: { owner: 400, other: 400, admin: 400, anon: 401 },
  },
  gated('PATCH /v1/realtor/:id{[0-9]{1,15}}', 200, ({ id }) => ({
    path: `/v1/realtor/${id}`,
    method: 'PATCH',
    json: {},
  })),
  gated('DELETE /v1/realtor/:id{[0-9]{1,15}}', 400, ({ id }) => ({
    path: `/v1/realtor/${id}`,
    method: 'DELETE',
    json: { address: 'not-this-one' },
  })),
  gated('GET /v1/realtor/export/:id{[0-9]{1,15}}', 200, ({ id }) => ({ path: `/v1/realtor/export/${id}` })),
  gated('POST /v1/realtor/import/:id{[0-9]{1,15}}', 400, ({ id }) => ({
    path: `/v1/realtor/import/${id}`,
    method: 'POST',
  })),
  gated('POST /v1/realtor/presigned-multi-file-upload', 200, ({ id }) => ({
    path: '/v1/realtor/presigned-multi-file-upload',
    method: 'POST',
    json: { realtorId: id, files: [{ contentType: 'image/png', size: 100 }] },
  })),
  {
    route: 'POST /v1/realtor/:id{[0-9]{1,15}}/restore',
    request: ({ id }) => ({ path: `/v1/realtor/${id}/restore`, method: 'POST' }),
    // Admins only (a live homepage is restored as it is).
    expect: { owner: 403, other: 403, admin: 200, anon: 401 },
  },
  {
    route: 'DELETE /v1/realtor/:id{[0-9]{1,15}}/addresses/:address',
    request: ({ id }) => ({ path: `/v1/realtor/${id}/addresses/never-held-here`, method: 'DELETE' }),
    // Admins only (decision 083); an address the homepage does not hold is a 404.
    expect: { owner: 403, other: 403, admin: 404, anon: 401 },
  },
  gated('GET /v1/realtor/:id/notifications', 200, ({ id }) => ({ path: `/v1/realtor/${id}/notifications` })),
  gated('PUT /v1/realtor/:id/notifications', 200, ({ id }) => ({
    path: `/v1/realtor/${id}/notifications`,
    method: 'PUT',
    json: settings,
  })),
  gated('POST /v1/realtor/:id/notifications/test', 400, ({ id }) => ({
    path: `/v1/realtor/${id}/notifications/test`,
    method: 'POST',
    json: settings,
  })),
  gated('GET /v1/realtor/:id/notifications/time-zone', 200, ({ id }) => ({
    path: `/v1/realtor/${id}/notifications/time-zone`,
  })),
  gated('PUT /v1/realtor/:id/notifications/time-zone', 200, ({ id }) => ({
    path: `/v1/realtor/${id}/notifications/time-zone`,
    method: 'PUT',
    json: { timeZone: 'America/Los_Angeles' },
  })),
  gated('GET /v1/realtor/:id/push', 200, ({ id }) => ({ path: `/v1/realtor/${id}/push` })),
  gated('POST /v1/realtor/:id/push', 201, ({ id, p256dh }) => ({
    path: `/v1/realtor/${id}/push`,
    method: 'POST',
    json: { endpoint: 'http://127.0.0.1:9/push/ownership', keys: { p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
  })),
  gated('DELETE /v1/realtor/:id/push/:deviceId', 404, ({ id }) => ({
    path: `/v1/realtor/${id}/push/999999`,
    method: 'DELETE',
  })),
  gated('GET /v1/realtors/:id/domain', 200, ({ id }) => ({ path: `/v1/realtors/${id}/domain` })),
  gated('PUT /v1/realtors/:id/domain', 400, ({ id }) => ({
    path: `/v1/realtors/${id}/domain`,
    method: 'PUT',
    json: { hostname: 'not a hostname' },
  })),
  gated('DELETE /v1/realtors/:id/domain', 204, ({ id }) => ({ path: `/v1/realtors/${id}/domain`, method: 'DELETE' })),
  // The realtor's inbox: someone else's entry is 404, as if it did not exist.
  gated('GET /v1/realtor-contacts', 200, ({ id }) => ({ path: `/v1/realtor-contacts?realtorId=${id}` })),
  gated('GET /v1/realtor-contacts/export', 200, ({ id }) => ({ path: `/v1/realtor-contacts/export?realtorId=${id}` })),
  {
    ...gated('GET /v1/realtor-contacts/:id{[0-9]{1,15}}', 200, ({ contact }) => ({
      path: `/v1/realtor-contacts/${contact}`,
    })),
    expect: { owner: 200, other: 404, admin: 200, anon: 401 },
  },
  {
    ...gated('PATCH /v1/realtor-contacts/:id{[0-9]{1,15}}', 200, ({ contact }) => ({
      path: `/v1/realtor-contacts/${contact}`,
      method: 'PATCH',
      json: { note: 'seen' },
    })),
    expect: { owner: 200, other: 404, admin: 200, anon: 401 },
  },
  {
    ...gated('POST /v1/realtor-contacts/:id{[0-9]{1,15}}/opened', 200, ({ contact }) => ({
      path: `/v1/realtor-contacts/${contact}/opened`,
      method: 'POST',
    })),
    expect: { owner: 200, other: 404, admin: 200, anon: 401 },
  },
  gated('GET /v1/realtor-buyers', 200, ({ id }) => ({ path: `/v1/realtor-buyers?realtorId=${id}` })),
  {
    ...gated('GET /v1/realtor-buyers/:id{[0-9]{1,15}}', 200, ({ buyer }) => ({ path: `/v1/realtor-buyers/${buyer}` })),
    expect: { owner: 200, other: 404, admin: 200, anon: 401 },
  },
  {
    route: 'POST /v1/realtor-contacts',
    why: "the homepage's public contact form (the body is checked first)",
    request: () => ({ path: '/v1/realtor-contacts', method: 'POST', json: {} }),
    expect: { owner: 400, other: 400, admin: 400, anon: 400 },
  },
]

/** The builder pages and realtor APIs the app serves, as `METHOD /path` within a site or the API. */
function scopedRoutes(): Set<string> {
  const found = new Set<string>()
  for (const { method, path } of createApp({}).routes) {
    // Middleware, and CORS preflights (no credentials, no data), are no routes of their own here.
    if (method === 'ALL' || method === 'OPTIONS') continue
    const scoped = /(\/admin(?:\/.*)?|\/v1\/realtor.*)$/.exec(path)?.[1]
    if (scoped) found.add(`${method} ${scoped}`)
  }
  return found
}

const tokens: Partial<Record<Role, string>> = {}
let ids: Ids

beforeAll(async () => {
  const owner = await makeAccount('gate-owner@realtor.local', 'x', { desiredUrl: 'gate-owner' })
  const other = await makeAccount('gate-other@realtor.local', 'x', { desiredUrl: 'gate-other' })
  const admin = await makeAccount('gate-admin@realtor.local', 'x', { role: 'admin' })
  tokens.owner = await tokenFor(owner)
  tokens.other = await tokenFor(other)
  tokens.admin = await tokenFor(admin)
  const realtor = await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'gate-owner'").first<{
    id: number
  }>()
  const contact = await env.DB.prepare(
    `INSERT INTO realtor_contacts (realtor_id, name, last_name, first_name, email, phone, phone_country_code, message, is_term)
     VALUES (?, 'Minsu Kim', 'Kim', 'Minsu', 'minsu@example.com', '01012345678', 'KR', 'Hello', 'Y') RETURNING id`,
  )
    .bind(realtor!.id)
    .first<{ id: number }>()
  // A browser's push key: a real P-256 point (the API imports it).
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const p256dh = base64url(new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer))
  const buyer = await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text)
     VALUES (?, 'buyer@example.com', 'buyer@example.com', 'en', '2026-11-01T00:00:00.000Z', 'I agree.') RETURNING id`,
  )
    .bind(realtor!.id)
    .first<{ id: number }>()
  ids = { id: realtor!.id, site: 'gate-owner', contact: contact!.id, buyer: buyer!.id, p256dh }
})

describe('the ownership gate', () => {
  it('has a row for every builder page and realtor API route, and no row for a route that is gone', () => {
    const listed = CASES.map((entry) => entry.route)
    expect(new Set(listed).size, 'one row a route').toBe(listed.length)
    expect([...scopedRoutes()].sort()).toEqual([...listed].sort())
  })

  it('only the owner and admins pass where a route is not public or the account’s own', () => {
    for (const entry of CASES) {
      if (entry.why) continue
      expect([401, 403, 302, 404], entry.route).toContain(entry.expect.anon)
      expect([403, 404], entry.route).toContain(entry.expect.other)
    }
  })

  for (const entry of CASES) {
    it(`${entry.route}: ${ROLES.map((role) => `${role} ${entry.expect[role]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const { path, method = 'GET', json, headers } = entry.request(ids)
        const token = tokens[role]
        const response = await api(path, { method, json, headers, ...(token ? { token } : {}) })
        const body = await response.text()
        expect(response.status, `${role}: ${body.slice(0, 200)}`).toBe(entry.expect[role])
        if (response.status === 302 && role === 'anon')
          expect(response.headers.get('location'), role).toMatch(/\/login\?next=/)
      }
    })
  }
})

describe('a deleted homepage', () => {
  it('keeps its /admin state page for who may manage it, and no other builder screen', async () => {
    await makeAccount('gate-gone@realtor.local', 'x', { desiredUrl: 'gate-gone' })
    await env.DB.prepare(
      "UPDATE realtors SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE desired_url = 'gate-gone'",
    ).run()
    const token = tokens.admin!
    expect((await api('/gate-gone/admin', { token })).status).toBe(200)
    expect((await api('/gate-gone/admin/settings', { token })).status).toBe(200)
    for (const path of ['/gate-gone/admin/notifications', '/gate-gone/admin/domain'])
      expect((await api(path, { token })).headers.get('location'), path).toBe('/gate-gone/admin')
    for (const path of ['/gate-gone/admin/inbox', '/gate-gone/admin/dashboard', '/gate-gone', '/gate-gone/terms'])
      expect((await api(path, { token })).status, path).toBe(404)
    expect((await api('/gate-gone/admin', { token: tokens.other! })).status).toBe(403)
  })
})
