// Searching the inboxes (issue 29, docs/decisions/078-contact-and-lead-search.md): a search of any allowed
// length answers 200 on every surface that searches — a realtor's contacts (list, both exports, the Inbox
// page) and the operator's leads (list, export, the Leads page) — with what a person expects to find. Before,
// any LIKE pattern over 50 bytes (49 ASCII characters, 17 Korean, 25 `%`) answered 500. Also: the index is
// kept in step with every write, one realtor's search never reads another's contacts, and bad input is a
// translated 400.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertContact } from '../../src/lib/contacts/store'
import { realtorToken } from '../../src/lib/inbox/search'
import { ADMIN, api, EQUITY, errorOf, JANE, login } from './client'

let jane: string
let equity: string
let admin: string
let janeId: number
let equityId: number

/** A name of 100+ characters (contacts take 120): its first 49 and 100 characters are searches. */
const LONG_ASCII =
  'Alexandria Catherine Montgomery-Worthington III, of Pacific Coast Realty Group in Irvine, California'
const LONG_KOREAN = '김수한무거북이와두루미삼천갑자동방삭치치카포사리사리센타'
const PERCENTS = '%'.repeat(25)
/** A lead's name of 50 characters and area of 100 (the most a lead takes). */
const LEAD_NAME = 'Bartholomew Montgomery-Worthington, Irvine Realty.'
const LONG_AREA = 'Irvine, Tustin, Costa Mesa, Newport Beach, Laguna Niguel, Mission Viejo, Lake Forest, Orange County.'

const contact = (realtorId: number, fields: Record<string, string>) => ({
  realtorId,
  lastName: 'Doe',
  firstName: 'Jamie',
  email: 'visitor@example.com',
  phone: '+16785550100',
  phoneCountryCode: 'US' as const,
  message: 'Hello',
  isTerm: 'Y' as const,
  name: '',
  ...fields,
})

/** Contacts of Jane's homepage by what they are: each search below expects an exact set of them. */
const contacts: Record<string, number> = {}
const leads: Record<string, number> = {}

async function addContact(key: string, realtorId: number, fields: Record<string, string>, locale = 'en') {
  contacts[key] = (await insertContact(env.DB, contact(realtorId, fields), locale)).id
}

async function addLead(key: string, name: string, area = 'Irvine', phone = '+19495550100') {
  const row = await env.DB.prepare(
    `INSERT INTO leads (name, area, phone, has_site, locale) VALUES (?, ?, ?, 'no', 'ko') RETURNING id`,
  )
    .bind(name, area, phone)
    .first<{ id: number }>()
  leads[key] = row!.id
}

beforeAll(async () => {
  ;[jane, equity, admin] = [await login(JANE), await login(EQUITY), await login(ADMIN)]
  const idOf = async (address: string) =>
    (await env.DB.prepare('SELECT id FROM realtors WHERE desired_url = ?').bind(address).first<{ id: number }>())!.id
  ;[janeId, equityId] = [await idOf('janekim'), await idOf('equityrealty')]
  expect(LONG_ASCII.length).toBeGreaterThanOrEqual(100)
  expect(LONG_AREA).toHaveLength(100)
  await addContact('ascii', janeId, { name: LONG_ASCII })
  await addContact('korean', janeId, { name: LONG_KOREAN, lastName: '김', firstName: '수한무' }, 'ko')
  await addContact('percents', janeId, { name: `Discount ${PERCENTS} off` })
  await addContact('onePercent', janeId, { name: '100% sure', email: 'sure_thing@example.com' })
  // The form's own join: "김 민수", family name first with a space (decision 063).
  await addContact('minsu', janeId, { lastName: '김', firstName: '민수', email: 'minsu@example.kr' }, 'ko')
  await addContact('minji', janeId, { name: 'Minji Kim', lastName: 'Kim', firstName: 'Minji', email: 'mj@example.com' })
  await addContact('emilie', janeId, { name: 'Émilie Durand', lastName: 'Durand', firstName: 'Émilie' })
  await addContact('mixed', janeId, { name: 'Sarah 박 Lee', lastName: 'Lee', firstName: 'Sarah' })
  await addContact('korPhone', janeId, { name: '이하나', phone: '+821098765432', phoneCountryCode: 'KR' }, 'ko')
  // Another realtor's contacts that every search of Jane's would match, were it not scoped.
  for (const name of [LONG_ASCII, LONG_KOREAN, `Discount ${PERCENTS} off`, 'Minji Kim'])
    await addContact(`equity ${name}`, equityId, { name })
  await addLead('ascii', LEAD_NAME, LONG_AREA)
  await addLead('korean', LONG_KOREAN.slice(0, 20))
  await addLead('percents', `${PERCENTS} lead`)
  await addLead('onePercent', '50% lead')
  await addLead('seojun', '박 서준', 'Fullerton', '+821012345678')
})

const enc = encodeURIComponent
const asCookie = (token: string) => ({ headers: { cookie: `session=${token}` } })

async function jsonIds(response: Response): Promise<number[]> {
  expect(response.status).toBe(200)
  return ((await response.json()) as { items: { id: number }[] }).items.map((item) => item.id)
}

async function csvIds(response: Response): Promise<number[]> {
  expect(response.status).toBe(200)
  return (await response.text())
    .split('\r\n')
    .map((line) => /^(\d+),/.exec(line)?.[1])
    .filter((id) => id !== undefined)
    .map(Number)
}

async function pageIds(response: Response): Promise<number[]> {
  expect(response.status).toBe(200)
  const html = await response.text()
  return [...html.matchAll(/class="inbox-item__link" href="[^"]*\/(\d+)"/g)].map((match) => Number(match[1]))
}

/** Every surface that searches an inbox: what each answers to `q`, as entry ids newest first. */
const CONTACT_SURFACES = {
  'GET /v1/realtor-contacts': (q: string) =>
    api(`/v1/realtor-contacts?realtorId=${janeId}&status=all&limit=100&q=${enc(q)}`, { token: jane }).then(jsonIds),
  'the JSON export': (q: string) =>
    api(`/v1/realtor-contacts/export?realtorId=${janeId}&status=all&format=json&q=${enc(q)}`, { token: jane }).then(
      jsonIds,
    ),
  'the CSV export': (q: string) =>
    api(`/v1/realtor-contacts/export?realtorId=${janeId}&status=all&format=csv&q=${enc(q)}`, { token: jane }).then(
      csvIds,
    ),
  '/{desiredUrl}/admin/inbox': (q: string) =>
    api(`/janekim/admin/inbox?status=all&q=${enc(q)}`, asCookie(jane)).then(pageIds),
}
const LEAD_SURFACES = {
  'GET /v1/leads': (q: string) => api(`/v1/leads?status=all&limit=100&q=${enc(q)}`, { token: admin }).then(jsonIds),
  'GET /v1/leads/export (JSON)': (q: string) =>
    api(`/v1/leads/export?status=all&format=json&q=${enc(q)}`, { token: admin }).then(jsonIds),
  'GET /v1/leads/export (CSV)': (q: string) =>
    api(`/v1/leads/export?status=all&format=csv&q=${enc(q)}`, { token: admin }).then(csvIds),
  '/admin/leads': (q: string) => api(`/admin/leads?status=all&q=${enc(q)}`, asCookie(admin)).then(pageIds),
}

const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a)

describe('a search of any allowed length answers 200 with what it should find', () => {
  // Over D1's 50-byte LIKE pattern: 49 ASCII characters, 17 Korean ones (3 bytes each), 25 `%` (escaped, 2).
  const contactSearches: [string, string, string[]][] = [
    ['49 ASCII characters', LONG_ASCII.slice(0, 49), ['ascii']],
    ['100 characters, the most allowed', LONG_ASCII.slice(0, 100), ['ascii']],
    ['17 Korean characters', LONG_KOREAN.slice(0, 17), ['korean']],
    ['25 `%`, each taken literally', PERCENTS, ['percents']],
  ]
  for (const [surface, search] of Object.entries(CONTACT_SURFACES))
    it(`${surface}`, async () => {
      for (const [what, q, expected] of contactSearches)
        expect(await search(q), what).toEqual(newestFirst(expected.map((key) => contacts[key]!)))
    })

  const leadSearches: [string, string, string[]][] = [
    ['49 ASCII characters', LEAD_NAME.slice(0, 49), ['ascii']],
    ['100 characters, the most allowed', LONG_AREA, ['ascii']],
    ['17 Korean characters', LONG_KOREAN.slice(0, 17), ['korean']],
    ['25 `%`, each taken literally', PERCENTS, ['percents']],
  ]
  for (const [surface, search] of Object.entries(LEAD_SURFACES))
    it(`${surface}`, async () => {
      for (const [what, q, expected] of leadSearches)
        expect(await search(q), what).toEqual(newestFirst(expected.map((key) => leads[key]!)))
    })
})

describe('what a person expects to find', () => {
  const search = CONTACT_SURFACES['GET /v1/realtor-contacts']
  const find = async (q: string) => (await search(q)).map((id) => Object.keys(contacts).find((k) => contacts[k] === id))

  /** Each search with the contacts it finds, newest first. */
  const EXPECTED: Record<string, [string, string[]][]> = {
    'a Korean name with or without its space, in part, and in either order of a Latin name': [
      ['김민수', ['minsu']],
      ['김 민수', ['minsu']],
      // Shorter than a trigram: compared row by row, with and without the space.
      ['민수', ['minsu']],
      ['김민', ['minsu']],
      ['kim minji', ['minji']],
      ['MINJI KIM', ['minji']],
    ],
    'mixed scripts, letters of any case and script, and `%` or `_` as themselves': [
      ['sarah 박', ['mixed']],
      ['박 lee', ['mixed']],
      ['émilie', ['emilie']],
      ['ÉMILIE DUR', ['emilie']],
      ['100%', ['onePercent']],
      ['% s', ['onePercent']],
      ['%', ['onePercent', 'percents']],
      ['_', ['onePercent']],
      ['e_t', ['onePercent']],
      ['m_nji', []],
    ],
    'a phone by its digits as people write them, and an email in part': [
      ['010-9876-5432', ['korPhone']],
      ['010 9876', ['korPhone']],
      ['+82 10 9876', ['korPhone']],
      ['+82', ['korPhone']],
      ['minsu@example', ['minsu']],
      ['@EXAMPLE.KR', ['minsu']],
    ],
  }
  for (const [what, searches] of Object.entries(EXPECTED))
    it(what, async () => {
      for (const [q, expected] of searches) expect(await find(q), q).toEqual(expected)
    })

  it('a lead by name without its space, by phone, by area', async () => {
    const lead = LEAD_SURFACES['GET /v1/leads']
    expect(await lead('박서준')).toEqual([leads.seojun])
    expect(await lead('서준')).toEqual([leads.seojun])
    expect(await lead('010-1234-5678')).toEqual([leads.seojun])
    expect(await lead('fullerton')).toEqual([leads.seojun])
    expect(await lead('50%')).toEqual([leads.onePercent])
  })

  it('a search with a NUL finds nothing, and a space-only one everything', async () => {
    expect(await search('김\u0000민수')).toEqual([])
    expect((await search('   ')).length).toBe(Object.keys(contacts).filter((key) => !key.startsWith('equity')).length)
  })
})

describe('paging and filters still hold for a search', () => {
  it('pages a search by key with after and limit, and filters it by status and day', async () => {
    const ids: number[] = []
    for (let i = 0; i < 7; i++)
      ids.push((await insertContact(env.DB, contact(janeId, { name: `Paging Person ${i}` }), 'en')).id)
    await env.DB.prepare(`UPDATE realtor_contacts SET status = 'archived' WHERE id = ?`).bind(ids[3]).run()
    const page = (query: string) =>
      api(`/v1/realtor-contacts?realtorId=${janeId}&q=paging%20person&${query}`, { token: jane }).then(
        async (response) => {
          expect(response.status).toBe(200)
          return (await response.json()) as { items: { id: number }[]; next: string | null }
        },
      )
    const seen: number[] = []
    let after = ''
    for (;;) {
      const result = await page(`status=all&limit=3${after ? `&after=${after}` : ''}`)
      expect(result.items.length).toBeLessThanOrEqual(3)
      seen.push(...result.items.map((item) => item.id))
      if (!result.next) break
      after = result.next
    }
    expect(seen).toEqual(newestFirst(ids))
    // The default list leaves the archived one out; a status names it alone.
    expect((await page('limit=100')).items.map((item) => item.id)).toEqual(
      newestFirst(ids).filter((id) => id !== ids[3]),
    )
    expect((await page('status=archived')).items.map((item) => item.id)).toEqual([ids[3]])
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect((await page('status=all&from=2020-01-01&to=2020-01-02')).items).toEqual([])
    expect((await page(`status=all&limit=100&from=${yesterday}`)).items).toHaveLength(7)
  })
})

describe('one realtor, one inbox', () => {
  it("never finds another realtor's contact, whatever the search", async () => {
    for (const q of [LONG_ASCII.slice(0, 60), 'Minji Kim', LONG_KOREAN, PERCENTS, '김수', '%']) {
      const ids = await CONTACT_SURFACES['GET /v1/realtor-contacts'](q)
      const owners = await env.DB.prepare(
        'SELECT DISTINCT realtor_id FROM realtor_contacts WHERE id IN (SELECT value FROM json_each(?))',
      )
        .bind(JSON.stringify(ids))
        .all<{ realtor_id: number }>()
      expect(
        owners.results.map((row) => row.realtor_id),
        q,
      ).toEqual(ids.length ? [janeId] : [])
    }
    const theirs = await api(`/v1/realtor-contacts?realtorId=${equityId}&q=${enc('Minji Kim')}`, { token: equity })
    expect(await jsonIds(theirs)).toEqual([contacts['equity Minji Kim']])
  })

  it("writes the realtor's id into the index as the query names it, for any id", async () => {
    for (const id of [1, 2, 65_535, 65_536, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER]) {
      const row = await env.DB.prepare(
        `SELECT char(983040 + ((?1 >> 48) & 65535), 983040 + ((?1 >> 32) & 65535), 983040 + ((?1 >> 16) & 65535),
           983040 + (?1 & 65535)) AS token`,
      )
        .bind(id)
        .first<{ token: string }>()
      expect(row!.token, String(id)).toBe(realtorToken(id))
    }
    // The view's own expression, for a contact stored with the largest id an API allows.
    const stored = await insertContact(env.DB, contact(Number.MAX_SAFE_INTEGER, { name: 'Far Away' }), 'en')
    const indexed = await env.DB.prepare('SELECT realtor FROM contact_search WHERE rowid = ?')
      .bind(stored.id)
      .first<{ realtor: string }>()
    expect(indexed!.realtor).toBe(realtorToken(Number.MAX_SAFE_INTEGER))
  })
})

describe('the index is kept in step with every write', () => {
  /** The index's rows against the views' (what the triggers write), for both inboxes. */
  async function inStep(): Promise<void> {
    for (const [index, view, columns] of [
      ['contact_search', 'contact_search_text', 'realtor, name, last_name, first_name, email, phone, compact'],
      ['lead_search', 'lead_search_text', 'name, area, phone, compact'],
    ]) {
      const difference = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM (
           SELECT * FROM (SELECT rowid AS id, ${columns} FROM ${index} EXCEPT SELECT id, ${columns} FROM ${view})
           UNION ALL
           SELECT * FROM (SELECT id, ${columns} FROM ${view} EXCEPT SELECT rowid AS id, ${columns} FROM ${index}))`,
      ).first<{ n: number }>()
      expect(difference!.n, index).toBe(0)
    }
  }

  it('after inserts, updates of searched and other columns, and deletes', async () => {
    await inStep()
    const renamed = contacts.minji!
    await env.DB.prepare(`UPDATE realtor_contacts SET name = 'Minji Park', last_name = 'Park' WHERE id = ?`)
      .bind(renamed)
      .run()
    await env.DB.prepare(`UPDATE realtor_contacts SET status = 'read', note = 'called' WHERE id = ?`)
      .bind(contacts.minsu)
      .run()
    await env.DB.prepare(`UPDATE leads SET name = '박 서진', phone = '+821099990000' WHERE id = ?`)
      .bind(leads.seojun)
      .run()
    await inStep()
    const find = CONTACT_SURFACES['GET /v1/realtor-contacts']
    expect(await find('minji park')).toEqual([renamed])
    expect(await find('Minji Kim')).toEqual([])
    expect(await find('김민수')).toEqual([contacts.minsu])
    expect(await LEAD_SURFACES['GET /v1/leads']('박서진')).toEqual([leads.seojun])
    expect(await LEAD_SURFACES['GET /v1/leads']('0999-90000')).toEqual([leads.seojun])
    // The cron's purge of a homepage deletes its contacts: their rows leave the index too.
    await env.DB.prepare('DELETE FROM realtor_contacts WHERE realtor_id = ?').bind(equityId).run()
    await env.DB.prepare('DELETE FROM leads WHERE id = ?').bind(leads.onePercent).run()
    await inStep()
    const left = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM contact_search WHERE contact_search MATCH 'realtor : ' || ?",
    )
      .bind(`"${realtorToken(equityId)}"`)
      .first<{ n: number }>()
    expect(left!.n).toBe(0)
  })
})

describe('bad input', () => {
  it('a search over 100 characters is a translated 400 on q in the APIs; the pages leave it out', async () => {
    const q = enc('x'.repeat(101))
    const messages = new Set<string>()
    for (const language of ['ko', 'en'])
      for (const [path, token] of [
        [`/v1/realtor-contacts?realtorId=${janeId}&q=${q}`, jane],
        [`/v1/realtor-contacts/export?realtorId=${janeId}&q=${q}`, jane],
        [`/v1/leads?q=${q}`, admin],
        [`/v1/leads/export?q=${q}`, admin],
      ] as const) {
        const response = await api(path, { token, headers: { 'accept-language': language } })
        expect(response.status, path).toBe(400)
        const error = await errorOf(response)
        expect(error.fields?.map((field) => field.path)).toEqual(['q'])
        messages.add(`${language}:${error.fields?.[0]?.message}`)
      }
    // One message a language, and the two differ.
    expect(messages.size).toBe(2)
    expect(new Set([...messages].map((message) => message.slice(3))).size).toBe(2)
    expect((await api(`/janekim/admin/inbox?q=${q}`, asCookie(jane))).status).toBe(200)
    expect((await api(`/admin/leads?q=${q}`, asCookie(admin))).status).toBe(200)
  })
})
