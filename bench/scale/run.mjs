// `npm run bench:scale`: the platform at 1,000 realtors / 100,000 homes and 10,000 / 1,000,000, in one
// run (docs/decisions/056-scale-bench.md, 075-honest-scale-bench.md). Per size: seed (or reuse) its local
// state, start the production bundle on it (one isolate, or `--isolates N` behind a front door, with the
// bench's Workers Cache in front of the page entrypoint), measure each request state alone in interleaved
// rounds, drive each target with Zipf traffic to steady state (at least the pages' lifetime), then a mixed
// load of every target for the memory figures; then the budgets: growth small → large per request state,
// hit rates against what the repeats allow, Durable Object calls and D1 rows written per homepage view.
// Writes bench/results/scale.{json,md} (scale-isolates-N.* with --isolates); exits non-zero when a budget
// is missed.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { root, useProjectNode } from '../../scripts/lib.mjs'
import { helpRequested } from '../help.mjs'
import { formatAlerts, judgeAlerts, measureAlertMatching } from './alerts.mjs'
import { SIZES } from './data.mjs'
import { drive } from './drive.mjs'
import { formatScale, judge, SCALE_HELP } from './report.mjs'
import { ensureSeeded, stateDir } from './seed.mjs'
import { mixedOf, targetsOf, viewProofsOf } from './traffic.mjs'
import { buildBundle, isolateHeaps, residentMemory, startWorker } from './worker.mjs'

await useProjectNode()
helpRequested(SCALE_HELP)
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: process.env.SCALE_SIZE ?? 'both' },
    duration: { type: 'string', default: process.env.SCALE_DURATION ?? '6' },
    requests: { type: 'string', default: process.env.SCALE_REQUESTS ?? '100000' },
    connections: { type: 'string', default: process.env.SCALE_CONNECTIONS ?? '16' },
    only: { type: 'string', default: process.env.SCALE_ONLY ?? '' },
    isolates: { type: 'string', default: process.env.SCALE_ISOLATES ?? '1' },
    lifetime: { type: 'string', default: process.env.SCALE_LIFETIME ?? '20' },
    rounds: { type: 'string', default: process.env.SCALE_ROUNDS ?? '3' },
    reseed: { type: 'boolean', default: process.env.SCALE_RESEED === '1' },
    // Only the alert matching (issue 32): seed, then the matcher's figures, no worker or traffic.
    'alerts-only': { type: 'boolean', default: process.env.SCALE_ALERTS_ONLY === '1' },
  },
})
const sizes = values.size === 'both' ? ['small', 'large'] : [values.size]
if (!sizes.every((size) => SIZES[size])) {
  console.error(`✗ --size is small, large or both, not ${values.size}`)
  process.exit(2)
}
const seconds = Number(values.duration)
const amount = Number(values.requests)
const connections = Number(values.connections)
const isolates = Number(values.isolates)
const lifetime = Number(values.lifetime)
const rounds = Number(values.rounds)
if (!(isolates >= 1 && isolates <= 32) || !(lifetime >= 5) || !(rounds >= 1)) {
  console.error('✗ --isolates is 1 to 32, --lifetime at least 5 (seconds), --rounds at least 1')
  process.exit(2)
}
/** Where the figures go: the default run's file, or the multi-isolate run's own. */
const results = values['alerts-only'] ? 'scale-alerts' : isolates === 1 ? 'scale' : `scale-isolates-${isolates}`
const PORT = Number(process.env.SCALE_PORT ?? 8901)
const INSPECTOR_PORT = PORT + 4

buildBundle()
const runs = {}
/**
 * Starts the worker on a size's state, signs in as the demo admin (the console search's token) and reads the
 * provider sitemap's index (the files a crawler reads after it).
 */
async function started(size) {
  const worker = await startWorker({
    port: PORT,
    inspectorPort: INSPECTOR_PORT,
    stateDir: stateDir(size),
    isolates,
    // The pages' lifetime (s-maxage): short, so a run reaches the steady state it would in production.
    vars: { PAGE_CACHE_SECONDS: String(lifetime) },
  })
  const login = await fetch(`${worker.origin}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@realtor.local', password: 'realtor-admin-2026' }),
  })
  const { token } = await login.json()
  if (!token) throw new Error(`the admin sign-in answered ${login.status}`)
  const index = await (await fetch(`${worker.origin}/sitemap.xml`)).text()
  const files = index.includes('<sitemapindex')
    ? [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
        const url = new URL(loc)
        return `${url.pathname}${url.search}`
      })
    : []
  return { worker, token, files }
}

for (const size of sizes) {
  const seed = await ensureSeeded(size, { force: values.reseed })
  if (values['alerts-only']) {
    runs[size] = { ...SIZES[size], seedSeconds: seed.seconds, reused: seed.reused, alertsOnly: true }
    runs[size].alerts = await measureAlertMatching(stateDir(size), SIZES[size])
    console.log(`  ${size}: alert matching ${runs[size].alerts.batchMs} ms a batch of ${runs[size].alerts.batchSize}`)
    continue
  }
  let { worker, token, files } = await started(size)
  const rows = []
  /**
   * A target's warm-up and measured run. A Zipf page row runs to steady state: warmed up for half the pages'
   * lifetime, measured for at least the lifetime; other rows warm up a third of the run. `round` numbers the
   * interleaved rounds of the request states (each round its own row; the report takes their median).
   */
  async function measure(target, round = null) {
    try {
      const steady = target.zipf
      // What the warm-up sent, over all isolates and per isolate: the measured run's repeats count it.
      const seen = new Map()
      const seenByIsolate = new Map()
      const lifetimeMs = lifetime * 1000
      if (round === null || round === 1) {
        const warm = steady ? Math.ceil(lifetime / 2) : Math.max(1, Math.round(seconds / 3))
        await drive(worker, target, { seconds: warm, connections, seen, seenByIsolate, lifetimeMs })
      }
      const result = await drive(worker, target, {
        seconds: steady ? Math.max(seconds, lifetime) : seconds,
        connections,
        seen,
        seenByIsolate,
        lifetimeMs,
      })
      rows.push({
        name: target.name,
        kind: target.kind,
        zipf: Boolean(target.zipf),
        round,
        ...result,
        rssAfter: residentMemory(worker.pids).rss,
      })
      console.log(
        `  ${size}: measured ${target.name}${round ? ` (round ${round})` : ''} (${Math.round(result.rps)} req/s)`,
      )
    } catch (error) {
      // workerd went away under this target: a missed budget (errors), and a fresh worker for the rest.
      console.error(`  ✗ ${size}: ${target.name}: ${error.cause?.message ?? error.message} (workerd restarted)`)
      rows.push({ name: target.name, kind: target.kind, round, failed: true, errors: 1, statuses: {}, rssAfter: null })
      await worker.dispose().catch(() => {})
      ;({ worker, token, files } = await started(size))
    }
  }
  try {
    const memory = {
      start: residentMemory(worker.pids),
      startHeaps: await isolateHeaps(INSPECTOR_PORT, worker.names[0]),
    }
    // The proofs the homepages carry (decision 077), for the view beacon's body, as a browser sends it.
    const proofs = await viewProofsOf(size, worker.origin)
    const targets = targetsOf(size, token, files, worker.origin, proofs).filter(
      (t) => !values.only || t.name.includes(values.only),
    )
    // The request states first (the first requests must find realtors this isolate has not shown), in
    // interleaved rounds: a load that comes and goes on the host falls on every state alike.
    const states = targets.filter((t) => t.kind === 'state' || t.rounds)
    for (let round = 1; round <= rounds && states.length; round++)
      for (const target of states) await measure(target, round)
    // The walks of every realtor (provider sitemap, console search) run last, after the memory figure.
    for (const target of targets.filter((t) => t.weight > 0 || t.kind === 'view')) await measure(target)
    // The memory figure: requests of every target mixed by weight — `amount` at 10,000 realtors, as many per
    // realtor at other sizes — then each isolate's heap (a collection first) and ten idle seconds.
    const mixedAmount = Math.round((amount * SIZES[size].realtors) / SIZES.large.realtors)
    memory.beforeMixed = residentMemory(worker.pids)
    const mixed = await drive(worker, mixedOf(targetsOf(size, token, files, worker.origin, proofs)), {
      amount: mixedAmount,
      connections,
    })
    memory.afterMixed = residentMemory(worker.pids)
    memory.afterMixedHeaps = await isolateHeaps(INSPECTOR_PORT, worker.names[0])
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    memory.idle = residentMemory(worker.pids)
    console.log(`  ${size}: mixed load of ${mixed.requests} requests (${Math.round(mixed.rps)} req/s)`)
    for (const target of targets.filter((t) => t.weight === 0 && t.kind !== 'state' && t.kind !== 'view' && !t.rounds))
      await measure(target)
    runs[size] = { ...SIZES[size], seedSeconds: seed.seconds, reused: seed.reused, rows, mixed, memory }
    // Each size's figures are kept as soon as they exist.
    await mkdir(path.join(root, 'bench/results'), { recursive: true })
    await writeFile(path.join(root, `bench/results/${results}.json`), JSON.stringify({ partial: true, runs }, null, 2))
  } finally {
    await worker.dispose()
  }
  // Alert matching on the same state, once the worker has let go of it (issue 32, decision 108).
  if (runs[size]) runs[size].alerts = await measureAlertMatching(stateDir(size), SIZES[size])
}

const served = Object.fromEntries(Object.entries(runs).filter(([, run]) => !run.alertsOnly))
const budgets = [...judge(served), ...judgeAlerts(runs)]
const report =
  (Object.keys(served).length
    ? formatScale({ runs: served, budgets, seconds, amount, connections, isolates, lifetime, rounds })
    : `# Scale (alert matching only)\n\n${budgets.map((b) => `- ${b.ok ? '✓' : '✗'} ${b.name}: ${b.value} (${b.limit})`).join('\n')}\n`) +
  formatAlerts(runs)
console.log(report)
await mkdir(path.join(root, 'bench/results'), { recursive: true })
await writeFile(
  path.join(root, `bench/results/${results}.json`),
  JSON.stringify({ date: new Date().toISOString(), isolates, lifetime, rounds, runs, budgets }, null, 2),
)
await writeFile(path.join(root, `bench/results/${results}.md`), report)
const missed = budgets.filter((budget) => !budget.ok)
if (missed.length) {
  console.error(
    `✗ ${missed.length} budget(s) missed:\n${missed.map((b) => `  - ${b.name}: ${b.value} (${b.limit})`).join('\n')}`,
  )
  process.exit(1)
}
console.log('✓ every scale budget met')
