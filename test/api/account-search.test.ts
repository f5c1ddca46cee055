// The console's search through its index (docs/decisions/060-console-search-index.md): every column in both
// scripts, terms of 1 to 3+ characters, and the index kept in step with every write that changes what a row
// shows: a Korean name edited, an address moved, an account renamed, a homepage deleted, purged or orphaned.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AccountPage, AccountSummary } from '../../src/lib/accounts/list'
import { purgeDeletedHomepages } from '../../src/lib/realtors/lifecycle'
import type { Realtor } from '../../src/lib/realtors/types'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { call } from '../helpers'
import { api, errorOf } from './client'

let admin: string

async function search(q: string, extra = ''): Promise<AccountPage> {
  const response = await api(`/v1/accounts?q=${encodeURIComponent(q)}${extra}`, { token: admin })
  expect(response.status, `${q}: ${await response.clone().text()}`).toBe(200)
  return (await response.json()) as AccountPage
}

const keysOf = async (q: string) => (await search(q)).items.map((row) => row.key)

/** A new realtor account with its homepage, made as the console makes it; the homepage's id. */
async function onboard(email: string, name: string, desiredUrl: string): Promise<{ account: number; realtor: number }> {
  const response = await api('/v1/accounts', {
    method: 'POST',
    token: admin,
    json: { email, name, desiredUrl, password: 'search-test-2026' },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  const body = (await response.json()) as { account: { id: number }; realtor: Realtor }
  return { account: body.account.id, realtor: body.realtor.id }
}

const koreanName = (realtor: number, content: string) =>
  api(`/v1/realtor/${realtor}`, {
    method: 'PATCH',
    token: admin,
    json: { etcInfo: [{ contentType: 'korea_name', content }] },
  })

/** The index holds exactly the rows the tables say, with the same text (what the triggers promise). */
async function expectIndexInStep(): Promise<void> {
  const indexed = await env.DB.prepare(
    'SELECT rowid AS k, name, email, desired_url, korean_name FROM account_search ORDER BY rowid',
  ).all()
  const source = await env.DB.prepare(
    `SELECT * FROM (SELECT id AS k, name, email, desired_url, korean_name FROM account_search_accounts
       UNION ALL SELECT 1000000000000 + id, '', '', desired_url, korean_name FROM account_search_homepages)
     ORDER BY k`,
  ).all()
  expect(indexed.results).toEqual(source.results)
  const counts = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM accounts) + (SELECT COUNT(*) FROM realtors WHERE user_id IS NULL) AS n,
       (SELECT COUNT(*) FROM account_search) AS indexed`,
  ).first<{ n: number; indexed: number }>()
  expect(counts!.indexed).toBe(counts!.n)
}

let grace: { account: number; realtor: number }
let seojun: { account: number; realtor: number }

beforeAll(async () => {
  admin = await tokenFor(await makeAccount('search-admin@realtor.local', 'search-admin-2026', { role: 'admin' }))
  grace = await onboard('Grace.Whitfield@Search.test', 'Grace Whitfield', 'whitfield-homes')
  expect((await koreanName(grace.realtor, '최은혜')).status).toBe(200)
  seojun = await onboard('seojun@search.test', '박서준', 'seojun-park')
})

describe('GET /v1/accounts?q= through the search index', () => {
  it('finds by name, email, address and Korean name, in Latin and Korean, any part, any case', async () => {
    const graceKey = `a${grace.account}`
    const seojunKey = `a${seojun.account}`
    for (const term of ['Grace Whit', 'WHITFIELD', 'itfi', 'grace.whitfield@search', 'whitfield-ho', 'HOMES'])
      expect(await keysOf(term), term).toContain(graceKey)
    for (const term of ['최은혜', '은혜', '혜', '최은'])
      expect(await keysOf(term), term).toEqual(expect.arrayContaining([graceKey]))
    for (const term of ['박서준', '서준', 'seojun-p', 'SEOJUN@SEARCH'])
      expect(await keysOf(term), term).toContain(seojunKey)
    // Short Latin terms too, case-insensitive; a term spanning two columns is not a match.
    expect(await keysOf('Wh')).toContain(graceKey)
    expect(await keysOf('whitfield-homes Grace')).toEqual([])
    const row = (await search('최은혜')).items.find((item) => item.key === graceKey) as AccountSummary
    expect(row).toMatchObject({ name: 'Grace Whitfield', koreanName: '최은혜', desiredUrl: 'whitfield-homes' })
  })

  it('takes any text as a literal (quotes, FTS5 operators, wildcards); refuses control characters', async () => {
    for (const term of [
      '"',
      'a"b',
      '"whitfield"',
      'whit*',
      'NEAR(grace whitfield)',
      'grace OR x',
      '^grace',
      '%_',
      '\\',
      '()',
    ])
      expect(
        (await search(term)).items.map((item) => item.key),
        term,
      ).not.toContain(`a${seojun.account}`)
    expect(await keysOf('whit*')).toEqual([])
    expect(await keysOf('"whitfield"')).toEqual([])
    for (const term of ['a\u0000b', 'tab\there']) {
      const refused = await api(`/v1/accounts?q=${encodeURIComponent(term)}`, { token: admin })
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).fields?.[0]?.path).toBe('q')
    }
    // The console's page reads q from its URL as typed: a NUL finds nothing there, and never fails the page.
    for (const term of ['\u0000', 'a\u0000b', '"', 'NEAR(', '김"'])
      expect(
        (await call(`/admin?q=${encodeURIComponent(term)}`, { headers: { cookie: `session=${admin}` } })).status,
        term,
      ).toBe(200)
  })

  it('pages through the matches by key: accounts first, then homepages nobody owns', async () => {
    const pagers: number[] = []
    for (const n of [1, 2, 3, 4, 5])
      pagers.push(await makeAccount(`pager${n}@search.test`, 'pager-2026', { name: `Pager ${n}` }))
    const created = await api('/v1/realtor', { method: 'POST', token: admin, json: { desiredUrl: 'pager-unowned' } })
    expect(created.status).toBe(201)
    const unowned = ((await created.json()) as Realtor).id
    for (const term of ['pager', 'pa']) {
      const seen: string[] = []
      let next: string | null = ''
      while (next !== null) {
        const page: AccountPage = await search(term, `&limit=2${next ? `&after=${next}` : ''}`)
        expect(page.items.length).toBeLessThanOrEqual(2)
        seen.push(...page.items.map((item) => item.key))
        next = page.next
      }
      const expected = [...pagers.map((id) => `a${id}`), `r${unowned}`]
      expect(
        seen.filter((key) => expected.includes(key)),
        term,
      ).toEqual(expected)
      expect(new Set(seen).size).toBe(seen.length)
    }
    await expectIndexInStep()
  })

  it('follows an edited Korean name, a moved address and a renamed account', async () => {
    expect((await koreanName(grace.realtor, '최은비')).status).toBe(200)
    expect(await keysOf('은혜')).not.toContain(`a${grace.account}`)
    expect(await keysOf('최은혜')).toEqual([])
    expect(await keysOf('최은비')).toEqual([`a${grace.account}`])

    const moved = await api(`/v1/realtor/${grace.realtor}`, {
      method: 'PATCH',
      token: admin,
      json: { desiredUrl: 'bayview-realty' },
    })
    expect(moved.status).toBe(200)
    expect(await keysOf('whitfield-homes')).toEqual([])
    expect(await keysOf('bayview-real')).toEqual([`a${grace.account}`])

    const own = await tokenFor(grace.account)
    const renamed = await api('/v1/accounts/me', { method: 'PATCH', token: own, json: { name: 'Grace Odhiambo' } })
    expect(renamed.status).toBe(200)
    expect(await keysOf('odhiambo')).toEqual([`a${grace.account}`])
    // Still found by the email, which kept the old surname; no longer by the old name alone.
    expect(await keysOf('Grace Whitfield')).toEqual([])
    await expectIndexInStep()
  })

  it('lists a deleted homepage until it is purged, then the account alone', async () => {
    const deleted = await api(`/v1/realtor/${seojun.realtor}`, {
      method: 'DELETE',
      token: admin,
      json: { address: 'seojun-park' },
    })
    expect(deleted.status).toBe(200)
    const kept = (await search('seojun-park')).items
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ key: `a${seojun.account}`, deletedAt: expect.any(String) })

    await env.DB.prepare("UPDATE realtors SET deleted_at = '2020-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(seojun.realtor)
      .run()
    await purgeDeletedHomepages(env.DB, env.PHOTOS)
    expect(await keysOf('seojun-park')).toEqual([])
    expect(await keysOf('박서준')).toEqual([`a${seojun.account}`])
    expect((await search('박서준')).items[0]).toMatchObject({ realtorId: null, desiredUrl: null, koreanName: '' })
    await expectIndexInStep()
  })

  it('moves a homepage whose account is deleted to the homepages nobody owns', async () => {
    const orphan = await onboard('orphan@search.test', 'Orphaned Owner', 'orphan-homes')
    expect((await koreanName(orphan.realtor, '고아라')).status).toBe(200)
    await env.DB.prepare('DELETE FROM accounts WHERE id = ?').bind(orphan.account).run()
    expect(await keysOf('orphaned owner')).toEqual([])
    expect(await keysOf('orphan-homes')).toEqual([`r${orphan.realtor}`])
    expect((await search('고아라')).items).toMatchObject([{ key: `r${orphan.realtor}`, accountId: null }])
    await expectIndexInStep()
  })
})
