// Edits show everywhere within seconds (docs/decisions/076-cost-flat-caching.md): the built worker runs as
// two workers in one Miniflare — two isolates, each with its own page and data caches — sharing one
// TagGenerations Durable Object (the tag log) and one D1. An edit through worker A's API must show on
// worker B within FRESHNESS_INTERVAL_MS (B asks the log at most that often) and a round trip. A third
// worker, whose object hangs and throws, must keep serving pages, and — its log unreadable, its caches
// emptied at each check — show an edit made elsewhere within the same interval and the call's timeout.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { localVars, logFile, root, run, runLogged, WRANGLER_ENV } from '../../scripts/lib.mjs'
import { bundleWorkerOptions, persistRoot } from '../../scripts/local-platform.mjs'

const ORIGIN = 'http://127.0.0.1:8787'
const ADMIN = { email: 'admin@two-isolates.test', password: 'two-isolates-admin-password' }
// Local mode comes from .dev.vars, which these workers do not read: the example's values as bindings.
const LOCAL = {
  ...localVars(),
  SESSION_SECRET: 'two-isolates-session-secret-long-enough-for-tests',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  PUBLIC_ORIGIN: ORIGIN,
}
/** src/lib/cache.ts's FRESHNESS_INTERVAL_MS: how often an isolate asks the tag log, at most. */
const FRESHNESS_INTERVAL_MS = 2_000
/** src/lib/generations/store.ts's GENERATION_TIMEOUT_MS: how long a call to the object may take. */
const GENERATION_TIMEOUT_MS = 500
/** A round trip to the object and a render, with room for a loaded machine. */
const ROUND_TRIP_MS = 1_000
/** A stand-in for the object that never answers a read and refuses every bump. */
const BROKEN_OBJECT = `import { DurableObject } from 'cloudflare:workers'
export class TagGenerations extends DurableObject {
  since() { return new Promise(() => {}) }
  bump() { throw new Error('the object is down') }
}
export default { fetch: () => new Response('broken object') }`

// Under the project (workerd resolves the bundle's modules from it and refuses paths out of it).
mkdirSync(path.join(root, '.tmp'), { recursive: true })
const tmp = mkdtempSync(path.join(root, '.tmp', 'generations-'))
let mf
const workers = {}

/** A request to one of the workers, as a visitor (Korean) or with the admin's token. */
async function request(name, pathname, { token, json, method = json ? 'PATCH' : 'GET', headers = {} } = {}) {
  const all = { 'accept-language': 'ko-KR,ko;q=0.9', ...headers }
  if (token) all.authorization = `Bearer ${token}`
  if (json) all['content-type'] = 'application/json'
  const response = await workers[name].fetch(`${ORIGIN}${pathname}`, {
    method,
    headers: all,
    body: json ? JSON.stringify(json) : undefined,
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const seo = (title) => ({
  ko: { title, description: 'd', keywords: 'k', author: 'a' },
  en: { title, description: 'd', keywords: 'k', author: 'a' },
})

/** Polls until `check` passes, or fails after `ms`; returns how long it took. */
async function within(ms, check) {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    if (Date.now() - started > ms) return null
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let token
let realtor
/** What the workers logged (workerd's structured logs), in order. */
const logs = []

before(async () => {
  run(process.execPath, ['scripts/build-client.mjs'])
  // wrangler's tables go to a log file (printed if it fails): the test's output is the test's.
  const log = logFile('node-tests')
  const wranglerLogged = (args) =>
    runLogged(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      env: { ...WRANGLER_ENV, CI: 'true' },
      log,
    })
  // The top-level environment (`--env=`), which the local workers below are.
  wranglerLogged(['deploy', '--dry-run', '--env=', '--outdir', path.join(tmp, 'dist')])
  const state = path.join(tmp, 'state')
  wranglerLogged(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state])

  const { worker: options, assets } = bundleWorkerOptions()
  const worker = (name, objectScript) => ({
    ...options,
    name,
    modules: true,
    scriptPath: path.join(tmp, 'dist/worker.js'),
    // The static assets, as production serves them: builder APIs read their texts through the ASSETS
    // binding (docs/decisions/094-bundle-headroom.md).
    assets,
    bindings: { ...options.bindings, ...LOCAL },
    // Worker A defines the object; the others bind A's (or the broken one's) by script name.
    durableObjects: objectScript
      ? { TAG_GENERATIONS: { className: 'TagGenerations', scriptName: objectScript, useSQLite: true } }
      : options.durableObjects,
  })
  mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        worker('a'),
        worker('b', 'a'),
        worker('faulty', 'broken'),
        {
          name: 'broken',
          modules: true,
          script: BROKEN_OBJECT,
          compatibilityDate: options.compatibilityDate,
          // Miniflare 5 defines a Durable Object class only where a binding of the script itself names it.
          durableObjects: { TAG_GENERATIONS: { className: 'TagGenerations', useSQLite: true } },
        },
      ],
      // The migrated D1 of wrangler's state, and beside it this run's R2 and Durable Objects (the
      // state directory is this run's own).
      resourcePersistencePath: persistRoot(state),
      // The workers' own logs are kept for the tests to read: the faulty worker's are failures made on purpose.
      handleStructuredLogs: ({ level, message }) => logs.push({ level, message }),
    }),
  )
  await mf.ready
  for (const name of ['a', 'b', 'faulty']) workers[name] = await mf.getWorker(name)

  // An admin, and a published realtor made through worker A's API.
  const login = await request('a', '/v1/auth/login', { method: 'POST', json: ADMIN })
  assert.equal(login.status, 200, login.text)
  token = JSON.parse(login.text).token
  const created = await request('a', '/v1/realtor', {
    method: 'POST',
    token,
    json: { desiredUrl: 'two-isolates' },
  })
  assert.equal(created.status, 201, created.text)
  realtor = JSON.parse(created.text)
  const published = await request('a', `/v1/realtor/${realtor.id}`, {
    token,
    // What publishing needs (decision 101; test/fixtures/publishable.ts): the license and the brokerage's name.
    json: {
      isMakeHomepage: 'Y',
      licenseNumber: '02199876',
      etcInfo: [{ contentType: 'company_name', content: 'Irvine Pacific Realty' }],
      seoMeta: seo('Version one'),
    },
  })
  assert.equal(published.status, 200, published.text)
})

after(async () => {
  await mf?.dispose()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the tag log across isolates', () => {
  it(`shows an edit made through worker A on worker B within ${FRESHNESS_INTERVAL_MS} ms and a round trip`, async () => {
    const budget = FRESHNESS_INTERVAL_MS + ROUND_TRIP_MS
    // Worker B keeps the page and the API answer in its own caches (its first answer from the log, which
    // empties them, comes with its first request).
    const warm = await within(budget, async () => {
      const page = await request('b', '/two-isolates')
      return page.status === 200 && page.text.includes('Version one') && page.headers.get('x-page-cache') === 'hit'
    })
    assert.notEqual(warm, null, 'worker B never served the page from its cache')
    const api = await request('b', `/v1/realtor/${realtor.id}`)
    const etag = api.headers.get('etag')
    assert.ok(etag)
    assert.equal((await request('b', `/v1/realtor/${realtor.id}`, { headers: { 'if-none-match': etag } })).status, 304)

    const edit = await request('a', `/v1/realtor/${realtor.id}`, { token, json: { seoMeta: seo('Version two') } })
    assert.equal(edit.status, 200, edit.text)
    const edited = Date.now()

    const page = await within(budget, async () => (await request('b', '/two-isolates')).text.includes('Version two'))
    assert.notEqual(page, null, `worker B still showed the old page ${budget} ms after the edit`)
    const read = await within(budget - (Date.now() - edited), async () => {
      const answer = await request('b', `/v1/realtor/${realtor.id}`, { headers: { 'if-none-match': etag } })
      return answer.status === 200 && answer.text.includes('Version two') && answer.headers.get('etag') !== etag
    })
    assert.notEqual(read, null, `worker B's API still answered the old profile ${budget} ms after the edit`)
    console.log(`  worker B showed the edit after ${Date.now() - edited} ms`)
  })

  it('keeps serving pages when the object hangs and throws: never a 5xx, and an edit elsewhere still shows', async () => {
    const statuses = new Set()
    const get = async (pathname) => {
      const response = await request('faulty', pathname)
      statuses.add(response.status)
      return response
    }
    assert.equal((await get('/two-isolates')).status, 200)
    assert.equal((await get(`/v1/realtor/${realtor.id}`)).status, 200)
    // A write through the faulty worker: its bump to the object fails (kept for its next call), its own
    // caches take it at once.
    const edit = await request('faulty', `/v1/realtor/${realtor.id}`, {
      token,
      json: { seoMeta: seo('Version three') },
    })
    assert.equal(edit.status, 200, edit.text)
    assert.ok(
      logs.some(({ message }) => message.includes('the tag log did not take a bump')),
      'the failed bump is logged',
    )
    assert.ok((await get('/two-isolates')).text.includes('Version three'))
    // An edit elsewhere: the faulty worker cannot read the log, so each check empties its caches and the
    // page renders from D1 — within an interval and the call's timeout.
    await request('a', `/v1/realtor/${realtor.id}`, { token, json: { seoMeta: seo('Version four') } })
    const budget = FRESHNESS_INTERVAL_MS + GENERATION_TIMEOUT_MS + ROUND_TRIP_MS
    const seen = await within(budget, async () => (await get('/two-isolates')).text.includes('Version four'))
    assert.notEqual(seen, null, `the faulty worker still showed the old page ${budget} ms after the edit`)
    assert.ok(
      logs.some(({ message }) => message.includes('the tag log could not be read; the isolate caches were emptied')),
      'the unreadable log is logged',
    )
    for (let index = 0; index < 20; index++) await get(index % 2 ? '/two-isolates' : `/v1/realtor/${realtor.id}`)
    assert.deepEqual([...statuses], [200])
  })
})
