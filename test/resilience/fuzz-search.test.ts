// Fuzzing the search boxes (issue 29, docs/decisions/078-contact-and-lead-search.md): any Unicode string up
// to the allowed length answers 200 on every surface that searches an inbox (a realtor's contacts: the list,
// both exports, the Inbox page; the operator's leads: the list, the export, the Leads page); a longer one is
// a 400 on `q` from the APIs and is left out by the pages. And a piece of a stored name, any script, finds its
// contact. `npm run fuzz` runs 10,000 cases per property; `npm test` runs FUZZ_RUNS.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertContact } from '../../src/lib/contacts/store'
import { ADMIN, api, errorOf, JANE, login } from '../api/client'

const runs = Number(env.FUZZ_RUNS)
/** What the inbox's `q` takes: 100 characters (code points, as zod counts them) once trimmed (src/lib/inbox/query.ts). */
const ALLOWED = 100

let jane: string
let admin: string
let janeId: number

beforeAll(async () => {
  ;[jane, admin] = [await login(JANE), await login(ADMIN)]
  janeId = (await env.DB.prepare("SELECT id FROM realtors WHERE desired_url = 'janekim'").first<{ id: number }>())!.id
  // Something to find on every surface, so a search runs its statements against rows.
  for (const name of ['김 민수', 'Minji Kim', '100% sure_thing', 'Émilie "Durand"'])
    await insertContact(
      env.DB,
      {
        realtorId: janeId,
        name,
        lastName: 'Doe',
        firstName: 'Jamie',
        email: 'visitor@example.com',
        phone: '+821012345678',
        phoneCountryCode: 'KR',
        message: 'm',
        isTerm: 'Y',
      },
      'ko',
    )
  await env.DB.prepare(
    `INSERT INTO leads (name, area, phone, has_site, locale) VALUES ('박 서준', 'Irvine', '+821012345678', 'no', 'ko')`,
  ).run()
})

/** Characters that mean something to LIKE, FTS5's query language, SQL, HTML or a URL, and Korean. */
const SPECIAL = [
  '%',
  '_',
  '\\',
  '"',
  "'",
  '*',
  '^',
  ':',
  '(',
  ')',
  '{',
  '}',
  '-',
  '+',
  ' ',
  '\u3000',
  '\u0000',
  '김',
  '민',
  '&',
  '<',
  '#',
  '?',
  '/',
  'a',
  'A',
  '1',
  'NEAR',
  'OR',
  'AND',
]
/** A unit of the Basic Multilingual Plane but the surrogates, and one of the Korean syllables. */
const bmp = fc
  .integer({ min: 0, max: 0xffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCharCode(c))
const hangul = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c))
// Lengths spread over the whole range (fast-check keeps strings short unless asked): D1's limit of a LIKE
// pattern is 50 bytes, which 17 Korean syllables or 13 astral characters pass.
const search = fc.oneof(
  // Any code point, a few more than allowed at the longest.
  fc.string({ unit: 'binary', maxLength: ALLOWED + 20, size: 'max' }),
  fc.string({ unit: 'binary', maxLength: 3 }),
  // The Basic Multilingual Plane, and Korean syllables.
  fc.string({ unit: bmp, maxLength: ALLOWED, size: 'max' }),
  fc.string({ unit: hangul, maxLength: ALLOWED, size: 'max' }),
  fc.string({ unit: fc.constantFrom(...SPECIAL), maxLength: 60, size: 'max' }),
  fc.string({ unit: 'grapheme', maxLength: 40, size: 'max' }),
)

type Surface = { path: (q: string) => string; as: 'jane' | 'admin'; page?: boolean }
const SURFACES: Surface[] = [
  { path: (q) => `/v1/realtor-contacts?realtorId=${janeId}&q=${q}`, as: 'jane' },
  { path: (q) => `/v1/realtor-contacts/export?realtorId=${janeId}&format=json&q=${q}`, as: 'jane' },
  { path: (q) => `/v1/realtor-contacts/export?realtorId=${janeId}&format=csv&status=all&q=${q}`, as: 'jane' },
  { path: (q) => `/janekim/admin/inbox?q=${q}`, as: 'jane', page: true },
  { path: (q) => `/v1/leads?status=all&q=${q}`, as: 'admin' },
  { path: (q) => `/v1/leads/export?format=csv&q=${q}`, as: 'admin' },
  { path: (q) => `/admin/leads?q=${q}`, as: 'admin', page: true },
]

describe('search strings (property)', () => {
  it(
    'any Unicode string up to the allowed length answers 200 on every searching surface; a longer one a 400 on q',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          search,
          fc.constantFrom(...SURFACES),
          fc.constantFrom('ko', 'en'),
          async (q, surface, language) => {
            const token = surface.as === 'jane' ? jane : admin
            // A page in English is at /en…: the unprefixed one sends an English reader there.
            const prefix = surface.page && language === 'en' ? '/en' : ''
            const response = await api(`${prefix}${surface.path(encodeURIComponent(q))}`, {
              token: surface.page ? undefined : token,
              headers: surface.page
                ? { cookie: `session=${token}`, 'accept-language': language }
                : { 'accept-language': language },
            })
            const allowed = [...q.trim()].length <= ALLOWED
            if (surface.page || allowed) {
              expect(response.status).toBe(200)
              await response.arrayBuffer()
            } else {
              expect(response.status).toBe(400)
              const error = await errorOf(response)
              expect(error.fields?.map((field) => field.path)).toEqual(['q'])
              expect(error.fields?.[0]?.message.length).toBeGreaterThan(0)
            }
          },
        ),
        { numRuns: runs },
      )
    },
    15_000 + runs * 20,
  )

  it(
    'a piece of a stored name, in any script, finds its contact',
    async () => {
      const name = fc
        .string({ unit: 'binary', minLength: 1, maxLength: 40, size: 'max' })
        .filter((value) => !value.includes('\u0000'))
      await fc.assert(
        fc.asyncProperty(name, fc.nat(), fc.nat(), async (stored, start, length) => {
          const points = [...stored]
          const from = start % points.length
          const piece = points.slice(from, from + 1 + (length % (points.length - from))).join('')
          fc.pre(piece.trim().length > 0)
          const contact = await insertContact(
            env.DB,
            {
              realtorId: janeId,
              name: stored,
              lastName: 'Doe',
              firstName: 'Jamie',
              email: 'visitor@example.com',
              phone: '+16785550100',
              phoneCountryCode: 'US',
              message: 'm',
              isTerm: 'Y',
            },
            'en',
          )
          const response = await api(
            `/v1/realtor-contacts/export?realtorId=${janeId}&format=json&status=all&q=${encodeURIComponent(piece)}`,
            { token: jane },
          )
          expect(response.status).toBe(200)
          const { items } = (await response.json()) as { items: { id: number }[] }
          expect(items.map((item) => item.id)).toContain(contact.id)
        }),
        { numRuns: runs },
      )
    },
    15_000 + runs * 30,
  )
})
