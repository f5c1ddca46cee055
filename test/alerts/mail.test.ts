// An alert as mailed and as sent (docs/decisions/108-listing-alerts.md): the MIME a mail client parses
// (postal-mime) — From under the realtor's name, Reply-To the realtor, RFC 8058's headers, every link on the
// realtor's own domain, both languages — sent through the outbox with its retries, and stopped at once by an
// unsubscribe or a deleted account; the unsubscribe page and one-click post, and the open pixel.
import { env } from 'cloudflare:test'
import PostalMime, { type Email } from 'postal-mime'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDueAlerts } from '../../src/lib/alerts/create'
import { alertPass } from '../../src/lib/alerts/cron'
import { alertMessage } from '../../src/lib/alerts/email'
import { matchAll } from '../../src/lib/alerts/match'
import { alertMessages } from '../../src/lib/alerts/messages'
import { openToken, unsubscribeToken, verifyUnsubscribeToken } from '../../src/lib/alerts/tokens'
import { type OutboxConfig, outboxConfig } from '../../src/lib/outbox/config'
import { retryOutbox } from '../../src/lib/outbox/cron'
import { deliverMessage } from '../../src/lib/outbox/deliver'
import { d1Store } from '../../src/lib/realtors/d1-store'
import worker from '../../src/worker'
import { property, storeListings } from '../fixtures/mls'
import { ORIGIN, retriesFallDue, settled } from '../helpers'
import { clearAlerts, EQUITY, JANE, makeBuyer, makeSearch, matchesOf } from './fixtures'

beforeEach(clearAlerts)

const SECRET = env.SESSION_SECRET
const FROM = 'notify@realtor.example.com'

interface Sent {
  from: string
  to: string
  raw: string
}

/** The outbox's config with a fake email binding; `fail` makes the next sends throw. */
function harness() {
  const sent: Sent[] = []
  const state = { fail: 0 }
  const config: OutboxConfig = {
    ...outboxConfig({ ...env, NOTIFY_FROM_EMAIL: FROM, PUBLIC_ORIGIN: 'https://realtor.example.com' }, fetch),
    sendEmail: async (from, to, raw) => {
      if (state.fail > 0) {
        state.fail--
        throw new Error('the binding refused it')
      }
      sent.push({ from, to, raw })
    },
  }
  return { config, sent, state }
}

const parse = (raw: string): Promise<Email> => PostalMime.parse(raw)
const header = (email: Email, name: string) => email.headers.find((h) => h.key === name)?.value
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

async function janeWithBranding() {
  const store = d1Store(env.DB)
  const jane = (await store.find(String(JANE)))!
  return {
    ...jane,
    email: 'jane@janekim-homes.example',
    etcInfo: [
      { contentType: 'company_name' as const, content: 'Peach Realty Group' },
      { contentType: 'korea_name' as const, content: '김제인' },
    ],
    photos: [{ path: 'id' as const, imageType: 'fullsize' as const, url: '/photos/realtors/2/portrait.jpg' }],
  }
}

async function mail(locale: 'ko' | 'en', total = 1) {
  const realtor = await janeWithBranding()
  const raw = alertMessage(
    {
      alertId: 77,
      locale,
      to: 'min@example.com',
      searchName: 'Johns Creek, 3+ beds',
      searchQuery: '?city=Johns+Creek&beds=3&max=1200000',
      realtor,
      homes: [
        {
          listingKey: 'JC-1',
          kind: 'new',
          dealType: 'sale',
          price: 1_150_000,
          beds: 4,
          baths: 3,
          address: '12 Medlock Way',
          city: 'Johns Creek',
          state: 'GA',
          zipcode: '30097',
          imageUrl: '/photos/mls/JC-1-1.jpg',
        },
      ],
      total,
      unsubscribeToken: await unsubscribeToken(SECRET, 5, JANE),
      openToken: await openToken(SECRET, 77),
    },
    { from: FROM, publicOrigin: 'https://realtor.example.com', date: new Date('2026-11-27T12:00:00Z') },
  )
  return { raw, email: await parse(raw) }
}

describe('the alert email', () => {
  it('comes from our address under the realtor’s name, replies to the realtor, and carries RFC 8058’s headers', async () => {
    const { email, raw } = await mail('en')
    expect(email.from).toEqual({ address: FROM, name: 'Jane Kim' })
    expect(email.replyTo).toEqual([{ address: 'jane@janekim-homes.example', name: '' }])
    expect(email.to).toEqual([{ address: 'min@example.com', name: '' }])
    expect(email.subject).toBe('1 new home for “Johns Creek, 3+ beds”')
    const unsubscribe = header(email, 'list-unsubscribe')
    expect(unsubscribe).toMatch(/^<https:\/\/janekim\.example\/en\/alerts\/unsubscribe\?t=5\.2\.[A-Za-z0-9_-]+>$/)
    expect(header(email, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // Every header line fits RFC 5322's 998, and the token in the header verifies.
    for (const line of raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n')) expect(line.length).toBeLessThan(998)
    const token = decodeURIComponent(/t=([^>]+)>/.exec(unsubscribe!)![1]!)
    expect(await verifyUnsubscribeToken(SECRET, token)).toEqual({ buyerId: 5, realtorId: JANE })
  })

  it('holds each home with its photo, price, rooms, address, what changed and its page on the realtor’s own domain', async () => {
    const { email } = await mail('en', 15)
    const html = email.html ?? ''
    const text = email.text ?? ''
    for (const part of [html, text]) {
      expect(part).toContain('$1,150,000')
      expect(part).toContain('4 bd · 3 ba')
      expect(part).toContain('12 Medlock Way, Johns Creek, GA 30097')
      expect(part).toContain('New listing')
      expect(part).toContain('Peach Realty Group')
      expect(part).toContain('14 more homes match')
    }
    expect(html).toContain('src="https://janekim.example/photos/mls/JC-1-1.jpg"')
    expect(html).toContain('src="https://janekim.example/photos/realtors/2/portrait.jpg"')
    expect(html).toMatch(/src="https:\/\/janekim\.example\/en\/alerts\/open\/77\.gif\?t=[A-Za-z0-9_-]+"/)
    const links = hrefsOf(html)
    expect(links).toContain('https://janekim.example/en/homes/JC-1')
    expect(links).toContain('https://janekim.example/en/homes?city=Johns+Creek&beds=3&max=1200000')
    expect(links).toContain('https://janekim.example/en/account')
    expect(links.some((href) => href.startsWith('https://janekim.example/en/alerts/unsubscribe?t=5.2.'))).toBe(true)
    // Every link is the realtor's site: none on the provider's host.
    for (const href of links) expect(href.startsWith('https://janekim.example/'), href).toBe(true)
    expect(text).toContain('https://janekim.example/en/homes/JC-1')
    expect(text).toContain('Manage alerts: https://janekim.example/en/account')
  })

  it('is written in Korean for a Korean buyer, under the realtor’s Korean name', async () => {
    const { email } = await mail('ko')
    expect(email.from?.name).toBe('김제인')
    expect(email.subject).toBe('“Johns Creek, 3+ beds” 조건에 맞는 새 매물 1채')
    expect(email.text).toContain('새 매물')
    expect(email.text).toContain('침실 4 · 욕실 3')
    expect(email.text).toContain('수신 거부: https://janekim.example/alerts/unsubscribe?t=5.2.')
    expect(email.html).toContain('lang="ko"')
    expect(header(email, 'list-unsubscribe')).toMatch(/^<https:\/\/janekim\.example\/alerts\/unsubscribe\?t=/)
  })

  it('links to the provider’s address of a realtor without a domain of their own', async () => {
    const realtor = { ...(await janeWithBranding()), hompageUrl: '' }
    const raw = alertMessage(
      {
        alertId: 1,
        locale: 'en',
        to: 'min@example.com',
        searchName: 'x',
        searchQuery: '',
        realtor,
        homes: [],
        total: 0,
        unsubscribeToken: 't',
        openToken: 'o',
      },
      { from: FROM, publicOrigin: 'https://realtor.example.com' },
    )
    expect(header(await parse(raw), 'list-unsubscribe')).toBe(
      '<https://realtor.example.com/en/janekim/alerts/unsubscribe?t=t>',
    )
  })
})

/** A confirmed buyer's instant search and a matching new home: what one cron pass of alerts sends. */
async function oneMatch(locale: 'ko' | 'en' = 'en') {
  const buyer = await makeBuyer({ email: `min-${locale}@example.com`, locale })
  const search = await makeSearch(buyer, { beds: 3, maxPrice: 1_200_000 })
  await storeListings(env.DB, 'fmls', [property({ ListingKey: 'JC-9', ListPrice: 1_000_000, BedroomsTotal: 4 })])
  return { buyer, search }
}

describe('sending through the outbox', () => {
  it('one pass matches, makes and sends exactly one alert with the home', async () => {
    const { config, sent } = harness()
    const { search } = await oneMatch()
    expect(await alertPass(config)).toEqual({ matched: 1, alerts: 1 })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to).toBe('min-en@example.com')
    const email = await parse(sent[0]!.raw)
    expect(email.text).toContain('https://janekim.example/en/homes/JC-9')
    expect((await matchesOf(search))[0]!.alertId).not.toBeNull()
    expect(await env.DB.prepare("SELECT status FROM deliveries WHERE topic = 'alert'").first('status')).toBe(
      'delivered',
    )
    // The next pass sends nothing: the home is never mailed twice for the search.
    await storeListings(env.DB, 'fmls', [property({ ListingKey: 'JC-9', ListPrice: 990_000, BedroomsTotal: 4 })])
    expect(await alertPass(config)).toEqual({ matched: 0, alerts: 0 })
    expect(sent).toHaveLength(1)
  })

  it('a failed send stays pending and the outbox’s retry sends it', async () => {
    const { config, sent, state } = harness()
    await oneMatch()
    state.fail = 1
    await alertPass(config)
    expect(sent).toHaveLength(0)
    const row = await env.DB.prepare(
      "SELECT status, attempts, last_error FROM deliveries WHERE topic = 'alert'",
    ).first()
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'the binding refused it' })
    await retriesFallDue()
    await retryOutbox(config)
    expect(sent).toHaveLength(1)
    expect(await env.DB.prepare("SELECT status FROM deliveries WHERE topic = 'alert'").first('status')).toBe(
      'delivered',
    )
  })

  it('an unsubscribe before the retry stops the mail: the delivery is dropped, nothing sent', async () => {
    const { config, sent, state } = harness()
    const { search } = await oneMatch()
    state.fail = 1
    await alertPass(config)
    await env.DB.prepare("UPDATE saved_searches SET frequency = 'off' WHERE id = ?").bind(search).run()
    await retriesFallDue()
    await retryOutbox(config)
    expect(sent).toHaveLength(0)
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'alert'").first('n')).toBe(0)
  })

  it('a deleted account stops the mail: its alerts and their deliveries go with it', async () => {
    const { config, sent, state } = harness()
    const { buyer } = await oneMatch()
    state.fail = 1
    await alertPass(config)
    await env.DB.prepare('DELETE FROM buyers WHERE id = ?').bind(buyer).run()
    await retriesFallDue()
    await retryOutbox(config)
    expect(sent).toHaveLength(0)
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'alert'").first('n')).toBe(0)
  })

  it('two passes making alerts at once mail the homes once: the alert left without homes is dropped', async () => {
    const { config, sent } = harness()
    await oneMatch()
    await matchAll(env.DB)
    const made = (await Promise.all([createDueAlerts(env.DB), createDueAlerts(env.DB)])).flat()
    // Each call returns its own alerts only.
    expect(new Set(made).size).toBe(made.length)
    const alerts = await alertMessages.load(env.DB, made)
    for (const alert of alerts) await deliverMessage(config, alertMessages, alert)
    expect(sent).toHaveLength(1)
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM deliveries WHERE topic = 'alert' AND status = 'pending'").first(
        'n',
      ),
    ).toBe(0)
  })

  it('nothing is mailed to an address that did not confirm', async () => {
    const { config, sent } = harness()
    const buyer = await makeBuyer({ confirmed: false })
    await makeSearch(buyer)
    await storeListings(env.DB, 'fmls', [property({ ListingKey: 'JC-5' })])
    expect(await alertPass(config)).toEqual({ matched: 0, alerts: 0 })
    expect(sent).toHaveLength(0)
  })
})

const unsubscribeUrl = (token: string, prefix = '') =>
  `${ORIGIN}${prefix}/janekim/alerts/unsubscribe?t=${encodeURIComponent(token)}`
const frequencies = async (buyer: number) =>
  (
    await env.DB.prepare('SELECT frequency FROM saved_searches WHERE buyer_id = ? ORDER BY id')
      .bind(buyer)
      .all<{ frequency: string }>()
  ).results.map((row) => row.frequency)

describe('unsubscribe and the open pixel', () => {
  it('GET shows a page with a button and changes nothing; the one-click POST turns every search off', async () => {
    const buyer = await makeBuyer()
    await makeSearch(buyer)
    await makeSearch(buyer, { frequency: 'daily' })
    const other = await makeBuyer()
    await makeSearch(other)
    const token = await unsubscribeToken(SECRET, buyer, JANE)
    for (const prefix of ['', '/en']) {
      const page = await settled(worker, unsubscribeUrl(token, prefix))
      expect(page.status).toBe(200)
      expect(page.headers.get('cache-control')).toBe('private, no-store')
      const html = await page.text()
      expect(html).toContain(prefix ? 'Stop every listing alert email' : '매물 알림 메일을 모두 받지 않으시겠어요?')
      expect(html).toContain(`<form action="${prefix}/janekim/alerts/unsubscribe?t=${token}" method="post">`)
    }
    expect(await frequencies(buyer)).toEqual(['instant', 'daily'])
    // The mail client's one-click post: no cookie, no Origin, the RFC 8058 body.
    const posted = await settled(worker, unsubscribeUrl(token, '/en'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('You’re unsubscribed')
    expect(await frequencies(buyer)).toEqual(['off', 'off'])
    expect(await frequencies(other)).toEqual(['instant'])
  })

  it('a forged, malformed or other realtor’s token answers a translated 400 page and changes nothing', async () => {
    const buyer = await makeBuyer()
    await makeSearch(buyer)
    const good = await unsubscribeToken(SECRET, buyer, JANE)
    const tokens = [
      `${buyer}.${JANE}.${'A'.repeat(43)}`,
      good.replace(/^\d+/, String(buyer + 1)),
      await unsubscribeToken('another-secret', buyer, JANE),
      // Signed, but for Equity Realty's buyer: not Jane's site to act on.
      await unsubscribeToken(SECRET, buyer, EQUITY),
      'nonsense',
      '',
    ]
    for (const token of tokens) {
      for (const method of ['GET', 'POST']) {
        const response = await settled(worker, unsubscribeUrl(token, '/en'), { method })
        expect(response.status, `${method} ${token}`).toBe(400)
        expect(await response.text()).toContain('This unsubscribe link isn’t valid')
      }
    }
    const korean = await settled(worker, unsubscribeUrl('nonsense'), { method: 'POST' })
    expect(korean.status).toBe(400)
    expect(await korean.text()).toContain('유효하지 않은 수신 거부 링크입니다')
    expect(await frequencies(buyer)).toEqual(['instant'])
  })

  it('after unsubscribing, the next matching listing sends nothing', async () => {
    const { config, sent } = harness()
    const { buyer } = await oneMatch()
    await alertPass(config)
    expect(sent).toHaveLength(1)
    const token = await unsubscribeToken(SECRET, buyer, JANE)
    expect((await settled(worker, unsubscribeUrl(token), { method: 'POST' })).status).toBe(200)
    await storeListings(env.DB, 'fmls', [property({ ListingKey: 'JC-10', ListPrice: 900_000, BedroomsTotal: 4 })])
    expect(await alertPass(config)).toEqual({ matched: 0, alerts: 0 })
    expect(sent).toHaveLength(1)
  })

  it('the open pixel is a GIF that marks the alert opened once, and only with its signature', async () => {
    const { config } = harness()
    await oneMatch()
    await alertPass(config)
    const id = (await env.DB.prepare('SELECT id FROM alerts').first<{ id: number }>())!.id
    const pixel = (t: string) => `${ORIGIN}/en/janekim/alerts/open/${id}.gif?t=${encodeURIComponent(t)}`
    const forged = await settled(worker, pixel('A'.repeat(43)))
    expect(forged.status).toBe(200)
    expect(forged.headers.get('content-type')).toBe('image/gif')
    expect(await env.DB.prepare('SELECT opened_at FROM alerts WHERE id = ?').bind(id).first('opened_at')).toBeNull()
    const token = await openToken(SECRET, id)
    const opened = await settled(worker, pixel(token))
    expect(new Uint8Array(await opened.arrayBuffer()).slice(0, 6)).toEqual(new TextEncoder().encode('GIF89a'))
    const first = await env.DB.prepare('SELECT opened_at FROM alerts WHERE id = ?').bind(id).first('opened_at')
    expect(first).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await settled(worker, pixel(token))
    expect(await env.DB.prepare('SELECT opened_at FROM alerts WHERE id = ?').bind(id).first('opened_at')).toBe(first)
  })
})
