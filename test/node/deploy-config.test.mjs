// What `wrangler deploy` would ship (docs/decisions/052): a dry run of the top level (a bare
// `wrangler deploy`, the staging worker) and of `npm run deploy`'s command (`--env production`), each
// checked for every local default of .dev.vars.example — in the bundle, in the bindings and vars
// wrangler prints, and in the configuration it resolves — and for a minified bundle within the
// bench's 300 KB gzip budget. Also: [env.production] repeats every binding of the top level, since
// wrangler environments inherit none, with a database, bucket and namespaces of its own (staging's are
// never production's). Run with `node --test 'test/node/*.test.mjs'` (a step of `npm test`).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import { unstable_readConfig } from 'wrangler'
import { DEPLOY_ARGS, localVars, root, run, WRANGLER_ENV } from '../../scripts/lib.mjs'

const GZIP_BUDGET = 300 * 1024
const LOCAL = localVars()
/** The values that must never leave a developer's machine. */
const LOCAL_SECRETS = [
  LOCAL.SESSION_SECRET,
  LOCAL.ADMIN_EMAIL,
  LOCAL.ADMIN_PASSWORD,
  LOCAL.VAPID_PRIVATE_KEY,
  'demo-realtor-2026',
]
const TARGETS = [
  { name: 'the top level (bare wrangler deploy)', args: ['deploy', '--env', ''], env: undefined },
  { name: "npm run deploy's environment", args: DEPLOY_ARGS, env: 'production' },
]

const outdir = mkdtempSync(path.join(tmpdir(), 'deploy-config-'))
after(() => rmSync(outdir, { recursive: true, force: true }))

before(() => {
  // The worker imports the client's manifest and bundles the build's zod: build them when this runs on its own.
  if (['src/generated/assets.ts', 'src/generated/zod/index.js'].some((file) => !existsSync(path.join(root, file))))
    run(process.execPath, ['scripts/build-client.mjs'])
})

/** `wrangler … --dry-run --outdir`: what it prints and the bundle it wrote. */
function dryRun(target, index) {
  const dir = path.join(outdir, String(index))
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...target.args, '--dry-run', '--outdir', dir],
    { cwd: root, encoding: 'utf8', env: { ...process.env, ...WRANGLER_ENV } },
  )
  const printed = `${result.stdout}${result.stderr}`
  assert.equal(result.status, 0, printed)
  return { printed, bundle: readFileSync(path.join(dir, 'worker.js'), 'utf8') }
}

for (const [index, target] of TARGETS.entries()) {
  describe(`wrangler deploy --dry-run: ${target.name}`, () => {
    let printed = ''
    let bundle = ''
    before(() => {
      ;({ printed, bundle } = dryRun(target, index))
    })

    it('ships no local default: not in the bundle, nor in the bindings it prints', () => {
      for (const secret of LOCAL_SECRETS) {
        assert.ok(secret, 'the example lists the local secrets')
        assert.ok(!bundle.includes(secret), `the bundle carries ${secret}`)
        assert.ok(!printed.includes(secret), `wrangler prints ${secret}`)
      }
      assert.doesNotMatch(printed, /env\.(SESSION_SECRET|ADMIN_EMAIL|ADMIN_PASSWORD)\b/)
      assert.doesNotMatch(printed, /env\.ENVIRONMENT \("local"\)/)
      assert.doesNotMatch(printed, /env\.PUBLIC_ORIGIN \("https?:\/\/(localhost|127\.0\.0\.1)/)
    })

    it('resolves production behaviour: not local, a public https origin, no secret among the vars', () => {
      const config = unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env: target.env })
      assert.notEqual(config.vars.ENVIRONMENT, 'local')
      assert.ok(['development', 'production'].includes(String(config.vars.ENVIRONMENT)))
      assert.match(String(config.vars.PUBLIC_ORIGIN), /^https:\/\//)
      assert.doesNotMatch(String(config.vars.PUBLIC_ORIGIN), /localhost|127\.0\.0\.1/)
      for (const name of ['SESSION_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'CF_API_TOKEN'])
        assert.ok(!config.vars[name], `${name} is a secret (wrangler secret put), not a var`)
      for (const value of Object.values(config.vars))
        for (const secret of LOCAL_SECRETS) assert.ok(!String(value).includes(secret))
    })

    it('is minified and within the gzip budget', () => {
      const lines = bundle.split('\n').length
      assert.ok(bundle.length / lines > 1000, `${lines} lines for ${bundle.length} bytes: not minified`)
      const gzip = gzipSync(bundle, { level: 9 }).byteLength
      assert.ok(gzip <= GZIP_BUDGET, `${(gzip / 1024).toFixed(1)} KB gzip over ${GZIP_BUDGET / 1024} KB`)
    })
  })
}

describe('[env.production]', () => {
  /** Every binding and var name, trigger and switch of a resolved configuration. */
  function inventory(config) {
    const names = (list, key = 'binding') => (list ?? []).map((entry) => entry[key]).sort()
    return {
      vars: Object.keys(config.vars).sort(),
      d1: names(config.d1_databases),
      r2: names(config.r2_buckets),
      kv: names(config.kv_namespaces),
      durableObjects: names(config.durable_objects?.bindings, 'name'),
      sendEmail: names(config.send_email, 'name'),
      ratelimits: (config.ratelimits ?? []).map((entry) => `${entry.name} ${JSON.stringify(entry.simple)}`).sort(),
      assets: config.assets?.binding ?? null,
      crons: config.triggers?.crons ?? [],
      observability: config.observability?.enabled ?? false,
      minify: config.minify ?? false,
    }
  }

  it('repeats every binding, var, trigger and setting of the top level (environments inherit none)', () => {
    const file = path.join(root, 'wrangler.toml')
    const top = inventory(unstable_readConfig({ config: file }))
    const production = inventory(unstable_readConfig({ config: file, env: 'production' }))
    assert.deepEqual(production, top)
    assert.equal(top.minify, true, 'wrangler deploy ships the minified bundle the bench measures')
  })

  it("shares none of staging's database, bucket or namespaces: a staging test never writes production data", () => {
    const file = path.join(root, 'wrangler.toml')
    /** Every resource a configuration names, as `kind name` (both a D1 database's name and its id). */
    const resources = (config) => [
      ...(config.d1_databases ?? []).flatMap((db) => [`d1 ${db.database_name}`, `d1 ${db.database_id}`]),
      ...(config.r2_buckets ?? []).map((bucket) => `r2 ${bucket.bucket_name}`),
      ...(config.kv_namespaces ?? []).map((namespace) => `kv ${namespace.id}`),
      ...(config.ratelimits ?? []).map((limiter) => `ratelimit ${limiter.namespace_id}`),
    ]
    const staging = resources(unstable_readConfig({ config: file }))
    const production = resources(unstable_readConfig({ config: file, env: 'production' }))
    assert.deepEqual(
      staging.filter((resource) => production.includes(resource)),
      [],
    )
  })
})
