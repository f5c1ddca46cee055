// Address squatting (issue 29, finding 3; docs/decisions/083-address-squatting.md): a realtor changes
// address at most 3 times in 24 hours (429 with Retry-After and a translated message saying when), only an
// address the homepage was published under is held for them (refused to others, 301 to them), and an admin
// can release a held address, which frees it at once and ends its redirect.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { RenameLimitError } from '../../src/lib/realtors/address-changes'
import { d1Store } from '../../src/lib/realtors/d1-store'
import { realtorCreateSchema } from '../../src/lib/realtors/schema'
import { realtorService } from '../../src/lib/realtors/service'
import type { Realtor } from '../../src/lib/realtors/types'
import { ADMIN, api, errorOf, login, realtorAccount as newRealtorAccount } from '../api/client'
import { PUBLISHABLE } from '../fixtures/publishable'
import { call } from '../helpers'

let admin: string

beforeAll(async () => {
  admin = await login(ADMIN)
})

/** A new realtor account with its homepage (unpublished, as every new account starts), signed in. */
const realtorAccount = (desiredUrl: string) => newRealtorAccount(admin, desiredUrl, 'squatting.test')

/** A homepage made by the admin under `desiredUrl`. */
const adminHomepage = (desiredUrl: string, isMakeHomepage: 'Y' | 'N' = 'N') =>
  api('/v1/realtor', { method: 'POST', token: admin, json: { ...PUBLISHABLE, desiredUrl, isMakeHomepage } })

const patch = (id: number, token: string, json: object, language = 'en') =>
  api(`/v1/realtor/${id}`, { method: 'PATCH', token, json, headers: { 'accept-language': language } })

const release = (id: number, address: string, token: string, headers: Record<string, string> = {}) =>
  api(`/v1/realtor/${id}/addresses/${address}`, { method: 'DELETE', token, headers })

const location = (response: Response) => response.headers.get('location')

/** The n-th name of a series in letters (addresses take no digits): 0 a, 25 z, 26 ba… */
const nth = (prefix: string, n: number): string =>
  `${prefix}-${[...n.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))).join('')}`

const heldBy = async (address: string) =>
  (
    await env.DB.prepare('SELECT realtor_id FROM realtor_addresses WHERE address = ?')
      .bind(address)
      .first<{ realtor_id: number }>()
  )?.realtor_id ?? null

/** The changes of address counted against the realtor's limit now. */
const changesOf = async (realtorId: number) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM address_changes WHERE realtor_id = ?')
      .bind(realtorId)
      .first<{ n: number }>()
  )?.n

describe('renaming', () => {
  it('30 renames in a row: the 4th and later are refused, and the addresses never published under are free', async () => {
    const squatter = await realtorAccount(nth('squat', 0))
    const statuses: number[] = []
    let refused: Response | null = null
    for (let n = 1; n <= 30; n++) {
      const response = await patch(squatter.id, squatter.token, { desiredUrl: nth('squat', n) })
      statuses.push(response.status)
      if (response.status === 429 && !refused) refused = response
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]))

    // The refusal says when, in seconds and in words, on the address field the editor shows it under.
    const retryAfter = Number(refused!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(23 * 3600)
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600)
    const error = await errorOf(refused!)
    expect(error.code).toBe('rate_limited')
    expect(error.message).toBe(
      'A homepage address can change 3 times in 24 hours. You can change it again in 24 hours.',
    )
    expect(error.fields).toEqual([{ path: 'desiredUrl', message: error.message }])
    const korean = await errorOf(await patch(squatter.id, squatter.token, { desiredUrl: nth('squat', 31) }, 'ko'))
    expect(korean.message).toBe('홈페이지 주소는 24시간에 3번까지 바꿀 수 있습니다. 24시간 후에 다시 바꿀 수 있습니다.')

    // Going back is a change like any other; other fields, and the same address in other letters, still save.
    expect((await patch(squatter.id, squatter.token, { desiredUrl: nth('squat', 0) })).status).toBe(429)
    const saved = await patch(squatter.id, squatter.token, {
      desiredUrl: nth('squat', 3).toUpperCase(),
      aboutMeEn: 'Still here',
    })
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as Realtor).desiredUrl).toBe(nth('squat', 3).toUpperCase())

    // The homepage was never published: none of the addresses it passed through is held or redirects.
    for (const address of [0, 1, 2, 4].map((n) => nth('squat', n))) {
      expect(await heldBy(address), address).toBeNull()
      expect((await call(`/${address}`)).status, address).toBe(404)
      expect((await adminHomepage(address)).status, address).toBe(201)
    }
  })

  it('counts in the database: two racing renames past the limit, one wins', async () => {
    const racer = await realtorAccount('race-start')
    for (const n of [1, 2])
      expect((await patch(racer.id, racer.token, { desiredUrl: nth('race', n) })).status).toBe(200)
    const [a, b] = await Promise.all([
      patch(racer.id, racer.token, { desiredUrl: 'race-a' }),
      patch(racer.id, racer.token, { desiredUrl: 'race-b' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 429])
    expect(await changesOf(racer.id)).toBe(3)
  })

  it('allows the next change once the oldest of the day is 24 hours old', async () => {
    const realtor = await realtorAccount(nth('day', 0))
    for (const n of [1, 2, 3])
      expect((await patch(realtor.id, realtor.token, { desiredUrl: nth('day', n) })).status).toBe(200)
    expect((await patch(realtor.id, realtor.token, { desiredUrl: nth('day', 4) })).status).toBe(429)
    await env.DB.prepare(
      "UPDATE address_changes SET changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') WHERE to_address = ?",
    )
      .bind(nth('day', 1))
      .run()
    expect((await patch(realtor.id, realtor.token, { desiredUrl: nth('day', 4) })).status).toBe(200)
    expect((await patch(realtor.id, realtor.token, { desiredUrl: nth('day', 5) })).status).toBe(429)
  })

  it('does not hold an admin to the limit', async () => {
    const made = (await (await adminHomepage(nth('admin-move', 0))).json()) as Realtor
    for (let n = 1; n <= 5; n++)
      expect((await patch(made.id, admin, { desiredUrl: nth('admin-move', n) })).status).toBe(200)
  })
})

describe('an address a homepage was published under', () => {
  it('stays held and redirects, even when unpublished before the move; others are refused it', async () => {
    const owner = await realtorAccount('pub-a')
    expect((await patch(owner.id, owner.token, { ...PUBLISHABLE, isMakeHomepage: 'Y' })).status).toBe(200)
    expect((await patch(owner.id, owner.token, { isMakeHomepage: 'N' })).status).toBe(200)
    expect((await patch(owner.id, owner.token, { desiredUrl: 'pub-b' })).status).toBe(200)
    expect(await heldBy('pub-a')).toBe(owner.id)
    // pub-b was never public: leaving it holds nothing. Publishing with a move publishes the new address only.
    expect((await patch(owner.id, owner.token, { desiredUrl: 'pub-c', isMakeHomepage: 'Y' })).status).toBe(200)
    expect(await heldBy('pub-b')).toBeNull()
    expect((await adminHomepage('pub-a')).status).toBe(409)
    expect(location(await call('/pub-a'))).toBe('/pub-c')
    expect(location(await call('/en/pub-a/terms'))).toBe('/en/pub-c/terms')
    // Held for its owner: going back is allowed (by an admin here, the owner has used the day's changes).
    const other = (await (await adminHomepage('pub-other')).json()) as Realtor
    expect((await patch(other.id, admin, { desiredUrl: 'pub-a' })).status).toBe(409)
    expect((await patch(owner.id, admin, { desiredUrl: 'pub-a' })).status).toBe(200)
    // …and an address once held for it stays published-under when it leaves again, even unpublished.
    expect((await patch(owner.id, admin, { isMakeHomepage: 'N' })).status).toBe(200)
    expect((await patch(owner.id, admin, { desiredUrl: 'pub-d' })).status).toBe(200)
    expect((await patch(owner.id, admin, { desiredUrl: 'pub-e' })).status).toBe(200)
    expect(await heldBy('pub-a')).toBe(owner.id)
    expect(await heldBy('pub-c')).toBe(owner.id)
    expect(await heldBy('pub-d')).toBeNull()
  })
})

describe('with profile versions (decision 082)', () => {
  /**
   * The service over a store where another save (of another field) lands between a write's read and its
   * write, once: the write's conditional UPDATE loses the version race and is made again.
   */
  function racedService(desiredUrl: string) {
    const store = d1Store(env.DB)
    let raced = false
    return realtorService(
      {
        ...store,
        async replace(...args: Parameters<typeof store.replace>) {
          if (!raced) {
            raced = true
            const other = realtorCreateSchema.parse({ desiredUrl, isMakeHomepage: 'Y', aboutMeEn: 'other save' })
            expect(await store.replace(args[0], other)).not.toBeNull()
          }
          return store.replace(...args)
        },
      },
      async () => {},
    )
  }

  it('a rename that loses the version race is made again, and counted and held once', async () => {
    const service = realtorService(d1Store(env.DB), async () => {})
    const made = await d1Store(env.DB).insert(
      realtorCreateSchema.parse({ desiredUrl: 'vrace-a', isMakeHomepage: 'Y' }),
      null,
    )
    for (const to of ['vrace-b', 'vrace-c'])
      expect(await service.update(made.id, { desiredUrl: to }, { renameLimit: 3 })).not.toBeNull()
    // The refused try is no change (it wrote nothing) and no reason for a 429: the third of the day passes.
    const moved = await racedService('vrace-c').update(made.id, { desiredUrl: 'vrace-d' }, { renameLimit: 3 })
    expect(moved).toMatchObject({ desiredUrl: 'vrace-d', aboutMeEn: 'other save' })
    expect(await changesOf(made.id)).toBe(3)
    expect(await heldBy('vrace-c')).toBe(made.id)
    expect(await heldBy('vrace-d')).toBeNull()
  })

  it('past the limit, a rename that loses the race is refused on the newer version and changes nothing', async () => {
    const service = realtorService(d1Store(env.DB), async () => {})
    const made = await d1Store(env.DB).insert(
      realtorCreateSchema.parse({ desiredUrl: 'vlimit-a', isMakeHomepage: 'Y' }),
      null,
    )
    for (const to of ['vlimit-b', 'vlimit-c', 'vlimit-d'])
      expect(await service.update(made.id, { desiredUrl: to }, { renameLimit: 3 })).not.toBeNull()
    const refused = racedService('vlimit-d').update(made.id, { desiredUrl: 'vlimit-e' }, { renameLimit: 3 })
    await expect(refused).rejects.toBeInstanceOf(RenameLimitError)
    expect(await d1Store(env.DB).find(String(made.id))).toMatchObject({
      desiredUrl: 'vlimit-d',
      aboutMeEn: 'other save',
    })
    expect(await changesOf(made.id)).toBe(3)
    expect(await heldBy('vlimit-d')).toBeNull()
  })

  it('a rename with a stale If-Match is a 412 that neither counts nor holds the address', async () => {
    const owner = await realtorAccount('vstale-a')
    expect((await patch(owner.id, owner.token, { ...PUBLISHABLE, isMakeHomepage: 'Y' })).status).toBe(200)
    const read = await api(`/v1/realtor/${owner.id}`, { token: owner.token })
    const tag = read.headers.get('etag')
    expect(tag).toMatch(/^"/)
    // Another window saves another field: the tag is stale.
    expect((await patch(owner.id, owner.token, { aboutMeEn: 'saved elsewhere' })).status).toBe(200)
    const stale = await api(`/v1/realtor/${owner.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { desiredUrl: 'vstale-b' },
      headers: { 'if-match': tag ?? '', 'accept-language': 'en' },
    })
    expect(stale.status).toBe(412)
    expect(await changesOf(owner.id)).toBe(0)
    expect(await heldBy('vstale-a')).toBeNull()
    expect((await d1Store(env.DB).find(String(owner.id)))?.desiredUrl).toBe('vstale-a')
    // On the current tag the same rename passes, and is the day's first change.
    const fresh = await api(`/v1/realtor/${owner.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { desiredUrl: 'vstale-b' },
      headers: { 'if-match': stale.headers.get('etag') ?? '' },
    })
    expect(fresh.status, await fresh.clone().text()).toBe(200)
    expect(await changesOf(owner.id)).toBe(1)
    expect(await heldBy('vstale-a')).toBe(owner.id)
  })
})

describe('releasing a held address', () => {
  it('is for admins: the address stops redirecting and anyone may take it', async () => {
    const owner = await realtorAccount('rel-a')
    expect((await patch(owner.id, owner.token, { ...PUBLISHABLE, isMakeHomepage: 'Y' })).status).toBe(200)
    expect((await patch(owner.id, owner.token, { desiredUrl: 'rel-b' })).status).toBe(200)
    expect(location(await call('/rel-a'))).toBe('/rel-b')

    // Not the owner (in both languages), not from another site's page.
    const byOwner = await release(owner.id, 'rel-a', owner.token, { 'accept-language': 'en' })
    expect(byOwner.status).toBe(403)
    expect((await errorOf(byOwner)).message).toBe('Only an administrator can release an old address.')
    const korean = await release(owner.id, 'rel-a', owner.token, { 'accept-language': 'ko' })
    expect((await errorOf(korean)).message).toBe('이전 주소 해제는 관리자만 할 수 있습니다.')
    const foreign = await release(owner.id, 'rel-a', admin, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await heldBy('rel-a')).toBe(owner.id)
    // Only an address this realtor holds.
    const other = (await (await adminHomepage('rel-other', 'Y')).json()) as Realtor
    const wrong = await release(other.id, 'rel-a', admin, { 'accept-language': 'en' })
    expect(wrong.status).toBe(404)
    expect((await errorOf(wrong)).message).toBe('/rel-a is not an old address of this homepage.')

    const released = await release(owner.id, 'REL-A', admin)
    expect(released.status, await released.clone().text()).toBe(200)
    expect(await released.json()).toEqual({ realtorId: owner.id, address: 'REL-A', released: true })
    expect(await heldBy('rel-a')).toBeNull()
    expect((await call('/rel-a')).status).toBe(404)
    expect((await patch(other.id, admin, { desiredUrl: 'rel-a' })).status).toBe(200)
    expect((await call('/rel-a')).status).toBe(200)
    expect((await release(owner.id, 'rel-a', admin)).status).toBe(404)
  })

  it('lists each realtor’s held addresses in the admin console, with a Release button', async () => {
    const owner = await realtorAccount('console-a')
    await patch(owner.id, owner.token, { ...PUBLISHABLE, isMakeHomepage: 'Y' })
    await patch(owner.id, owner.token, { desiredUrl: 'console-b' })
    const page = await api('/v1/accounts?q=console-b', { token: admin })
    const row = ((await page.json()) as { items: { realtorId: number; heldAddresses: unknown }[] }).items.find(
      (item) => item.realtorId === owner.id,
    )
    const heldUntil = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    expect(row?.heldAddresses).toEqual([{ address: 'console-a', retiredAt: expect.any(String), heldUntil }])
    for (const [path, label] of [
      ['/en/admin?q=console-b', 'aria-label="Release: /console-a"'],
      ['/admin?q=console-b', 'aria-label="해제: /console-a"'],
    ] as const) {
      const html = await (await call(path, { headers: { cookie: `session=${admin}` } })).text()
      expect(html, path).toContain('data-held-address="console-a"')
      expect(html, path).toContain(label)
    }
  })
})
