// Buyers' accounts on a realtor's site (issue 32, docs/decisions/107-buyer-accounts.md): sign-up by email
// (signed in at once, a link to confirm), an address with an account signs nobody in, the link works once and
// only before it expires, a forged or another realtor's cookie is nobody, saved homes and searches (with the
// matcher's columns), deleting the account takes everything, budgets answer 429, bad input a translated 400.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import PostalMime from 'postal-mime'
import { beforeAll, describe, expect, it } from 'vitest'
import { savedSearchFilters } from '../../src/lib/buyers/searches'
import {
  BUYER_COOKIE,
  BUYER_LINK_TTL_MS,
  createBuyer,
  createBuyerSession,
  issueBuyerLink,
  redeemBuyerLink,
} from '../../src/lib/buyers/store'
import { parseHomeSearch } from '../../src/lib/mls/search'
import { pageRequestOf } from '../../src/lib/page-cache'
import { buyerCookiePaths } from '../../src/middleware/buyer-session'
import { createApp } from '../../src/worker'
import { property, storeListings } from '../fixtures/mls'
import { PRODUCTION_VARS } from '../fixtures/production'
import { budgetOf, freshWindow } from '../fixtures/rate-limits'

const app = createApp()
const JANE = 'https://janekim.example'
const EQUITY = 'https://equityrealty.example'

let nextIp = 1
const freshIp = () => `198.51.100.${nextIp++}`

function mailbox() {
  const sent: EmailMessage[] = []
  return { sent, SEND_EMAIL: { send: async (message: EmailMessage) => void sent.push(message) } }
}

async function textOf(message: EmailMessage) {
  const raw = (message as unknown as Record<string, string | ReadableStream>)['EmailMessage::raw']!
  return PostalMime.parse(typeof raw === 'string' ? raw : await new Response(raw).text())
}

interface Sent {
  response: Response
  html: string
  mails: { to: string; subject: string; text: string }[]
  cookie: string | null
}

/** A request to the app as a browser on `origin` sends it (same-origin form posts), with the mail it sent. */
async function send(
  origin: string,
  path: string,
  {
    form,
    cookie,
    ip = freshIp(),
    referer,
  }: { form?: Record<string, string>; cookie?: string; ip?: string; referer?: string } = {},
): Promise<Sent> {
  const box = mailbox()
  const headers = new Headers({ host: new URL(origin).host, 'cf-connecting-ip': ip })
  if (form) {
    headers.set('content-type', 'application/x-www-form-urlencoded')
    headers.set('origin', origin)
  }
  if (cookie) headers.set('cookie', cookie)
  if (referer) headers.set('referer', referer)
  const ctx = createExecutionContext()
  const response = await app.fetch(
    new Request(`${origin}${path}`, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    }),
    // As deployed: budgets keyed on each client's address (local mode shares one key among all).
    { ...env, ...PRODUCTION_VARS, SEND_EMAIL: box.SEND_EMAIL } as unknown as typeof env,
    ctx,
  )
  const html = await response.text()
  await waitOnExecutionContext(ctx)
  const mails = await Promise.all(
    box.sent.map(async (m) => {
      const parsed = await textOf(m)
      return { to: m.to, subject: parsed.subject ?? '', text: parsed.text ?? '' }
    }),
  )
  const set = response.headers.getSetCookie().find((line) => line.startsWith(`${BUYER_COOKIE}=`))
  return { response, html, mails, cookie: set ? set.split(';')[0]! : null }
}

const tokenIn = (text: string) => /\/account\/link\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

async function realtorId(desiredUrl: string): Promise<number> {
  const row = await env.DB.prepare('SELECT id FROM realtors WHERE desired_url = ?')
    .bind(desiredUrl)
    .first<{ id: number }>()
  return row!.id
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n

beforeAll(async () => {
  await storeListings(env.DB, 'fmls', [
    property({ ListingKey: 'FMB1', ListPrice: 900_000, BedroomsTotal: 4 }),
    property({ ListingKey: 'FMB2', ListPrice: 700_000, BedroomsTotal: 3 }),
  ])
})

const signUp = (email: string, extra: Record<string, string> = {}, ip?: string) =>
  send(JANE, '/account/signup', { form: { email, consent: 'yes', ...extra }, ip })

describe('signing up', () => {
  it('creates the buyer with consent, signs this browser in, mails a link and tells the realtor', async () => {
    const { response, html, mails, cookie } = await signUp('New.Buyer@Example.com', {
      name: ' Mina Lee ',
      phone: '(404) 555-0101',
    })
    expect(response.status).toBe(200)
    expect(html).toContain('이메일을 확인해 주세요')
    expect(cookie).toMatch(/^buyer=[A-Za-z0-9_-]{43}$/)
    const line = response.headers.getSetCookie().find((l) => l.startsWith('buyer='))!
    expect(line).toMatch(/Path=\/;/)
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Lax/)
    expect(line).toMatch(/Secure/)
    const row = await env.DB.prepare('SELECT * FROM buyers WHERE realtor_id = ? AND email_key = ?')
      .bind(await realtorId('janekim'), 'new.buyer@example.com')
      .first<Record<string, string | null>>()
    expect(row).toMatchObject({ email: 'New.Buyer@Example.com', name: 'Mina Lee', phone: '+14045550101', locale: 'ko' })
    expect(row!.confirmed_at).toBeNull()
    expect(row!.consent_text).toContain('연락하는 것에 동의합니다')
    expect(row!.consent_at).toMatch(/^\d{4}-/)
    expect(await count("SELECT COUNT(*) AS n FROM buyer_events WHERE buyer_id = ? AND kind = 'signup'", row!.id)).toBe(
      1,
    )
    const toBuyer = mails.filter((mail) => mail.to === 'New.Buyer@Example.com')
    expect(toBuyer).toHaveLength(1)
    expect(tokenIn(toBuyer[0]!.text)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(toBuyer[0]!.text).toContain('https://janekim.example/account/link?token=')
    // Jane is told at once, by the first attempt after the answer (the cron retries what it leaves).
    const toJane = mails.filter((mail) => mail.to !== 'New.Buyer@Example.com')
    expect(toJane).toHaveLength(1)
    expect(toJane[0]!.subject).toContain('Mina Lee')
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'buyer' AND status = 'delivered'
           AND message_id = (SELECT id FROM buyer_events WHERE buyer_id = ? AND kind = 'signup')`,
        row!.id,
      ),
    ).toBeGreaterThan(0)
    // Signed in: My homes, the account unconfirmed.
    const mine = await send(JANE, '/account', { cookie: cookie! })
    expect(mine.response.status).toBe(200)
    expect(mine.html).toContain('New.Buyer@Example.com')
    expect(mine.html).toContain('이메일 인증이 필요해요')
    expect(mine.response.headers.get('cache-control')).toMatch(/no-store/)
  })

  it('answers an address that has an account exactly the same, signs nobody in, and mails its owner a link', async () => {
    await signUp('twice@example.com')
    const again = await signUp('twice@example.com', { name: 'Someone Else' })
    const fresh = await signUp('once@example.com')
    expect(again.response.status).toBe(200)
    expect(again.cookie).toBeNull()
    expect(again.mails).toHaveLength(1)
    expect(again.mails[0]!.to).toBe('twice@example.com')
    // The same page text either way (the address differs only where it is echoed).
    expect(again.html.replaceAll('twice@example.com', 'X')).toBe(fresh.html.replaceAll('once@example.com', 'X'))
    const row = await env.DB.prepare('SELECT name FROM buyers WHERE email_key = ?').bind('twice@example.com').first()
    expect(row).toEqual({ name: null })
  })

  it('refuses bad input with the form again, translated, and stores nothing', async () => {
    const before = await count('SELECT COUNT(*) AS n FROM buyers')
    const bad = await send(JANE, '/en/account/signup', {
      form: { email: 'not-an-email', phone: 'abc', name: 'x'.repeat(81) },
    })
    expect(bad.response.status).toBe(400)
    expect(bad.html).toContain('Enter a valid email address.')
    expect(bad.html).toContain('Please agree to be contacted')
    expect(bad.html).toContain('The name can be up to 80 characters.')
    expect(bad.html).toContain('aria-invalid="true"')
    const ko = await send(JANE, '/account/signup', { form: { email: 'a@b.co', consent: 'yes', home: 'NOPE' } })
    expect(ko.response.status).toBe(400)
    expect(ko.html).toContain('이 사이트에 올라와 있지 않은 매물이에요.')
    expect(await count('SELECT COUNT(*) AS n FROM buyers')).toBe(before)
    // A body far over the form's size: a 4xx, never a 5xx.
    const huge = await send(JANE, '/account/signup', { form: { email: 'a@b.co', junk: 'x'.repeat(20_000) } })
    expect(huge.response.status).toBe(413)
  })

  it('saves the home the heart was pressed on, for a new account', async () => {
    const { cookie } = await signUp('hearts@example.com', { home: 'FMB1' })
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'hearts@example.com'")
    expect(
      await count('SELECT COUNT(*) AS n FROM saved_homes WHERE buyer_id = ? AND listing_key = ?', id, 'FMB1'),
    ).toBe(1)
    const page = await send(JANE, '/homes/FMB1', { cookie: cookie! })
    expect(page.html).toContain('aria-pressed="true"')
    expect(page.response.headers.get('cache-control')).not.toMatch(/public/)
  })
})

describe('the sign-in link', () => {
  it('shows a button on GET (nothing spent), confirms and signs in on POST, and works once', async () => {
    const { mails } = await signUp('link@example.com')
    const token = tokenIn(mails[0]!.text)
    const get = await send(JANE, `/account/link?token=${token}`)
    expect(get.response.status).toBe(200)
    expect(get.html).toContain(`value="${token}"`)
    const post = await send(JANE, '/account/link', { form: { token } })
    expect(post.response.status).toBe(303)
    expect(post.response.headers.get('location')).toBe('/account')
    expect(post.cookie).toMatch(/^buyer=/)
    const row = await env.DB.prepare('SELECT confirmed_at FROM buyers WHERE email_key = ?')
      .bind('link@example.com')
      .first<{ confirmed_at: string | null }>()
    expect(row!.confirmed_at).not.toBeNull()
    const mine = await send(JANE, '/account', { cookie: post.cookie! })
    expect(mine.html).toContain('이메일 인증이 완료되었어요.')
    const again = await send(JANE, '/account/link', { form: { token } })
    expect(again.response.status).toBe(400)
    expect(again.html).toContain('만료되었거나 이미 사용되었어요')
    expect(again.cookie).toBeNull()
  })

  it('refuses an expired, forged or another realtor’s link', async () => {
    const jane = await realtorId('janekim')
    const equity = await realtorId('equityrealty')
    const buyer = (await createBuyer(
      env.DB,
      { realtorId: jane, email: 'exp@example.com', name: null, phone: null, locale: 'en', consentText: 'ok' },
      null,
    ))!
    const old = await issueBuyerLink(env.DB, buyer.id, null, Date.now() - BUYER_LINK_TTL_MS - 1)
    expect(await redeemBuyerLink(env.DB, jane, old)).toBeNull()
    const forged = 'A'.repeat(42) + 'A'
    expect(await redeemBuyerLink(env.DB, jane, forged)).toBeNull()
    expect((await send(JANE, '/account/link', { form: { token: 'x<script>' } })).response.status).toBe(400)
    const good = await issueBuyerLink(env.DB, buyer.id, '/homes/FMB1')
    // Another realtor's site: refused, and the link is left for its own site.
    expect(await redeemBuyerLink(env.DB, equity, good)).toBeNull()
    const post = await send(JANE, '/account/link', { form: { token: good } })
    expect(post.response.status).toBe(303)
    expect(post.response.headers.get('location')).toBe('/homes/FMB1')
  })

  it('sign-in by email answers the same for any address and mails only an account’s', async () => {
    await signUp('known@example.com')
    const known = await send(JANE, '/en/account/signin', { form: { email: 'known@example.com' } })
    const unknown = await send(JANE, '/en/account/signin', { form: { email: 'nobody@example.com' } })
    expect(known.response.status).toBe(200)
    expect(unknown.response.status).toBe(200)
    expect(known.cookie).toBeNull()
    expect(known.html.replaceAll('known@example.com', 'X')).toBe(unknown.html.replaceAll('nobody@example.com', 'X'))
    expect(known.mails).toHaveLength(1)
    // In the buyer's language (they signed up on the Korean page), whatever page asks.
    expect(known.mails[0]!.subject).toBe('Jane Kim님 사이트 로그인 링크')
    expect(unknown.mails).toHaveLength(0)
    // Another realtor's site does not know Jane's buyer.
    const elsewhere = await send(EQUITY, '/en/account/signin', { form: { email: 'known@example.com' } })
    expect(elsewhere.mails).toHaveLength(0)
  })
})

describe('the buyer cookie', () => {
  it('is nobody on another realtor’s site, nor when forged', async () => {
    const { cookie } = await signUp('isolated@example.com')
    const there = await send(EQUITY, '/en/account', { cookie: cookie! })
    expect(there.response.status).toBe(200)
    expect(there.html).not.toContain('isolated@example.com')
    expect(there.html).toContain('Create your account')
    const forged = await send(JANE, '/en/account', { cookie: `buyer=${'B'.repeat(43)}` })
    expect(forged.html).toContain('Create your account')
    // A session of Equity's buyer on Jane's site: refused too.
    const equity = await realtorId('equityrealty')
    const theirs = (await createBuyer(
      env.DB,
      { realtorId: equity, email: 'e@example.com', name: null, phone: null, locale: 'en', consentText: 'ok' },
      null,
    ))!
    const token = await createBuyerSession(env.DB, theirs.id)
    expect((await send(JANE, '/en/account', { cookie: `buyer=${token}` })).html).not.toContain('e@example.com')
    expect((await send(EQUITY, '/en/account', { cookie: `buyer=${token}` })).html).toContain('e@example.com')
  })

  it('is set on each path of a site on the provider host, and keeps pages out of the shared cache', () => {
    expect(buyerCookiePaths('/janekim')).toEqual(['/janekim', '/en/janekim'])
    expect(buyerCookiePaths('')).toEqual(['/'])
    const anonymous = new Request('https://janekim.example/homes', { headers: { host: 'janekim.example' } })
    expect(pageRequestOf(anonymous, env.PROVIDER_HOSTS)).not.toBeNull()
    const signedIn = new Request('https://janekim.example/homes', {
      headers: { host: 'janekim.example', cookie: 'buyer=abc' },
    })
    expect(pageRequestOf(signedIn, env.PROVIDER_HOSTS)).toBeNull()
  })
})

describe('saved homes', () => {
  it('signed out, the heart leads to the sign-up form keeping the home', async () => {
    const res = await send(JANE, '/homes/FMB2/save', { form: { saved: '1' }, referer: `${JANE}/homes?beds=3` })
    expect(res.response.status).toBe(303)
    const location = new URL(res.response.headers.get('location')!, JANE)
    expect(location.pathname).toBe('/account/signup')
    expect(location.searchParams.get('home')).toBe('FMB2')
    expect(location.searchParams.get('next')).toBe('/homes?beds=3')
    const form = await send(JANE, `${location.pathname}${location.search}`)
    expect(form.html).toContain('name="home" value="FMB2"')
    expect(form.html).toContain('이 매물을 저장하려면')
    // The prompt declines: "Not now" goes back to the home.
    expect(form.html).toMatch(/<a href="\/homes\/FMB2">다음에 할게요<\/a>/)
  })

  it('saves and unsaves, back to the page, and refuses a home not on the site', async () => {
    const { cookie } = await signUp('saver@example.com')
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'saver@example.com'")
    const save = await send(JANE, '/homes/FMB2/save', {
      form: { saved: '1' },
      cookie: cookie!,
      referer: `${JANE}/homes`,
    })
    expect(save.response.status).toBe(303)
    expect(save.response.headers.get('location')).toBe('/homes')
    expect(await count('SELECT COUNT(*) AS n FROM saved_homes WHERE buyer_id = ?', id)).toBe(1)
    const search = await send(JANE, '/homes?city=Johns+Creek', { cookie: cookie! })
    expect(search.html).toMatch(/action="\/homes\/FMB2\/save"[^>]*><input type="hidden" name="saved" value="0"/)
    // Another site's referer is never gone back to.
    const unsave = await send(JANE, '/homes/FMB2/save', {
      form: { saved: '0' },
      cookie: cookie!,
      referer: 'https://evil.example/x',
    })
    expect(unsave.response.headers.get('location')).toBe('/homes/FMB2')
    expect(await count('SELECT COUNT(*) AS n FROM saved_homes WHERE buyer_id = ?', id)).toBe(0)
    expect((await send(JANE, '/homes/NOPE1/save', { form: { saved: '1' }, cookie: cookie! })).response.status).toBe(400)
    expect((await send(JANE, '/homes/FMB2/save', { form: { saved: 'maybe' }, cookie: cookie! })).response.status).toBe(
      400,
    )
  })

  it('records a signed-in buyer’s view of a home page', async () => {
    const { cookie } = await signUp('viewer@example.com')
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'viewer@example.com'")
    await send(JANE, '/homes/FMB1', { cookie: cookie! })
    expect(
      await count('SELECT COUNT(*) AS n FROM buyer_views WHERE buyer_id = ? AND listing_key = ?', id, 'FMB1'),
    ).toBe(1)
  })
})

describe('saved searches', () => {
  it('maps a search to the matcher’s columns', () => {
    const start = { feed: 'fmls' as const, place: null }
    const { search } = parseHomeSearch(new URLSearchParams('city=Johns Creek&beds=3&max=1200000'), ['fmls'], start)
    expect(savedSearchFilters(search, { twoFeeds: false })).toEqual({
      query: '?city=Johns+Creek&max=1200000&beds=3',
      market: 'fmls',
      placeKind: 'city',
      placeKey: 'johns creek',
      dealType: 'sale',
      propertyStatus: 'active',
      propertyType: null,
      minPrice: null,
      maxPrice: 1_200_000,
      beds: 3,
      baths: 0,
    })
    const rent = parseHomeSearch(new URLSearchParams('all=1&status=rent&type=condo&baths=2&page=3'), ['fmls'], start)
    expect(savedSearchFilters(rent.search, { twoFeeds: false })).toMatchObject({
      query: '?all=1&status=rent&type=condo&baths=2',
      placeKind: 'all',
      placeKey: '',
      dealType: 'rent',
      propertyStatus: 'active',
      propertyType: 'condo',
      beds: 0,
      baths: 2,
    })
  })

  it('saves a search with its event, updates the same query, changes frequency and deletes', async () => {
    const { cookie } = await signUp('searcher@example.com')
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'searcher@example.com'")
    const form = { query: '?city=Johns+Creek&max=1200000&beds=3', name: 'Johns Creek 3+', frequency: 'instant' }
    const saved = await send(JANE, '/account/searches', { form, cookie: cookie! })
    expect(saved.response.status).toBe(303)
    // Jane is told of the new search at once, with its name.
    expect(saved.mails.map((mail) => mail.subject).join('\n')).toContain('Johns Creek 3+')
    const row = await env.DB.prepare('SELECT * FROM saved_searches WHERE buyer_id = ?')
      .bind(id)
      .first<Record<string, unknown>>()
    expect(row).toMatchObject({
      place_kind: 'city',
      place_key: 'johns creek',
      deal_type: 'sale',
      property_status: 'active',
      max_price: 1_200_000,
      beds: 3,
      baths: 0,
      frequency: 'instant',
      market: 'fmls',
    })
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM buyer_events WHERE buyer_id = ? AND kind = 'search' AND search_id = ?",
        id,
        row!.id,
      ),
    ).toBe(1)
    await send(JANE, '/account/searches', { form: { ...form, name: 'Renamed', frequency: 'weekly' }, cookie: cookie! })
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE buyer_id = ?', id)).toBe(1)
    expect(
      await env.DB.prepare('SELECT name, frequency FROM saved_searches WHERE buyer_id = ?').bind(id).first(),
    ).toEqual({ name: 'Renamed', frequency: 'weekly' })
    expect(await count("SELECT COUNT(*) AS n FROM buyer_events WHERE buyer_id = ? AND kind = 'search'", id)).toBe(1)
    const mine = await send(JANE, '/account', { cookie: cookie! })
    expect(mine.html).toContain('href="/homes?city=Johns+Creek&amp;max=1200000&amp;beds=3"')
    const change = await send(JANE, `/account/searches/${row!.id}`, { form: { frequency: 'off' }, cookie: cookie! })
    expect(change.response.status).toBe(303)
    expect(await count("SELECT COUNT(*) AS n FROM saved_searches WHERE buyer_id = ? AND frequency = 'off'", id)).toBe(1)
    expect(
      (await send(JANE, `/account/searches/${row!.id}`, { form: { frequency: 'hourly' }, cookie: cookie! })).response
        .status,
    ).toBe(400)
    // Another buyer cannot touch it.
    const other = await signUp('other@example.com')
    expect(
      (await send(JANE, `/account/searches/${row!.id}/delete`, { form: {}, cookie: other.cookie! })).response.status,
    ).toBe(404)
    await send(JANE, `/account/searches/${row!.id}/delete`, { form: {}, cookie: cookie! })
    expect(await count('SELECT COUNT(*) AS n FROM saved_searches WHERE buyer_id = ?', id)).toBe(0)
  })

  it('signed out, asks to sign up keeping the search, which the new account saves', async () => {
    const form = { query: '?city=Johns+Creek&beds=3', name: 'My search', frequency: 'daily' }
    const res = await send(JANE, '/en/account/searches', { form })
    expect(res.response.status).toBe(303)
    const location = new URL(res.response.headers.get('location')!, JANE)
    expect(location.pathname).toBe('/en/account/signup')
    expect(location.searchParams.get('search')).toBe('?city=Johns+Creek&beds=3')
    const signed = await send(JANE, '/en/account/signup', {
      form: {
        email: 'later@example.com',
        consent: 'yes',
        search: form.query,
        searchName: 'My search',
        frequency: 'daily',
      },
    })
    expect(signed.response.status).toBe(200)
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'later@example.com'")
    expect(
      await env.DB.prepare('SELECT name, frequency, place_key FROM saved_searches WHERE buyer_id = ?').bind(id).first(),
    ).toEqual({ name: 'My search', frequency: 'daily', place_key: 'johns creek' })
    expect(await count('SELECT COUNT(*) AS n FROM buyer_events WHERE buyer_id = ?', id)).toBe(2)
  })

  it('refuses a search that is not one, translated', async () => {
    const res = await send(JANE, '/en/account/searches', {
      form: { query: '?beds=99', name: 'x', frequency: 'instant' },
    })
    expect(res.response.status).toBe(400)
    expect(res.html).toContain('This search can’t be saved as written.')
  })
})

describe('deleting the account', () => {
  it('asks first, then deletes the buyer and everything of theirs, and signs out', async () => {
    const { cookie } = await signUp('leaving@example.com', { home: 'FMB1' })
    const id = await count("SELECT id AS n FROM buyers WHERE email_key = 'leaving@example.com'")
    await send(JANE, '/account/searches', {
      form: { query: '?city=Johns+Creek', name: 'x', frequency: 'instant' },
      cookie: cookie!,
    })
    const confirm = await send(JANE, '/en/account/delete', { cookie: cookie! })
    expect(confirm.html).toContain('Delete your account?')
    const gone = await send(JANE, '/en/account/delete', { form: {}, cookie: cookie! })
    expect(gone.response.status).toBe(200)
    expect(gone.html).toContain('Your account was deleted')
    expect(gone.response.headers.getSetCookie().some((l) => /^buyer=; .*Max-Age=0/.test(l))).toBe(true)
    for (const table of [
      'buyers WHERE id',
      'saved_homes WHERE buyer_id',
      'saved_searches WHERE buyer_id',
      'buyer_sessions WHERE buyer_id',
      'buyer_links WHERE buyer_id',
      'buyer_events WHERE buyer_id',
    ])
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} = ?`, id)).toBe(0)
    expect((await send(JANE, '/en/account', { cookie: cookie! })).html).toContain('Create your account')
  })
})

describe('budgets', () => {
  it('answers a translated 429 past the links’ budget for one address', async () => {
    await freshWindow()
    const { limit } = budgetOf('BUYER_LINK_LIMITER')
    const ip = freshIp()
    for (let i = 0; i < limit; i++) {
      const ok = await send(JANE, '/en/account/signin', { form: { email: `budget${i}@example.com` }, ip })
      expect(ok.response.status).toBe(200)
    }
    const over = await send(JANE, '/en/account/signin', { form: { email: 'budget-over@example.com' }, ip })
    expect(over.response.status).toBe(429)
    expect(over.html).toContain('Too many requests. Please try again in 60 seconds.')
    expect(over.response.headers.get('retry-after')).toBe('60')
  })
})

describe('registration prompts (the realtor’s choice)', () => {
  const choose = (prompt: string, views = 3) =>
    env.DB.prepare(
      "UPDATE realtors SET profile = json_set(profile, '$.buyerPrompt', ?, '$.buyerPromptViews', ?) WHERE desired_url = 'janekim'",
    )
      .bind(prompt, views)
      .run()

  it('off: no invitation and no view prompt, but saving still asks to sign up', async () => {
    await choose('off')
    const search = await send(JANE, '/homes?city=Johns+Creek')
    expect(search.html).not.toContain('buyer-invite')
    expect(search.html).not.toContain('data-island="BuyerPrompt"')
    expect(search.html).toContain('action="/homes/FMB1/save"')
    const heart = await send(JANE, '/homes/FMB1/save', { form: { saved: '1' } })
    expect(new URL(heart.response.headers.get('location')!, JANE).pathname).toBe('/account/signup')
  })

  it('light (the default): a line inviting sign-up under the results, no view prompt', async () => {
    await choose('light')
    const search = await send(JANE, '/en/homes?city=Johns+Creek')
    expect(search.html).toContain('class="buyer-invite"')
    expect(search.html).not.toContain('data-island="BuyerPrompt"')
  })

  it('views: the prompt island on every page, counting on home pages, never for a signed-in buyer', async () => {
    await choose('views', 2)
    const home = await send(JANE, '/homes/FMB1')
    expect(home.html).toContain('data-island="BuyerPrompt"')
    expect(home.html).toMatch(/"views":2,"counts":true/)
    const search = await send(JANE, '/homes?city=Johns+Creek')
    expect(search.html).toMatch(/"views":2,"counts":false/)
    const { cookie } = await signUp('prompted@example.com')
    expect((await send(JANE, '/homes/FMB1', { cookie: cookie! })).html).not.toContain('data-island="BuyerPrompt"')
    expect((await send(JANE, '/account/signup')).html).not.toContain('data-island="BuyerPrompt"')
    await choose('light')
  })
})

describe('hostile input', () => {
  it('answers every buyer form, signed in or out, with no 5xx whatever the fields hold', async () => {
    const { cookie } = await signUp('hostile@example.com')
    const values = [
      '',
      ' ',
      '__proto__',
      'x'.repeat(2000),
      '<script>alert(1)</script>',
      '한글 이름',
      '\u0000\u202e',
      '?city=' + '%'.repeat(50),
      '//evil.example',
      '9'.repeat(30),
    ]
    const paths = [
      '/account/signup',
      '/account/signin',
      '/account/link',
      '/account/profile',
      '/account/searches',
      '/account/searches/1',
      '/account/searches/99999999999999/delete',
      '/homes/FMB1/save',
      '/homes/..%2F..%2Fx/save',
    ]
    const fields = [
      'email',
      'name',
      'phone',
      'consent',
      'home',
      'search',
      'searchName',
      'frequency',
      'next',
      'token',
      'query',
      'saved',
      '__proto__',
    ]
    for (const path of paths) {
      for (const [i, value] of values.entries()) {
        const form = Object.fromEntries(fields.map((name) => [name, value]))
        for (const who of [undefined, cookie!]) {
          const { response } = await send(JANE, path, { form, cookie: who, ip: `192.0.2.${i + 1}` })
          expect(response.status, `${path} ${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500)
        }
      }
    }
    // Garbage query strings on the pages too.
    for (const path of [
      '/account/signup?home=%00&search=%ff&next=//evil',
      '/account/link?token=%E0%A4%A',
      '/account?next=/\\x',
    ])
      expect((await send(JANE, path, { cookie: cookie! })).response.status).toBeLessThan(500)
  })
})

describe('the name a saved search starts with', () => {
  it('says the place and every filter it narrows by, in the page language', async () => {
    const ko = await send(JANE, '/homes?city=Johns+Creek&max=1200000&beds=3')
    expect(ko.html).toContain('value="Johns Creek 매매 매물, 침실 3개 이상, $1.20M 이하"')
    const en = await send(JANE, '/en/homes?city=Johns+Creek&min=600000&max=1200000&beds=3&baths=2')
    expect(en.html).toMatch(/value="[^"]*Johns Creek, 3\+ beds, 2\+ baths, \$600,000–\$1\.20M"/)
  })
})
