// Every request path that reads or writes D1, driven once through the deployed entry point with a recording
// binding (recorder.ts): what plans.test.ts explains is what these requests ran. A route that gains a query
// is covered as soon as one of these requests reaches it; a new route goes into this list (the inventory in
// plans.test.ts fails until the file holding its query is accounted for).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { openToken, unsubscribeToken } from '../../src/lib/alerts/tokens'
import { base64url } from '../../src/lib/base64url'
import { buyerEventStatements } from '../../src/lib/buyers/events'
import { BUYER_COOKIE, issueBuyerLink } from '../../src/lib/buyers/store'
import { newToken, tokenHash } from '../../src/lib/tokens'
import worker, { createApp } from '../../src/worker'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { LEAD } from '../fixtures/forms'
import { DEMO_PASSWORD } from '../fixtures/realtors'
import { ORIGIN } from '../helpers'
import { type Recorded, recordingD1 } from './recorder'

export interface Answer {
  path: string
  status: number
  body: string
  /** A 4xx the step asks for (an unknown realtor, an address that never was). */
  expected: boolean
}

interface Step {
  /** The path, or one made from the previous answer's body (an id or code it returned). */
  path: string | ((kept: Record<string, string>) => string)
  method?: string
  token?: string
  json?: unknown | ((kept: Record<string, string>) => unknown)
  /** A form post's fields (application/x-www-form-urlencoded), for pages that take one. */
  form?: Record<string, string>
  host?: string
  /** The Cookie header the step's browser sends. */
  cookie?: string
  /** The 4xx status this step answers by design. */
  status?: number
  /** Keeps the answer's body under this name for later steps' paths and bodies. */
  keep?: string
  /** Run on the unrecorded database before the request: puts a row in the state the step needs. */
  before?: (db: D1Database) => Promise<unknown>
}

/** A field of a kept JSON answer, by dotted path. */
const field = (body: string | undefined, path: string): string =>
  path.split('.').reduce((value, key) => value?.[key], JSON.parse(body ?? '{}'))

export async function runTour(log: Recorded[]): Promise<Answer[]> {
  const adminId = await makeAccount('plans-admin@realtor.local', 'x', { role: 'admin' })
  const admin = await tokenFor(adminId)
  const owner = await env.DB.prepare(
    "SELECT r.id, r.user_id FROM realtors r WHERE r.desired_url = 'equityrealty'",
  ).first<{ id: number; user_id: number }>()
  const realtor = await tokenFor(owner!.user_id)
  const id = owner!.id
  // A homepage with no domain, whose claim the tour's realtor takes over.
  const victim = (await env.DB.prepare(
    `SELECT id FROM realtors WHERE desired_url LIKE 'scale%' AND homepage_host IS NULL
       AND id NOT IN (SELECT realtor_id FROM custom_hostnames) ORDER BY id LIMIT 1`,
  ).first<{ id: number }>())!.id
  const contact = {
    realtorId: id,
    lastName: '김',
    firstName: '민수',
    email: 'minsu@example.com',
    phone: '010-1234-5678',
    phoneCountryCode: 'KR',
    message: '문의드립니다.',
    isTerm: 'Y',
  }
  // A browser's subscription: a real P-256 key (the API imports it) and an endpoint the fake fetch knows.
  const browserKey = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const p256dh = base64url(new Uint8Array((await crypto.subtle.exportKey('raw', browserKey.publicKey)) as ArrayBuffer))
  const device = (name: string) => ({
    endpoint: `http://127.0.0.1:9/push/${name}`,
    keys: { p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  })
  // The verifier of the browser that starts the sign-in hand-off (docs/decisions/086), and its challenge.
  const verifier = newToken()
  const challenge = await tokenHash(verifier)
  // A buyer of the tour's realtor with a saved search and an alert mailed (decision 108): its mail's links.
  const buyer = (await env.DB.prepare(
    `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text, confirmed_at)
     VALUES (?1, 'tour-buyer@example.com', 'tour-buyer@example.com', 'ko', ?2, 'tour', ?2) RETURNING id`,
  )
    .bind(id, new Date().toISOString())
    .first<{ id: number }>())!.id
  const search = (await env.DB.prepare(
    `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
       property_status, frequency) VALUES (?1, ?2, 'Irvine', '?city=Irvine', 'crmls', 'city', 'irvine', 'sale',
       'active', 'instant') RETURNING id`,
  )
    .bind(buyer, id)
    .first<{ id: number }>())!.id
  const alert = (await env.DB.prepare(
    'INSERT INTO alerts (search_id, buyer_id, realtor_id) VALUES (?1, ?2, ?3) RETURNING id',
  )
    .bind(search, buyer, id)
    .first<{ id: number }>())!.id
  const unsubscribe = encodeURIComponent(await unsubscribeToken(env.SESSION_SECRET, buyer, id))
  const opened = encodeURIComponent(await openToken(env.SESSION_SECRET, alert))
  // A buyer of Equity's site (decision 107): made by the sign-up step, then signed in by a session of a known token.
  const buyerToken = newToken()
  const buyerCookie = `${BUYER_COOKIE}=${buyerToken}`
  const buyerId = async (db: D1Database) =>
    (await db.prepare("SELECT id FROM buyers WHERE email_key = 'plans-buyer@example.com'").first<{ id: number }>())!.id
  const signInBuyer = async (db: D1Database) =>
    db
      .prepare('INSERT OR IGNORE INTO buyer_sessions (token_hash, buyer_id, expires_at) VALUES (?, ?, ?)')
      .bind(await tokenHash(buyerToken), await buyerId(db), Date.now() + 86_400_000)
      .run()
  let buyerLink = ''
  let buyerSearch = 0
  const steps: Step[] = [
    // Visitors: landing, tenant homes (path, English, custom domain), subpages, crawlers' files.
    { path: '/' },
    { path: '/en' },
    { path: '/equityrealty' },
    { path: '/en/equityrealty/process' },
    { path: '/', host: 'equityrealty.example' },
    { path: '/oldaddress-that-never-was', status: 404 },
    { path: '/sitemap.xml' },
    // Past 1,000 realtor ids it is an index; a file walks its id range (decision 061).
    { path: '/sitemap.xml?page=2' },
    { path: '/equityrealty/sitemap.xml' },
    { path: '/robots.txt', host: 'equityrealty.example' },
    { path: '/sitemap.xml', host: 'equityrealty.example' },
    // An alert mail's links (decision 108): the unsubscribe page, its one-click post, the open pixel.
    { path: `/equityrealty/alerts/unsubscribe?t=${unsubscribe}` },
    {
      path: `/equityrealty/alerts/unsubscribe?t=${unsubscribe}`,
      method: 'POST',
      form: { 'List-Unsubscribe': 'One-Click' },
    },
    { path: `/en/equityrealty/alerts/open/${alert}.gif?t=${opened}` },
    // Home search (decision 097) on the realtor's MLS (crmls): every place kind (none, city, ZIP, neighbourhood)
    // × every order, with the price, rooms and type filters, each status, a later page; a typed place that is
    // the site's (a redirect), another MLS's and nobody's; a home's page, one gone (410), the site's sitemap
    // index of its homes and one of its files. 'SC1200' is an Irvine listing for sale (ZIP 91200, Irvine Park 20).
    { path: '/equityrealty/homes' },
    { path: '/equityrealty/homes?all=1&min=400000&beds=2&sort=price-low' },
    { path: '/equityrealty/homes?all=1&status=rent&type=condo&sort=price-high' },
    { path: '/equityrealty/homes?all=1&status=sold&baths=2&page=3' },
    { path: '/equityrealty/homes?city=Irvine&status=pending&min=500000&max=900000&beds=3&baths=2&type=townhouse' },
    { path: '/equityrealty/homes?city=Irvine&max=700000&sort=price-low&page=2' },
    { path: '/en/equityrealty/homes?city=Irvine&type=single_family&sort=price-high' },
    { path: '/equityrealty/homes?zip=91200&beds=1' },
    { path: '/equityrealty/homes?zip=91200&status=sold&min=300000&sort=price-low' },
    { path: '/equityrealty/homes?zip=91200&type=condo&max=2000000&sort=price-high' },
    { path: `/equityrealty/homes?area=${encodeURIComponent('Irvine Park 20')}&baths=1&type=condo` },
    { path: `/equityrealty/homes?area=${encodeURIComponent('Irvine Park 20')}&min=350000&beds=2&sort=price-low` },
    { path: `/equityrealty/homes?area=${encodeURIComponent('Irvine Park 20')}&status=rent&sort=price-high` },
    { path: '/equityrealty/homes?city=Irvine&beds=11', status: 400 },
    { path: '/equityrealty/homes?place=irvine' },
    { path: `/equityrealty/homes?place=${encodeURIComponent('존스크릭')}` },
    { path: '/equityrealty/homes?place=Nowhere%20Town' },
    { path: '/equityrealty/homes/SC1200' },
    { path: '/en/equityrealty/homes/SC1200' },
    { path: '/equityrealty/homes/SC999999999', status: 404 },
    {
      path: '/equityrealty/homes/SC2230',
      status: 410,
      before: (db) => db.prepare("DELETE FROM listings WHERE listing_key = 'SC2230'").run(),
    },
    { path: '/equityrealty/sitemap.xml?page=2' },
    // A buyer (decision 107): sign-up with a search to save, a sign-in link asked for, My homes, a heart both
    // ways, a home's page viewed, a search saved and changed and deleted, details, a new link, the link used,
    // sign-out and the account deleted.
    {
      path: '/equityrealty/account/signup',
      method: 'POST',
      form: {
        email: 'plans-buyer@example.com',
        consent: 'yes',
        search: '?city=Irvine&beds=3',
        searchName: 'Irvine 3+',
        frequency: 'instant',
      },
    },
    { path: '/equityrealty/account/signin', method: 'POST', form: { email: 'plans-buyer@example.com' } },
    { path: '/account', host: 'equityrealty.example', cookie: buyerCookie, before: signInBuyer },
    { path: '/equityrealty/homes/SC1200/save', method: 'POST', cookie: buyerCookie, form: { saved: '1' } },
    { path: '/account', host: 'equityrealty.example', cookie: buyerCookie },
    { path: '/homes/SC1200', host: 'equityrealty.example', cookie: buyerCookie },
    { path: '/equityrealty/homes/SC1200/save', method: 'POST', cookie: buyerCookie, form: { saved: '0' } },
    {
      path: '/equityrealty/account/searches',
      method: 'POST',
      cookie: buyerCookie,
      form: { query: '?city=Irvine&max=900000', name: 'Irvine under 900k', frequency: 'daily' },
      before: async (db) => {
        buyerSearch = (await db
          .prepare('SELECT id FROM saved_searches WHERE buyer_id = ? LIMIT 1')
          .bind(await buyerId(db))
          .first<{ id: number }>())!.id
      },
    },
    {
      path: () => `/equityrealty/account/searches/${buyerSearch}`,
      method: 'POST',
      cookie: buyerCookie,
      form: { frequency: 'weekly' },
    },
    { path: () => `/equityrealty/account/searches/${buyerSearch}/delete`, method: 'POST', cookie: buyerCookie },
    { path: '/equityrealty/account/profile', method: 'POST', cookie: buyerCookie, form: { name: 'Plans Buyer' } },
    { path: '/equityrealty/account/resend', method: 'POST', cookie: buyerCookie },
    {
      path: '/equityrealty/account/link',
      method: 'POST',
      form: { token: 'A'.repeat(43) },
      status: 400,
      before: async (db) => {
        buyerLink = await issueBuyerLink(db, await buyerId(db), '/account')
      },
    },
    {
      path: '/equityrealty/account/link',
      method: 'POST',
      form: {
        get token() {
          return buyerLink
        },
      },
    },
    { path: '/equityrealty/account/signout', method: 'POST', cookie: buyerCookie },
    { path: '/equityrealty/account/delete', method: 'POST', cookie: buyerCookie, before: signInBuyer },
    // No view beacon: it reads and writes no D1 (a data point, checked by its proof: decisions 073, 077).
    // The realtor API and the listings API with varied filters and pages.
    { path: '/v1/realtor/equityrealty' },
    { path: `/v1/realtor/${id}` },
    { path: '/v1/realtor/nobody.example', status: 404 },
    { path: '/cozying-api/v1/home/list' },
    {
      path: '/cozying-api/v1/home/list?city=Irvine&propertyType=all&propertyStatus=all&currentPage=40&homesPerGroup=20',
    },
    { path: '/cozying-api/v1/home/list?city=Suwanee&state=GA&propertyType=condo&propertyStatus=all&isImageNull=Y' },
    { path: '/cozying-api/v1/home/list?city=Irvine&county=Orange&type=rent&propertyType=all&currentPage=3' },
    { path: '/cozying-api/v1/home/list?city=Irvine&currentPage=1000&homesPerGroup=60' },
    { path: '/cozying-api/v1/home/list?city=Irvine&propertyType=all&propertyStatus=closed&currentPage=2' },
    { path: '/cozying-api/v1/agent?licenseNumber=SCALE-7&searchType=sale' },
    { path: '/cozying-api/v1/agent?licenseNumber=SCALE-7&searchType=sold&market=crmls&currentPage=2' },
    // Forms: a lead, an event, a contact (each stored, then delivered through the outbox: the operator's
    // Slack refuses, so the lead's delivery is released for a retry; the realtor's webhook takes the contact).
    {
      path: `/v1/realtor/${id}/notifications`,
      method: 'PUT',
      token: realtor,
      json: { email: 'me@example.com', webhookUrl: 'http://127.0.0.1:9/notify' },
    },
    // Push devices (docs/decisions/065): one whose push service answers 410, so the contact below removes it
    // and drops its delivery, and one removed through the API after the contact.
    { path: `/v1/realtor/${id}/push`, method: 'POST', token: realtor, json: device('gone') },
    { path: `/v1/realtor/${id}/push`, method: 'POST', token: realtor, json: device('kept'), keep: 'device' },
    { path: `/v1/realtor/${id}/push`, token: realtor },
    { path: '/api/send-to-slack', method: 'POST', json: LEAD },
    {
      path: '/api/events',
      method: 'POST',
      json: { name: 'lead_realtor_view_home', deviceType: 'mobile', locale: 'ko' },
    },
    { path: '/v1/realtor-contacts', method: 'POST', json: contact, keep: 'contact' },
    // A question about a home (decision 096): the home attached is read by its key.
    {
      path: '/v1/realtor-contacts',
      method: 'POST',
      json: { ...contact, email: 'minsu+home@example.com', kind: 'question', listingKey: 'SC1200' },
      status: 201,
    },
    // The builder: session, console (list, search, next page), editor, inbox, dashboard, settings, domain.
    { path: '/v1/auth/login', method: 'POST', json: { email: 'janekim@realtor.local', password: DEMO_PASSWORD } },
    { path: '/v1/auth/me', token: realtor },
    { path: '/v1/auth/handoff', method: 'POST', token: realtor, json: { challenge }, keep: 'handoff' },
    // Another browser's try (refused, the code left for its own browser), then the browser that started it.
    {
      path: '/v1/auth/handoff/exchange',
      method: 'POST',
      json: (kept: Record<string, string>) => ({ code: field(kept.handoff, 'code') }),
      status: 401,
    },
    {
      path: '/v1/auth/handoff/exchange',
      method: 'POST',
      json: (kept: Record<string, string>) => ({ code: field(kept.handoff, 'code') }),
      cookie: `handoff=${verifier}`,
    },
    { path: '/v1/auth/agreement', method: 'POST', token: realtor },
    { path: '/v1/accounts?limit=5', token: admin },
    { path: '/v1/accounts?limit=5&after=a3', token: admin },
    { path: `/v1/accounts?q=${encodeURIComponent('김')}&limit=5`, token: admin },
    { path: '/v1/accounts?q=scale99&limit=5', token: admin },
    { path: '/admin', token: admin },
    // Invitations (decision 102): the console's form filled from a landing lead, the invitation that converts
    // the lead, a second link, its withdrawal, and a link no invitation has, redeemed in vain.
    { path: '/admin?lead=1', token: admin },
    {
      path: '/v1/accounts/invitations',
      method: 'POST',
      token: admin,
      json: {
        name: 'Plans Invite',
        email: 'plans-invite@realtor.local',
        desiredUrl: 'plans-invite',
        locale: 'en',
        leadId: 1,
      },
      keep: 'invited',
    },
    { path: (kept) => `/v1/accounts/${field(kept.invited, 'account.id')}/invitation`, method: 'POST', token: admin },
    { path: (kept) => `/v1/accounts/${field(kept.invited, 'account.id')}/invitation`, method: 'DELETE', token: admin },
    {
      path: '/v1/auth/invitation/complete',
      method: 'POST',
      json: { token: 'A'.repeat(43), password: 'a-new-password-2026' },
      status: 400,
    },
    { path: '/equityrealty/admin', token: realtor },
    { path: '/equityrealty/admin/dashboard', token: realtor },
    { path: '/equityrealty/admin/domain', token: realtor },
    { path: `/v1/realtors/${id}/domain`, token: realtor },
    { path: '/v1/domains?limit=5', token: admin },
    { path: '/v1/domains?status=active&after=1&limit=5', token: admin },
    { path: `/v1/realtor-contacts?realtorId=${id}&limit=5`, token: realtor },
    { path: `/v1/realtor-contacts?realtorId=${id}&status=unread&limit=5`, token: realtor },
    {
      path: `/v1/realtor-contacts?realtorId=${id}&limit=5&after=999999&q=${encodeURIComponent('민수')}`,
      token: realtor,
    },
    // Searches of 3+ characters go through the inbox's trigram index (decision 078): a Korean name without
    // its space, an email with a status and a cursor, a phone's digits in the export.
    { path: `/v1/realtor-contacts?realtorId=${id}&limit=5&q=${encodeURIComponent('김민수')}`, token: realtor },
    {
      path: `/v1/realtor-contacts?realtorId=${id}&status=unread&after=999999&limit=5&q=minsu%40example`,
      token: realtor,
    },
    { path: `/v1/realtor-contacts/export?realtorId=${id}&q=010-1234`, token: realtor },
    { path: `/equityrealty/admin/inbox?q=${encodeURIComponent('김')}`, token: realtor },
    { path: (kept) => `/v1/realtor-contacts/${field(kept.contact, 'id')}`, token: realtor },
    {
      path: (kept) => `/v1/realtor-contacts/${field(kept.contact, 'id')}`,
      method: 'PATCH',
      token: realtor,
      json: { status: 'read', note: 'called' },
    },
    { path: `/v1/realtor-contacts/export?realtorId=${id}`, token: realtor },
    {
      path: (kept) => `/v1/realtor/${id}/push/${field(kept.device, 'subscription.id')}`,
      method: 'DELETE',
      token: realtor,
    },
    { path: '/v1/leads?limit=5', token: admin },
    { path: '/v1/leads?limit=5&status=unread&after=999999', token: admin },
    { path: '/v1/leads/1', token: admin },
    { path: '/v1/leads/export', token: admin },
    { path: '/admin/leads', token: admin },
    { path: '/v1/leads?limit=5&q=Lead%2012', token: admin },
    { path: '/v1/leads?limit=5&status=all&q=CA', token: admin },
    { path: '/v1/leads/export?q=Lead%20199', token: admin },
    { path: '/admin/leads?q=irvine', token: admin },
    { path: '/equityrealty/admin/inbox', token: realtor },
    // The inbox's buyers (docs/decisions/109-buyers-in-the-inbox.md): a buyer with a save of each kind, a
    // view, an alert opened and a sign-up event waiting in the outbox (the cron's pass reads it back).
    {
      path: '/equityrealty/admin/inbox/buyers',
      token: realtor,
      before: (db) =>
        db.batch([
          // A buyer of every realtor with saves, views, events and alerts, so ANALYZE sees these tables at scale.
          db.prepare(
            `INSERT INTO buyers (realtor_id, email, email_key, locale, consent_at, consent_text)
             SELECT id, 'scale' || id || '@buyers.test', 'scale' || id || '@buyers.test', 'en',
               '2026-01-01T00:00:00.000Z', 'I agree.' FROM realtors`,
          ),
          db.prepare(
            `INSERT INTO saved_searches (buyer_id, realtor_id, name, query, market, place_kind, place_key, deal_type,
               property_status, frequency)
             SELECT id, realtor_id, 'Irvine', 'city=Irvine', 'crmls', 'city', 'irvine', 'sale', 'active', 'daily'
             FROM buyers`,
          ),
          db.prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
             INSERT INTO buyer_events (realtor_id, buyer_id, kind, search_id, created_at)
             SELECT b.realtor_id, b.id, CASE WHEN i = 1 THEN 'signup' ELSE 'search' END, s.id,
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (b.id % 60) || ' days')
             FROM buyers b JOIN saved_searches s ON s.buyer_id = b.id, n`,
          ),
          db.prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
             INSERT INTO alerts (search_id, buyer_id, realtor_id, opened_at)
             SELECT s.id, s.buyer_id, s.realtor_id,
               CASE WHEN i < 3 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (s.id % 60) || ' days') END
             FROM saved_searches s, n`,
          ),
          db.prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2)
             INSERT INTO saved_homes (buyer_id, listing_key) SELECT id, 'SC' || (id * 2 + i) FROM buyers, n`,
          ),
          db.prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2)
             INSERT INTO buyer_views (buyer_id, listing_key, viewed_at)
             SELECT id, 'SC' || (id * 3 + i), '2026-11-01T00:00:00.000Z' FROM buyers, n`,
          ),
          db
            .prepare(
              `INSERT INTO buyers (id, realtor_id, email, email_key, name, locale, consent_at, consent_text)
               VALUES (900001, ?, 'Minsu@Example.com', 'minsu@example.com', 'Plans Buyer', 'ko', ?2, 'I agree.')`,
            )
            .bind(id, new Date().toISOString()),
          db.prepare("INSERT INTO saved_homes (buyer_id, listing_key) VALUES (900001, 'SC1230')"),
          db.prepare(
            "INSERT INTO buyer_views (buyer_id, listing_key, viewed_at) VALUES (900001, 'SC1231', '2026-11-01T00:00:00.000Z')",
          ),
          db
            .prepare(
              `INSERT INTO saved_searches (id, buyer_id, realtor_id, name, query, market, place_kind, place_key,
                 deal_type, property_status, frequency)
               VALUES (900001, 900001, ?, 'Irvine', 'city=Irvine', 'crmls', 'city', 'irvine', 'sale', 'active', 'daily')`,
            )
            .bind(id),
          db
            .prepare(
              `INSERT INTO alerts (search_id, buyer_id, realtor_id, opened_at)
               VALUES (900001, 900001, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
            )
            .bind(id),
          ...buyerEventStatements(db, { realtorId: id, buyerId: 900001, kind: 'signup', searchId: null }),
        ]),
    },
    { path: '/equityrealty/admin/inbox/buyers?after=900002', token: realtor },
    { path: '/equityrealty/admin/inbox/buyers/900001', token: realtor },
    { path: `/v1/realtor-buyers?realtorId=${id}&limit=5`, token: realtor },
    { path: '/v1/realtor-buyers/900001', token: realtor },
    { path: '/v1/realtor-buyers/900001', token: admin },
    { path: '/equityrealty/admin/dashboard', token: realtor },
    { path: `/v1/realtor/${id}/notifications`, token: realtor },
    // An address that is not the sign-in email waits for its link (decision 063); a link with an unknown
    // token confirms nothing. The realtor's clock: chosen, read, and the Settings screen that offers it.
    {
      path: `/v1/realtor/${id}/notifications`,
      method: 'PUT',
      token: realtor,
      json: { email: 'office@plans.example', webhookUrl: 'http://127.0.0.1:9/notify' },
    },
    { path: '/equityrealty/admin/notifications/confirm', method: 'POST', form: { token: 'A'.repeat(43) } },
    {
      path: `/v1/realtor/${id}/notifications/time-zone`,
      method: 'PUT',
      token: realtor,
      json: { timeZone: 'America/Chicago' },
    },
    { path: `/v1/realtor/${id}/notifications/time-zone`, token: realtor },
    { path: '/equityrealty/admin/settings', token: realtor },
    { path: '/v1/accounts/me', token: realtor },
    { path: '/v1/accounts/me', method: 'PATCH', token: realtor, json: { name: 'Equity Realty' } },
    { path: `/v1/realtor/export/${id}`, token: realtor },
    {
      path: `/v1/realtor/${id}`,
      method: 'PATCH',
      token: realtor,
      json: { photos: [{ path: 'gallery', imageType: 'fullsize', url: `/photos/realtors/${id}/0b1c7a1e-4a4f.jpg` }] },
    },
    { path: `/v1/realtor/${id}`, method: 'PATCH', token: realtor, json: { photos: [] } },
    // Domains (the simulator), an admin's account and homepage, its deletion and restore, sign-out.
    { path: `/v1/realtors/${id}/domain`, method: 'PUT', token: realtor, json: { hostname: 'plans-tour.example' } },
    // A check that is due (still pending): the screen's poll claims it (one provider call per burst) before asking.
    {
      path: `/v1/realtors/${id}/domain`,
      token: realtor,
      before: (db) =>
        db.prepare("UPDATE custom_hostnames SET checked_at = NULL WHERE hostname = 'plans-tour.example'").run(),
    },
    { path: '/v1/domains/plans-tour.example/advance', method: 'POST', token: admin },
    { path: '/v1/domains/plans-tour.example/advance', method: 'POST', token: admin },
    { path: `/v1/realtors/${id}/domain`, token: realtor },
    { path: '/v1/domains/plans-tour.example/fail', method: 'POST', token: admin },
    { path: `/v1/realtors/${id}/domain`, method: 'DELETE', token: realtor },
    // A takeover of a claim nobody verified (decision 088): counted, the former claimant told; past the
    // realtor's limit (two more counted today), the next one is refused.
    { path: `/v1/realtors/${victim}/domain`, method: 'PUT', token: admin, json: { hostname: 'plans-taken.example' } },
    { path: `/v1/realtors/${id}/domain`, method: 'PUT', token: realtor, json: { hostname: 'plans-taken.example' } },
    { path: `/v1/realtors/${victim}/domain`, token: admin },
    { path: `/v1/realtors/${victim}/domain`, method: 'PUT', token: admin, json: { hostname: 'plans-limit.example' } },
    {
      path: `/v1/realtors/${id}/domain`,
      method: 'PUT',
      token: realtor,
      json: { hostname: 'plans-limit.example' },
      status: 429,
      before: (db) =>
        db
          .prepare(
            `INSERT INTO domain_takeovers (hostname, taken_by, taken_from, taken_at)
             VALUES ('plans-a.example', ?1, ?2, ?3), ('plans-b.example', ?1, ?2, ?3)`,
          )
          .bind(id, victim, new Date().toISOString())
          .run(),
    },
    // A homepage an admin makes without an account (the realtor insert of its own).
    { path: '/v1/realtor', method: 'POST', token: admin, json: { desiredUrl: 'plansnoaccount' } },
    {
      path: '/v1/accounts',
      method: 'POST',
      token: admin,
      json: {
        name: '박서연',
        email: 'plans-new@realtor.local',
        password: 'plans-password-2026',
        desiredUrl: 'plansnew',
      },
      keep: 'created',
    },
    {
      path: (kept) => `/v1/accounts/${field(kept.created, 'account.id')}/password-reset`,
      method: 'POST',
      token: admin,
    },
    { path: '/v1/realtor/plansnew', status: 404 },
    {
      path: (kept) => `/v1/realtor/${field(kept.created, 'realtor.id')}`,
      method: 'DELETE',
      token: admin,
      json: { address: 'plansnew' },
    },
    { path: (kept) => `/v1/realtor/${field(kept.created, 'realtor.id')}/restore`, method: 'POST', token: admin },
    // A realtor's change of address (counted against the day's limit) and back, and an admin releasing the
    // address it left (decision 083).
    { path: `/v1/realtor/${id}`, method: 'PATCH', token: realtor, json: { desiredUrl: 'equityrealty-moved' } },
    { path: `/v1/realtor/${id}`, method: 'PATCH', token: realtor, json: { desiredUrl: 'equityrealty' } },
    { path: `/v1/realtor/${id}/addresses/equityrealty-moved`, method: 'DELETE', token: admin },
    { path: `/v1/realtor/${id}`, method: 'PATCH', token: realtor, json: { desiredUrl: 'equityrealty-again' } },
    {
      path: `/v1/realtor/${id}`,
      method: 'PATCH',
      token: realtor,
      json: { desiredUrl: 'equityrealty' },
      status: 429,
    },
    { path: '/v1/auth/logout', method: 'POST', token: realtor },
    // "Forgot password" (decision 100): the link is made and mailed after the answer; a link no reset has is
    // redeemed in vain (the same statement as a good one) and refused.
    { path: '/v1/auth/password-reset', method: 'POST', json: { email: 'janekim@realtor.local' }, status: 202 },
    {
      path: '/v1/auth/password-reset/complete',
      method: 'POST',
      json: { token: 'A'.repeat(43), password: 'a-new-password-2026' },
      status: 400,
    },
  ]
  const recorded = {
    ...env,
    DB: recordingD1(env.DB, log),
    SLACK_WEBHOOK_URL: 'https://hooks.slack.test/plans',
    CONTACT_WEBHOOK_URL: 'https://crm.test/contacts',
  }
  // Deliveries go to a fake: Slack refuses (a release for retry), a push service says one device is gone,
  // every other destination takes them.
  const statusOf = (url: string) => (url.includes('slack') ? 500 : url.includes('/push/gone') ? 410 : 200)
  const app = createApp({
    upstreamFetch: async (input) => new Response('ok', { status: statusOf(new Request(input as RequestInfo).url) }),
  })
  const answers: Answer[] = []
  const kept: Record<string, string> = {}
  for (const step of steps) {
    await step.before?.(env.DB)
    const path = typeof step.path === 'function' ? step.path(kept) : step.path
    const json = typeof step.json === 'function' ? step.json(kept) : step.json
    const url = `${ORIGIN}${path}`
    const headers = new Headers({ host: step.host ?? new URL(url).host, origin: ORIGIN })
    if (step.token) headers.set('authorization', `Bearer ${step.token}`)
    if (step.cookie) headers.set('cookie', step.cookie)
    if (json !== undefined) headers.set('content-type', 'application/json')
    if (step.form) headers.set('content-type', 'application/x-www-form-urlencoded')
    const ctx = createExecutionContext()
    const handler = step.method && step.method !== 'GET' ? app.fetch : worker.fetch
    const response = await handler(
      new Request(url, {
        method: step.method ?? 'GET',
        headers,
        redirect: 'manual',
        body: step.form ? new URLSearchParams(step.form) : json === undefined ? undefined : JSON.stringify(json),
      }),
      recorded,
      ctx,
    )
    const body = await response.text()
    if (step.keep) kept[step.keep] = body
    await waitOnExecutionContext(ctx)
    answers.push({
      path: `${step.method ?? 'GET'} ${path}`,
      status: response.status,
      body: body.slice(0, 300),
      expected: response.status === step.status,
    })
  }
  return answers
}
