// Fuzzing the input side: every schema with random and hostile values, and import files of random
// JSON with `__proto__`/`constructor` keys through the real API. Never a throw, never a 5xx, never a
// polluted prototype. `npm run fuzz` runs 10,000 cases per property; `npm test` runs FUZZ_RUNS.
import { env } from 'cloudflare:test'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as schema from '../../src/lib/realtors/schema'
import { localizeIssues } from '../../src/lib/validation'
import { api, errorOf, JANE, login } from '../api/client'
import { call, ORIGIN } from '../helpers'

const runs = Number(env.FUZZ_RUNS)
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'polluted')
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 5 }),
  ),
})).value
/** A realtor-shaped object with random values in its fields, sometimes valid ones. */
const realtorish = fc.record(
  {
    desiredUrl: fc.oneof(fc.stringMatching(/^[a-z_-]{1,20}$/), fc.string({ maxLength: 30 })),
    contactPhone: fc.oneof(fc.stringMatching(/^\d{3}-\d{3}-\d{4}$/), fc.string({ maxLength: 20 })),
    email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })),
    designMainColor: fc.oneof(fc.stringMatching(/^#[0-9a-f]{6}$/), fc.string({ maxLength: 9 })),
    careerStart: fc.oneof(fc.constant('2015-03-01'), fc.string({ maxLength: 12 })),
    salesCount: fc.oneof(fc.integer(), fc.double(), fc.string()),
    photos: fc.oneof(fc.array(json, { maxLength: 3 }), json),
    seoMeta: json,
    hompageUrl: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
  },
  { requiredKeys: [] },
)

function unpolluted() {
  const probe = {} as Record<string, unknown>
  expect(probe.polluted).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('polluted')
  expect(Object.prototype.toString).toBe(Object.prototype.toString)
}

describe('schemas under random input', () => {
  const schemas = {
    create: schema.realtorCreateSchema,
    patch: schema.realtorPatchSchema,
    import: schema.realtorImportSchema,
    photo: schema.photoSchema,
    region: schema.activityRegionSchema,
    etcInfo: schema.etcInfoSchema,
    desiredUrl: schema.desiredUrlSchema,
    email: schema.emailSchema,
    url: schema.urlSchema,
    video: schema.videoUrlSchema,
    careerDate: schema.careerDateSchema,
    yesNo: schema.yesNoSchema,
    hexColor: schema.hexColorSchema,
    phoneUS: schema.phoneSchema('US'),
    phoneKR: schema.phoneSchema('KR'),
  }
  for (const [name, zod] of Object.entries(schemas)) {
    it(`${name}: parses or explains, in ko and en, and never throws`, () => {
      fc.assert(
        fc.property(fc.oneof(json, realtorish), (value) => {
          const result = zod.safeParse(value)
          if (!result.success) {
            for (const locale of ['ko', 'en'] as const) {
              for (const field of localizeIssues(result.error.issues, locale))
                expect(field.message.length).toBeGreaterThan(0)
            }
          }
          unpolluted()
        }),
        { numRuns: runs },
      )
    })
  }
})

describe('import files of random JSON', () => {
  it(
    'are refused or accepted whole: never a 5xx, never a polluted prototype',
    async () => {
      const login = await call('/v1/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'janekim@realtor.local', password: 'demo-realtor-2026' }),
        headers: { 'content-type': 'application/json' },
      })
      const { token } = (await login.json()) as { token: string }
      const me = (await (await call('/v1/realtor/janekim')).json()) as { id: number }
      await fc.assert(
        fc.asyncProperty(fc.oneof(json, realtorish), async (value) => {
          const text = JSON.stringify(value).replace(/"polluted"/g, '"__proto__"')
          const form = new FormData()
          form.set('file', new File([text], 'import.json', { type: 'application/json' }))
          form.set('realtorId', String(me.id))
          const response = await call(`/v1/realtor/import/${me.id}`, {
            method: 'POST',
            body: form,
            headers: { authorization: `Bearer ${token}` },
          })
          expect(response.status).toBeLessThan(500)
          await response.arrayBuffer()
          unpolluted()
        }),
        { numRuns: runs },
      )
      // The profile is still a valid realtor afterwards.
      const after = await call('/v1/realtor/janekim')
      expect([200, 404]).toContain(after.status)
      // Each case is a request through the API: ~2 ms here, 10,000 of them in `npm run fuzz`.
    },
    10_000 + runs * 10,
  )
})

/** `depth` arrays inside each other. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
/** Jane's id in the fixtures, and her token, signed in once. */
const JANE_ID = 2
let token: string | undefined
const janeToken = async () => {
  token ??= await login(JANE)
  return token
}

describe('deep and wide bodies (property)', () => {
  it('no JSON endpoint answers 5xx to any depth or width', async () => {
    const shape = fc.record({
      depth: fc.integer({ min: 0, max: 5000 }),
      width: fc.integer({ min: 0, max: 2000 }),
      kind: fc.constantFrom('array', 'object'),
      // Not sign-in: its budget is shared by every local request (docs/decisions/026-sign-in-throttling.md).
      // Each JSON endpoint with its method; the builder's own (settings, preview, delete) included.
      target: fc.constantFrom(
        ['POST', '/v1/realtor-contacts'],
        ['POST', '/api/send-to-slack'],
        ['PATCH', '/v1/realtor/{id}'],
        ['DELETE', '/v1/realtor/{id}'],
        ['POST', '/v1/realtor/{id}/restore'],
        ['POST', '/v1/accounts'],
        ['PATCH', '/v1/accounts/me'],
        ['POST', '/janekim/admin/preview'],
        ['PUT', '/v1/realtors/{id}/domain'],
        ['POST', '/v1/domains/janekim.example/advance'],
      ),
    })
    await fc.assert(
      fc.asyncProperty(shape, async ({ depth, width, kind, target: [method, path] }) => {
        const inner = kind === 'array' ? nested(depth) : deepObject(depth)
        const body = `{"wide":[${Array.from({ length: width }, () => '0').join(',')}],"deep":${inner}}`
        const response = await api(path.replace('{id}', String(JANE_ID)), {
          method,
          token: await janeToken(),
          // From the site's own page: another origin's would be refused before the body is read (decision 085).
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body,
        })
        await response.arrayBuffer()
        expect(response.status).toBeLessThan(500)
      }),
      { numRuns: runs },
    )
  }, 60_000)
})

describe('custom domains under random hostnames (property)', () => {
  it('answers 200 or a 400 on hostname, never 5xx, and never lets a provider host through', async () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/)
    const hostname = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.tuple(label, label).map(([a, b]) => `${a}.${b}`),
      fc
        .tuple(label, fc.constantFrom('realtor.example.com', 'localhost', '127.0.0.1', 'com', 'example'))
        .map(([a, b]) => `https://${a}.${b}/x`),
    )
    await fc.assert(
      fc.asyncProperty(hostname, async (typed) => {
        const response = await api(`/v1/realtors/${JANE_ID}/domain`, {
          method: 'PUT',
          token: await janeToken(),
          json: { hostname: typed },
        })
        expect([200, 400]).toContain(response.status)
        if (response.status === 200) {
          const { domain } = (await response.json()) as { domain: { hostname: string } }
          expect(domain.hostname).not.toMatch(/(^|\.)realtor\.example\.com$|^localhost$|^[\d.]+$/)
        } else {
          expect((await errorOf(response)).fields?.[0]?.path).toBe('hostname')
        }
      }),
      { numRuns: runs },
    )
  }, 60_000)
})
