// The Inbox pages (docs/decisions/049-inbox.md): Jane's inbox lists her contacts newest first with the
// unread count in the builder navigation, opening one shows every field and each channel's delivery state
// (the page's script marks it read by a POST, decision 080), filters and paging work from the URL, and
// nobody else's inbox opens.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertContact } from '../../src/lib/contacts/store'
import { ADMIN, EQUITY, JANE, login } from '../api/client'
import { call, ORIGIN } from '../helpers'

const as = (token: string) => ({ headers: { cookie: `session=${token}` } })
let jane: string
let equity: string
let admin: string
let janeId: number
const ids: number[] = []

const contact = (realtorId: number, name: string) => ({
  realtorId,
  name,
  lastName: name.split(' ')[0]!,
  firstName: name.split(' ')[1] ?? 'X',
  email: `${name.replace(/\s/g, '').toLowerCase()}@example.com`,
  phone: '6785550100',
  phoneCountryCode: 'US' as const,
  message: `Message from ${name}`,
  isTerm: 'Y' as const,
})

beforeAll(async () => {
  ;[jane, equity, admin] = [await login(JANE), await login(EQUITY), await login(ADMIN)]
  janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>())!.id
  for (const name of ['Kim Minji', '박 서준', 'Lee Hana'])
    ids.push((await insertContact(env.DB, contact(janeId, name), 'ko', '/janekim')).id)
})

describe('/{desiredUrl}/admin/inbox', () => {
  it('lists the contacts newest first with the unread count in the navigation', async () => {
    const response = await call('/en/janekim/admin/inbox', as(jane))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('data-testid="builder-nav"')
    expect(html).toMatch(/data-testid="unread-count"[^>]*><span aria-hidden="true">3</)
    expect(html).toContain('3 unread messages')
    const order = ['Lee Hana', '박 서준', 'Kim Minji'].map((name) => html.indexOf(name))
    expect(order.every((at) => at > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toContain(`/v1/realtor-contacts/export?realtorId=${janeId}&amp;format=csv`)
  })

  it('opens one: every field and delivery per channel, and the GET marks nothing (issue 29, finding 16)', async () => {
    const id = ids[0]!
    const html = await (await call(`/en/janekim/admin/inbox/${id}`, as(jane))).text()
    expect(html).toContain('Message from Kim Minji')
    expect(html).toContain('kimminji@example.com')
    expect(html).toContain('/janekim')
    // The realtor sees their own channel (on by default), not the operator's webhook; an admin sees both.
    expect(html).toContain('Your email')
    expect(html).not.toContain('Operator webhook')
    expect(await (await call(`/en/janekim/admin/inbox/${id}`, as(admin))).text()).toContain('Operator webhook')
    // Still unread after two GETs: the page's island marks it once shown, by a POST.
    const row = await env.DB.prepare('SELECT status, read_at FROM realtor_contacts WHERE id = ?').bind(id).first()
    expect(row).toMatchObject({ status: 'unread', read_at: null })
    expect(html).toMatch(/data-testid="entry-status"[^>]*>Unread</)
    expect(html).toContain(`"apiPath":"/v1/realtor-contacts/${id}"`)
    expect(await (await call('/en/janekim/admin/inbox', as(jane))).text()).toContain('3 unread messages')
  })

  it('marks an entry read by a POST from this site’s page, never from another origin', async () => {
    const id = ids[0]!
    const opened = (origin: string, token = jane) =>
      call(`/v1/realtor-contacts/${id}/opened`, { method: 'POST', headers: { ...as(token).headers, origin } })
    const foreign = await opened('https://evil.example')
    expect(foreign.status).toBe(403)
    expect((await call('/en/janekim/admin/inbox', as(jane))).status).toBe(200)
    const unread = await env.DB.prepare('SELECT status FROM realtor_contacts WHERE id = ?').bind(id).first()
    expect(unread).toEqual({ status: 'unread' })
    // Another realtor's entry is unknown to them.
    expect((await opened(ORIGIN, equity)).status).toBe(404)
    const response = await opened(ORIGIN)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id, status: 'read' })
    const row = await env.DB.prepare('SELECT status, read_at FROM realtor_contacts WHERE id = ?').bind(id).first()
    expect(row).toMatchObject({ status: 'read', read_at: expect.any(String) })
    expect(await (await call('/en/janekim/admin/inbox', as(jane))).text()).toContain('2 unread messages')
  })

  it('leaves an archived entry archived when it is opened', async () => {
    const archived = await insertContact(env.DB, contact(janeId, 'Choi Archive'), 'ko', '/janekim')
    await env.DB.prepare("UPDATE realtor_contacts SET status = 'archived' WHERE id = ?").bind(archived.id).run()
    const response = await call(`/v1/realtor-contacts/${archived.id}/opened`, {
      method: 'POST',
      headers: { ...as(jane).headers, origin: ORIGIN },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'archived' })
  })

  it('shows each phone as its country writes it with a tel: link, and the email as a mailto: link (064)', async () => {
    const korean = await insertContact(
      env.DB,
      { ...contact(janeId, 'Park Jisoo'), phone: '+821012345678', phoneCountryCode: 'KR' },
      'ko',
    )
    for (const path of ['/janekim/admin/inbox', '/en/janekim/admin/inbox']) {
      const list = await (await call(path, as(jane))).text()
      // Stored before migration 0019 as digits (6785550100, US) or as E.164: the same display.
      expect(list, path).toContain('<a href="tel:+16785550100">(678) 555-0100</a>')
      expect(list, path).toContain('<a href="tel:+821012345678">010-1234-5678</a>')
      expect(list, path).toContain('<a href="mailto:kimminji@example.com">kimminji@example.com</a>')
      expect(list, path).not.toContain('US 6785550100')
      const entry = await (await call(`${path}/${korean.id}`, as(jane))).text()
      expect(entry, path).toContain('<a href="tel:+821012345678">010-1234-5678</a>')
      expect(entry, path).toContain('<a href="mailto:parkjisoo@example.com">parkjisoo@example.com</a>')
    }
  })

  it('filters and searches from the URL and pages by key', async () => {
    const unread = await (await call('/en/janekim/admin/inbox?status=unread&q=Hana', as(jane))).text()
    expect(unread).toContain('Lee Hana')
    expect(unread).not.toContain('Message from Kim Minji')
    const older = await (await call(`/en/janekim/admin/inbox?after=${ids[1]}`, as(jane))).text()
    expect(older).toContain('Kim Minji')
    expect(older).not.toContain('Lee Hana')
    // A filter value that does not parse is left out, never a failed page.
    expect((await call('/en/janekim/admin/inbox?status=%3Cscript%3E&from=yesterday', as(jane))).status).toBe(200)
  })

  it('is no one else’s: another realtor 403, a foreign entry 404, signed out to sign-in', async () => {
    expect((await call('/en/janekim/admin/inbox', as(equity))).status).toBe(403)
    expect((await call(`/en/janekim/admin/inbox/${ids[0]}`, as(equity))).status).toBe(403)
    expect((await call(`/en/equityrealty/admin/inbox/${ids[0]}`, as(equity))).status).toBe(404)
    const signedOut = await call('/en/janekim/admin/inbox')
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toMatch(/\/janekim\/login\?next=/)
    expect((await call('/en/janekim/admin/inbox', as(admin))).status).toBe(200)
  })

  it('puts the navigation on the editor and settings with the unread count', async () => {
    for (const path of ['/janekim/admin', '/janekim/admin/settings']) {
      const html = await (await call(path, as(jane))).text()
      expect(html).toContain('data-testid="builder-nav"')
      expect(html).toContain('href="/janekim/admin/inbox"')
      expect(html).toContain('data-testid="unread-count"')
    }
  })
})

describe('/admin/leads', () => {
  it('shows the landing page’s leads to admins only', async () => {
    const lead = await env.DB.prepare(
      `INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('최유진', 'Fullerton', '01055556666', 'yes', 'ko') RETURNING id`,
    ).first<{ id: number }>()
    const list = await (await call('/admin/leads', as(admin))).text()
    expect(list).toContain('최유진')
    expect((await call('/admin/leads', as(jane))).status).toBe(403)
    expect((await call('/janekim/admin/leads', as(admin))).status).toBe(404)
    const one = await (await call(`/admin/leads/${lead!.id}`, as(admin))).text()
    expect(one).toContain('Fullerton')
    // A lead stored before migration 0019 (digits): shown and dialled as a Korean number.
    expect(list).toContain('<a href="tel:+821055556666">010-5555-6666</a>')
    expect(one).toContain('<a href="tel:+821055556666">010-5555-6666</a>')
    expect(one).toContain('data-testid="entry-status"')
  })
})
