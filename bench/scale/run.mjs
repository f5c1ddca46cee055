// `npm run bench:scale`: the platform at 1,000 realtors / 100,000 homes and 10,000 / 1,000,000, in one
// run (docs/decisions/056-scale-bench.md). Per size: seed (or reuse) its local state, start the production
// bundle on it, drive each target with Zipf traffic, then a mixed load of every target for the memory
// figures; then the growth table, small vs large, judged by the issue's ratio budgets. Writes
// bench/results/scale.{json,md}; exits non-zero when a budget is missed.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { root, useProjectNode } from '../../scripts/lib.mjs'
import { helpRequested } from '../help.mjs'
import { SIZES } from './data.mjs'
import { drive } from './drive.mjs'
import { formatScale, judge, SCALE_HELP } from './report.mjs'
import { ensureSeeded, stateDir } from './seed.mjs'
import { mixedOf, targetsOf } from './traffic.mjs'
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
    reseed: { type: 'boolean', default: process.env.SCALE_RESEED === '1' },
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
const PORT = Number(process.env.SCALE_PORT ?? 8901)
const INSPECTOR_PORT = PORT + 4

buildBundle()
const runs = {}
/**
 * Starts the worker on a size's state, signs in as the demo admin (the console search's token) and reads the
 * provider sitemap's index (the files a crawler reads after it).
 */
async function started(size) {
  const worker = await startWorker({ port: PORT, inspectorPort: INSPECTOR_PORT, stateDir: stateDir(size) })
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
  let { worker, token, files } = await started(size)
  const rows = []
  /** A target's warm-up (a third of the run: the figures are the steady state) and measured run. */
  async function measure(target) {
    try {
      const seen = new Set()
      await drive(worker, target, { seconds: Math.max(1, Math.round(seconds / 3)), connections, seen })
      const result = await drive(worker, target, { seconds, connections, seen })
      rows.push({ name: target.name, kind: target.kind, ...result, rssAfter: residentMemory(worker.pids).rss })
      console.log(`  ${size}: measured ${target.name} (${Math.round(result.rps)} req/s)`)
    } catch (error) {
      // workerd went away under this target: a missed budget (errors), and a fresh worker for the rest.
      console.error(`  ✗ ${size}: ${target.name}: ${error.cause?.message ?? error.message} (workerd restarted)`)
      rows.push({ name: target.name, kind: target.kind, failed: true, errors: 1, statuses: {}, rssAfter: null })
      await worker.dispose().catch(() => {})
      ;({ worker, token, files } = await started(size))
    }
  }
  try {
    const memory = { start: residentMemory(worker.pids), startHeaps: await isolateHeaps(INSPECTOR_PORT) }
    const targets = targetsOf(size, token, files).filter((t) => !values.only || t.name.includes(values.only))
    // The walks of every realtor (provider sitemap, console search) run last, after the memory figure.
    for (const target of targets.filter((t) => t.weight > 0)) await measure(target)
    // The memory figure: requests of every target mixed by weight — `amount` at 10,000 realtors, as many per
    // realtor at other sizes — then each isolate's heap (a collection first) and ten idle seconds.
    const mixedAmount = Math.round((amount * SIZES[size].realtors) / SIZES.large.realtors)
    memory.beforeMixed = residentMemory(worker.pids)
    const mixed = await drive(worker, mixedOf(targetsOf(size, token, files)), { amount: mixedAmount, connections })
    memory.afterMixed = residentMemory(worker.pids)
    memory.afterMixedHeaps = await isolateHeaps(INSPECTOR_PORT)
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    memory.idle = residentMemory(worker.pids)
    console.log(`  ${size}: mixed load of ${mixed.requests} requests (${Math.round(mixed.rps)} req/s)`)
    for (const target of targets.filter((t) => t.weight === 0)) await measure(target)
    runs[size] = { ...SIZES[size], seedSeconds: seed.seconds, reused: seed.reused, rows, mixed, memory }
    // Each size's figures are kept as soon as they exist.
    await mkdir(path.join(root, 'bench/results'), { recursive: true })
    await writeFile(path.join(root, 'bench/results/scale.json'), JSON.stringify({ partial: true, runs }, null, 2))
  } finally {
    await worker.dispose()
  }
}

const budgets = judge(runs)
const report = formatScale({ runs, budgets, seconds, amount, connections })
console.log(report)
await mkdir(path.join(root, 'bench/results'), { recursive: true })
await writeFile(
  path.join(root, 'bench/results/scale.json'),
  JSON.stringify({ date: new Date().toISOString(), runs, budgets }, null, 2),
)
await writeFile(path.join(root, 'bench/results/scale.md'), report)
const missed = budgets.filter((budget) => !budget.ok)
if (missed.length) {
  console.error(
    `✗ ${missed.length} budget(s) missed:\n${missed.map((b) => `  - ${b.name}: ${b.value} (${b.limit})`).join('\n')}`,
  )
  process.exit(1)
}
console.log('✓ every scale budget met')
