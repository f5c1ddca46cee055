// Address history (docs/decisions/047-site-lifecycle.md): a realtor's old addresses 301 to the current
// one, stay theirs for 90 days (PATCH, import and POST /v1/accounts all refuse them to others, even
// racing), can be taken back by their owner, and after 90 days by anyone, which ends the redirect.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Realtor } from '../../src/lib/realtors/types'
import { ADMIN, api, errorOf, login } from '../api/client'
import { PUBLISHABLE } from '../fixtures/publishable'
import { DEMO_PASSWORD } from '../fixtures/realtors'
import { call } from '../helpers'

let admin: string

beforeAll(async () => {
  admin = await login(ADMIN)
})

/** A new published homepage (made by the admin) and its id. */
async function homepage(desiredUrl: string): Promise<number> {
  const response = await api('/v1/realtor', {
    method: 'POST',
    token: admin,
    json: { ...PUBLISHABLE, desiredUrl, isMakeHomepage: 'Y' },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as Realtor).id
}

const move = (id: number, desiredUrl: string, headers?: Record<string, string>) =>
  api(`/v1/realtor/${id}`, { method: 'PATCH', token: admin, json: { desiredUrl }, headers })

const location = (response: Response) => response.headers.get('location')

/** Time passes: the address was left `days` ago. */
const retiredDaysAgo = (address: string, days: number) =>
  env.DB.prepare("UPDATE realtor_addresses SET retired_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) WHERE address = ?")
    .bind(`-${days} days`, address)
    .run()

describe('an old address', () => {
  it('301-redirects to the current one: path, /en/ path, subpage and query', async () => {
    const id = await homepage('old-name')
    expect((await move(id, 'new-name')).status).toBe(200)
    const cases = [
      ['/old-name', '/new-name'],
      ['/en/old-name', '/en/new-name'],
      ['/en/old-name/terms', '/en/new-name/terms'],
      ['/old-name/terms/privacy?x=1&y=2', '/new-name/terms/privacy?x=1&y=2'],
      ['/Old-Name', '/new-name'],
    ]
    for (const [from, to] of cases) {
      const response = await call(from!)
      expect(response.status, from).toBe(301)
      expect(location(response), from).toBe(to)
    }
    expect((await call('/new-name')).status).toBe(200)
    // Writes are never redirected, and an address nobody used is still a 404.
    expect((await call('/old-name', { method: 'POST' })).status).not.toBe(301)
    expect((await call('/never-used-anywhere')).status).toBe(404)
  })

  it('follows every later change (the cached redirect is purged) and the owner can go back', async () => {
    const id = await homepage('first-name')
    await move(id, 'second-name')
    expect(location(await call('/first-name'))).toBe('/second-name')
    expect(location(await call('/first-name'))).toBe('/second-name')
    await move(id, 'third-name')
    expect(location(await call('/first-name'))).toBe('/third-name')
    expect(location(await call('/second-name'))).toBe('/third-name')
    // Back to the first: it is live again, and the others now point at it.
    expect((await move(id, 'first-name')).status).toBe(200)
    expect((await call('/first-name')).status).toBe(200)
    expect(location(await call('/third-name'))).toBe('/first-name')
    const rows = await env.DB.prepare('SELECT address FROM realtor_addresses WHERE realtor_id = ? ORDER BY address')
      .bind(id)
      .all<{ address: string }>()
    expect(rows.results.map((row) => row.address)).toEqual(['second-name', 'third-name'])
  })

  it('a change of case only is no new address', async () => {
    const id = await homepage('case-only')
    expect((await move(id, 'Case-Only')).status).toBe(200)
    const held = await env.DB.prepare('SELECT COUNT(*) AS n FROM realtor_addresses WHERE realtor_id = ?')
      .bind(id)
      .first<{ n: number }>()
    expect(held?.n).toBe(0)
  })
})

describe('the 90-day hold', () => {
  it('refuses the address to another realtor (PATCH, import, POST /v1/accounts) with the day it frees up', async () => {
    const owner = await homepage('held-name')
    await move(owner, 'owner-now')
    const other = await homepage('someone-else')

    const patch = await move(other, 'HELD-NAME', { 'accept-language': 'en' })
    expect(patch.status).toBe(409)
    const field = (await errorOf(patch)).fields?.[0]
    expect(field?.path).toBe('desiredUrl')
    const free = new Date(Date.now() + 90 * 24 * 3600 * 1000)
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(free)
    expect(field?.message).toBe(`Another homepage used this address recently. It is free again on ${day('en-US')}.`)
    const korean = await errorOf(await move(other, 'held-name', { 'accept-language': 'ko' }))
    expect(korean.fields?.[0]?.message).toBe(
      `최근 다른 홈페이지가 쓰던 주소입니다. ${day('ko-KR')}부터 사용할 수 있습니다.`,
    )

    const form = new FormData()
    form.set('file', new Blob([JSON.stringify({ desiredUrl: 'held-name' })], { type: 'application/json' }), 'x.json')
    form.set('realtorId', String(other))
    const imported = await api(`/v1/realtor/import/${other}`, { method: 'POST', token: admin, body: form })
    expect(imported.status).toBe(409)
    expect((await errorOf(imported)).fields?.[0]?.path).toBe('desiredUrl')

    const account = await api('/v1/accounts', {
      method: 'POST',
      token: admin,
      json: { email: 'held@lifecycle.test', password: DEMO_PASSWORD, name: 'Held', desiredUrl: 'held-name' },
    })
    expect(account.status).toBe(409)
    expect((await errorOf(account)).fields?.[0]?.path).toBe('desiredUrl')
    expect(await env.DB.prepare("SELECT 1 FROM accounts WHERE email = 'held@lifecycle.test'").first()).toBeNull()
    const created = await api('/v1/realtor', { method: 'POST', token: admin, json: { desiredUrl: 'held-name' } })
    expect(created.status).toBe(409)

    // Nothing changed: the other realtor keeps its address, the old one still redirects.
    expect(((await (await api(`/v1/realtor/${other}`)).json()) as Realtor).desiredUrl).toBe('someone-else')
    expect(location(await call('/held-name'))).toBe('/owner-now')
  })

  it('after 90 days anyone can take it, and it stops redirecting', async () => {
    const owner = await homepage('freed-name')
    await move(owner, 'moved-on')
    const other = await homepage('newcomer')
    await retiredDaysAgo('freed-name', 89)
    expect((await move(other, 'freed-name')).status).toBe(409)
    await retiredDaysAgo('freed-name', 91)
    expect((await move(other, 'freed-name')).status).toBe(200)
    expect((await call('/freed-name')).status).toBe(200)
    expect(location(await call('/newcomer'))).toBe('/freed-name')
    // The first owner can no longer go back to it: it is someone's current address.
    expect((await move(owner, 'freed-name')).status).toBe(409)
  })

  it('is race-safe: two PATCHes for one address, one wins; a leave racing a take keeps the hold', async () => {
    const a = await homepage('racer-a')
    const b = await homepage('racer-b')
    const statuses = (await Promise.all([move(a, 'race-target'), move(b, 'race-target')])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 409])

    const leaver = await homepage('leaving-addr')
    const taker = await homepage('wants-addr')
    const [left, took] = await Promise.all([move(leaver, 'left-addr'), move(taker, 'leaving-addr')])
    expect(left.status).toBe(200)
    expect(took.status).toBe(409)
    expect(location(await call('/leaving-addr'))).toBe('/left-addr')
  })
})
