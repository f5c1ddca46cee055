// `npm run bench`: throughput, latency, CPU and size of the production build, against budgets.
//
// The production build runs in workerd (bench/production.mjs), the worker on its own socket; autocannon
// drives it on loopback, one target at a time, for a bounded time. Budgets are ratios to a static
// ceiling served by the same workerd process (a body as large as the landing page, with the headers a
// page carries), so they hold on a noisy machine. Prints a table, writes bench/results/latest.{json,md},
// and exits non-zero when a budget is missed.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import { root } from '../scripts/lib.mjs'
import { measureClientJs } from './client-js.mjs'
import { cpuMillis, workerdPids } from './cpu.mjs'
import { buildProduction } from './production.mjs'
import { brotliSize, formatTable, gzipSize } from './report.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 8899)
const CEILING_PORT = PORT + 1
const ORIGIN = `http://127.0.0.1:${PORT}`
const CEILING = `http://127.0.0.1:${CEILING_PORT}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 32
const { workerJs, start, startDirect } = await buildProduction('bench')

// The ceiling copies the landing page's size and headers (less those each response sets itself).
let worker = await startDirect({ port: PORT })
const landing = await fetch(`${ORIGIN}/`, { headers: { 'accept-language': 'ko' } })
const landingBytes = (await landing.arrayBuffer()).byteLength
const PER_RESPONSE = new Set(['content-length', 'date', 'x-page-cache'])
const pageHeaders = Object.fromEntries([...landing.headers].filter(([name]) => !PER_RESPONSE.has(name)))
await worker.dispose()
worker = await startDirect({ port: PORT, ceiling: { port: CEILING_PORT, bytes: landingBytes, headers: pageHeaders } })
const pids = workerdPids()

const targets = [
  { name: 'static, page headers (ceiling)', origin: CEILING, path: '/', kind: 'ceiling' },
  { name: 'static, bare (reference)', origin: CEILING, path: '/bare', kind: 'reference' },
  { name: 'landing ko /', path: '/', kind: 'cached' },
  { name: 'landing en /en', path: '/en', kind: 'cached' },
  { name: 'tenant /equityrealty (cached)', path: '/equityrealty', kind: 'cached' },
  { name: 'tenant custom domain (cached)', path: '/', host: 'equityrealty.example', kind: 'cached' },
  { name: 'tenant /equityrealty uncached', path: '/equityrealty?render=fresh', kind: 'uncached' },
  { name: 'GET /v1/realtor/equityrealty', path: '/v1/realtor/equityrealty', kind: 'api' },
  {
    name: 'GET /cozying-api/v1/home/list',
    path: '/cozying-api/v1/home/list?type=sale&state=CA&currentPage=1&homesPerGroup=12',
    kind: 'api',
  },
]

async function load(target) {
  const headers = { 'accept-language': 'ko-KR,ko;q=0.9', ...(target.host ? { host: target.host } : {}) }
  const url = `${target.origin ?? ORIGIN}${target.path}`
  const options = { url, headers, connections: CONNECTIONS }
  await autocannon({ ...options, amount: 500 }) // warm-up, caches filled
  const probe = await fetch(url, { headers, redirect: 'manual' })
  await probe.arrayBuffer()
  const before = cpuMillis(pids)
  const result = await autocannon({ ...options, duration: DURATION })
  const cpu = cpuMillis(pids) - before
  return {
    ...target,
    status: probe.status,
    cache: probe.headers.get('x-page-cache') ?? '',
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: result.requests.total ? cpu / result.requests.total : null,
  }
}

const results = []
for (const target of targets) results.push(await load(target))

await worker.dispose()

// Client JS in a real browser (the whole site, assets included): before any interaction, then with
// every island hydrated.
worker = await start({ port: PORT })
const clientJs = await measureClientJs(ORIGIN, ['/', '/en', '/equityrealty'])
await worker.dispose()

// Budgets (issue 7).
const ceiling = results[0].rps
const budgets = []
const check = (name, value, limit, ok, unit = '') => budgets.push({ name, value, limit, unit, ok })
for (const result of results) {
  result.ratio = result.rps / ceiling
  if (result.errors) check(`${result.name}: errors`, result.errors, 0, false)
  if (result.kind === 'cached') {
    check(`${result.name}: throughput ratio`, result.ratio.toFixed(2), '≥ 0.90', result.ratio >= 0.9)
    check(`${result.name}: p99`, result.p99, '≤ 50', result.p99 <= 50, ' ms')
  }
  if (result.kind === 'uncached') {
    check(`${result.name}: throughput ratio`, result.ratio.toFixed(2), '≥ 0.14', result.ratio >= 0.14)
    if (result.cpuPerRequest !== null)
      check(`${result.name}: CPU per render`, result.cpuPerRequest.toFixed(2), '≤ 2', result.cpuPerRequest <= 2, ' ms')
  }
}
for (const page of clientJs) {
  check(
    `${page.path}: JS before interaction (gzip)`,
    kb(page.initial.gzip),
    '≤ 15',
    page.initial.gzip <= 15 * 1024,
    ' KB',
  )
  check(`${page.path}: JS all islands (gzip)`, kb(page.hydrated.gzip), '≤ 100', page.hydrated.gzip <= 100 * 1024, ' KB')
}
const bundle = { raw: workerJs.byteLength, gzip: gzipSize(workerJs), brotli: brotliSize(workerJs) }
check('worker bundle (gzip)', kb(bundle.gzip), '≤ 300', bundle.gzip <= 300 * 1024, ' KB')

function kb(bytes) {
  return (bytes / 1024).toFixed(1)
}

const report = formatTable({
  results,
  clientJs,
  worker: bundle,
  budgets,
  landingBytes,
  connections: CONNECTIONS,
  duration: DURATION,
})
console.log(report)
await mkdir(path.join(root, 'bench/results'), { recursive: true })
await writeFile(
  path.join(root, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), results, clientJs, worker: bundle, budgets }, null, 2),
)
await writeFile(path.join(root, 'bench/results/latest.md'), report)
const missed = budgets.filter((budget) => !budget.ok)
if (missed.length) {
  console.error(`✗ ${missed.length} budget(s) missed: ${missed.map((budget) => budget.name).join('; ')}`)
  process.exit(1)
}
console.log('✓ every budget met')
