// The admin console's accounts (GET /v1/accounts, docs/decisions/046-account-settings.md): keyset pages
// through 10,000 accounts without repeats or gaps, Korean search, and the admin's password reset.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AccountPage, AccountSummary } from '../../src/lib/accounts/list'
import { makeAccount, tokenFor } from '../fixtures/accounts'
import { api, errorOf, login } from './client'

const KOREAN_NAMES = ['김민준', '이서연', '박지호', '최수아']
const BULK = 10_000
let admin: string

/** 10,000 realtor accounts, each with a homepage: every other one published, every fifth deleted. */
async function seedBulk(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO accounts (email, name, role, password_hash)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       SELECT 'bulk' || i || '@realtor.local', 'Bulk Realtor ' || i, 'realtor', 'x' FROM n`,
    ).bind(BULK),
    env.DB.prepare(
      `INSERT INTO realtors (user_id, desired_url, profile, deleted_at)
       SELECT a.id, 'bulk' || substr(a.email, 5, instr(a.email, '@') - 5),
         json_object('isMakeHomepage', CASE WHEN a.id % 2 THEN 'Y' ELSE 'N' END,
           'etcInfo', json_array(json_object('contentType', 'korea_name',
             'content', CASE a.id % 4 WHEN 0 THEN ?1 WHEN 1 THEN ?2 WHEN 2 THEN ?3 ELSE ?4 END))),
         CASE WHEN a.id % 5 = 0 THEN '2026-11-01T00:00:00.000Z' END
       FROM accounts a WHERE a.email LIKE 'bulk%'`,
    ).bind(...KOREAN_NAMES),
    // A homepage nobody owns (an admin's POST /v1/realtor) is listed after the accounts.
    env.DB.prepare(`INSERT INTO realtors (user_id, desired_url, profile) VALUES (NULL, 'unowned-page', '{}')`),
  ])
}

async function page(query: string): Promise<AccountPage> {
  const response = await api(`/v1/accounts?${query}`, { token: admin })
  expect(response.status).toBe(200)
  return (await response.json()) as AccountPage
}

beforeAll(async () => {
  admin = await tokenFor(await makeAccount('list-admin@realtor.local', 'list-admin-2026', { role: 'admin' }))
  await seedBulk()
})

describe('GET /v1/accounts', () => {
  it('pages through every account and homepage by key, without repeats or gaps', { timeout: 60_000 }, async () => {
    const total = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM accounts) + (SELECT COUNT(*) FROM realtors WHERE user_id IS NULL) AS n`,
    ).first<{ n: number }>()
    expect(total!.n).toBeGreaterThan(BULK)
    const seen: AccountSummary[] = []
    let after: string | null = ''
    while (after !== null) {
      const result: AccountPage = await page(`limit=100${after ? `&after=${after}` : ''}`)
      expect(result.items.length).toBeLessThanOrEqual(100)
      seen.push(...result.items)
      after = result.next
    }
    expect(seen).toHaveLength(total!.n)
    expect(new Set(seen.map((row) => row.key)).size).toBe(total!.n)
    expect(seen.at(-1)).toMatchObject({
      key: expect.stringMatching(/^r\d+$/),
      accountId: null,
      desiredUrl: 'unowned-page',
    })
    // Each row carries its homepage's publish and delete state (set from the account id in seedBulk).
    const bulk = seen.filter((row) => row.email.startsWith('bulk'))
    expect(bulk).toHaveLength(BULK)
    for (const row of bulk) {
      const id = row.accountId!
      expect(row.desiredUrl).toBe(row.email.split('@')[0])
      expect(row.published).toBe(id % 2 === 1)
      expect(row.deletedAt).toBe(id % 5 === 0 ? '2026-11-01T00:00:00.000Z' : null)
      expect(row.koreanName).toBe(KOREAN_NAMES[id % 4])
    }
  })

  it('never uses OFFSET: a deep page answers as fast as the cursor says, with the next cursor', async () => {
    const first = await page('limit=3')
    const second = await page(`limit=3&after=${first.next}`)
    expect(second.items[0]!.key).not.toBe(first.items[2]!.key)
    const both = await page('limit=6')
    expect(both.items.map((row) => row.key)).toEqual([...first.items, ...second.items].map((row) => row.key))
  })

  it('finds Korean names by any part ("김" finds 김민준), and names, emails and addresses', async () => {
    const kim = await page(`q=${encodeURIComponent('김')}&limit=100`)
    expect(kim.items).toHaveLength(100)
    expect(kim.next).not.toBeNull()
    for (const row of kim.items) expect(row.koreanName).toBe('김민준')
    expect((await page(`q=${encodeURIComponent('서연')}&limit=1`)).items[0]?.koreanName).toBe('이서연')
    const byEmail = await page('q=BULK9999%40REALTOR')
    expect(byEmail.items.map((row) => row.email)).toEqual(['bulk9999@realtor.local'])
    const byAddress = await page('q=unowned-page')
    expect(byAddress.items.map((row) => row.desiredUrl)).toEqual(['unowned-page'])
    // % and _ are letters, not wildcards.
    expect((await page('q=%25')).items).toEqual([])
    expect((await page('q=zzz-nobody')).items).toEqual([])
  })

  it('is for admins only and refuses a bad cursor or size', async () => {
    expect((await api('/v1/accounts')).status).toBe(401)
    const realtor = await tokenFor(await makeAccount('not-admin@realtor.local', 'not-admin-2026'))
    expect((await api('/v1/accounts', { token: realtor })).status).toBe(403)
    expect((await api('/v1/accounts?after=1;DROP', { token: admin })).status).toBe(400)
    expect((await api('/v1/accounts?limit=1000', { token: admin })).status).toBe(400)
    expect((await api('/v1/accounts?limit=-1', { token: admin })).status).toBe(400)
  })
})

describe('POST /v1/accounts/{id}/password-reset', () => {
  it('gives a temporary password once, ends the old sessions and the old password', async () => {
    const id = await makeAccount('forgetful@realtor.local', 'forgotten-2026', { desiredUrl: 'forgetful' })
    const old = await tokenFor(id)
    const response = await api(`/v1/accounts/${id}/password-reset`, { method: 'POST', token: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { temporaryPassword } = (await response.json()) as { temporaryPassword: string }
    expect(temporaryPassword).toMatch(/^[\w-]{16}$/)
    expect((await api('/v1/accounts/me', { token: old })).status).toBe(401)
    // Never stored in clear.
    const row = await env.DB.prepare('SELECT password_hash FROM accounts WHERE id = ?')
      .bind(id)
      .first<{ password_hash: string }>()
    expect(row!.password_hash).not.toContain(temporaryPassword)
    const refused = await api('/v1/auth/login', {
      method: 'POST',
      json: { email: 'forgetful@realtor.local', password: 'forgotten-2026' },
    })
    expect(refused.status).toBe(401)
    expect(await login({ email: 'forgetful@realtor.local', password: temporaryPassword })).toBeTruthy()
    // A second reset gives another password; the first stops working.
    const again = (await (await api(`/v1/accounts/${id}/password-reset`, { method: 'POST', token: admin })).json()) as {
      temporaryPassword: string
    }
    expect(again.temporaryPassword).not.toBe(temporaryPassword)
  })

  it('is for admins, on realtor accounts that exist', async () => {
    const realtorId = await makeAccount('reset-target@realtor.local', 'reset-target-2026')
    const realtor = await tokenFor(realtorId)
    expect((await api(`/v1/accounts/${realtorId}/password-reset`, { method: 'POST', token: realtor })).status).toBe(403)
    const otherAdmin = await makeAccount('other-admin@realtor.local', 'other-admin-2026', { role: 'admin' })
    const adminReset = await api(`/v1/accounts/${otherAdmin}/password-reset`, { method: 'POST', token: admin })
    expect(adminReset.status).toBe(403)
    expect((await api('/v1/accounts/999999/password-reset', { method: 'POST', token: admin })).status).toBe(404)
    const huge = await api('/v1/accounts/99999999999999999999/password-reset', { method: 'POST', token: admin })
    expect(huge.status).toBe(404)
    expect((await errorOf(huge)).code).toBe('not_found')
  })
})
