// The zod the deployed worker bundles (scripts/worker-zod.mjs, docs/decisions/094-bundle-headroom.md):
// zod without JSON Schema conversion parses, checks and reports exactly as zod does; only the conversion
// is gone, and says so when asked for. Vitest runs the real package, so this is where the copy is tested.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { pathToFileURL } from 'node:url'
import * as real from 'zod'
import { root, run } from '../../scripts/lib.mjs'

const generated = path.join(root, 'src/generated/zod/index.js')
let worker

before(async () => {
  if (!existsSync(generated)) run(process.execPath, ['scripts/build-client.mjs'])
  worker = await import(pathToFileURL(generated).href)
})

/** The same schema made by either zod: strings with checks, numbers, enums, an object, a coercion. */
const schemaOf = (z) =>
  z.strictObject({
    name: z.string().trim().min(2).max(5),
    email: z.email().optional(),
    years: z.coerce.number().int().min(0).max(80),
    kind: z.enum(['sale', 'rent']),
    tags: z.array(z.string().max(3)).max(2).catch([]),
  })

const INPUTS = [
  { name: '  Jane ', years: '12', kind: 'sale', tags: ['a'] },
  { name: 'J', email: 'not-mail', years: 'x', kind: 'buy', tags: 'no' },
  { name: 'Janet Kim', years: 200, kind: 'rent', extra: 1 },
  null,
]

describe('the worker zod', () => {
  it('is zod itself, but for the two modules of the conversion', () => {
    assert.equal(worker.config, worker.z.config)
    const pkg = JSON.parse(readFileSync(path.join(root, 'node_modules/zod/package.json'), 'utf8'))
    const copy = JSON.parse(readFileSync(path.join(root, 'src/generated/zod/package.json'), 'utf8'))
    assert.equal(copy.version, pkg.version, 'src/generated/zod is stale: run npm run build')
  })

  it('parses, checks and reports errors as zod does', () => {
    for (const input of INPUTS) {
      const expected = schemaOf(real).safeParse(input)
      const actual = schemaOf(worker).safeParse(input)
      assert.equal(actual.success, expected.success)
      assert.deepEqual(actual.data, expected.data)
      assert.deepEqual(actual.error?.issues, expected.error?.issues)
    }
  })

  it("validates through the Standard Schema interface (@hono/zod-validator's way)", async () => {
    for (const input of INPUTS) {
      const expected = await schemaOf(real)['~standard'].validate(input)
      const actual = await schemaOf(worker)['~standard'].validate(input)
      assert.deepEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)))
    }
  })

  it("keeps the checks' getters (minLength, maxLength, maxValue, isInt) that read zod's aggregation", () => {
    const text = (z) => z.string().min(2).max(40)
    const count = (z) => z.number().int().max(9)
    assert.deepEqual([text(worker).minLength, text(worker).maxLength], [text(real).minLength, text(real).maxLength])
    assert.deepEqual([text(worker).maxLength, count(worker).maxValue, count(worker).isInt], [40, 9, true])
  })

  it('has no JSON Schema conversion, and says so when one is asked for', () => {
    assert.ok(real.toJSONSchema(real.string()), 'zod itself converts')
    const schema = worker.string()
    assert.throws(() => worker.toJSONSchema(schema), /JSON Schema conversion is not in the worker bundle/)
    assert.throws(() => schema.toJSONSchema(), /JSON Schema conversion is not in the worker bundle/)
    assert.throws(() => schema['~standard'].jsonSchema.input(), /JSON Schema conversion is not in the worker bundle/)
  })
})
