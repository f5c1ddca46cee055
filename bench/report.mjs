// Size helpers and the printed table of `npm run bench`.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).byteLength
export const brotliSize = (buffer) =>
  brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const pad = (rows) => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)))
  return rows.map((row) => `| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`)
}
export const table = (header, rows) => {
  const lines = pad([header, ...rows])
  lines.splice(1, 0, `|${lines[0].slice(1, -1).replace(/[^|]/g, '-')}|`)
  return lines.join('\n')
}

export function formatTable({
  results,
  paths,
  clientJs,
  worker,
  budgets,
  connections,
  rounds,
  contextRounds,
  roundSeconds,
}) {
  const vias = Object.keys(paths)
  const spread = ([low, high]) => `${low.toFixed(2)}–${high.toFixed(2)}`
  const cells = (m) => [
    Math.round(m.rps),
    Math.round(m.ceilingRps),
    `${m.ratio.toFixed(2)} (${spread(m.ratioSpread)})`,
    `${m.cpuRatio.toFixed(2)} (${spread(m.cpuRatioSpread)})`,
    m.p50,
    `${m.p99} / ${m.p99Round}`,
    m.cpuPerRequest === null ? '-' : m.cpuPerRequest.toFixed(3),
    m.ceilingCpuPerRequest.toFixed(3),
  ]
  const columns = [
    'req/s',
    'static req/s',
    'req/s ratio (rounds)',
    'CPU ratio (rounds)',
    'p50 ms',
    'p99 ms all / round',
    'CPU ms/req',
    'static CPU ms/req',
  ]
  const throughput = table(
    ['target', 'size', 'status', 'cache', ...vias.flatMap((via) => columns.map((column) => `${column} (${via})`))],
    results.map((r) => [
      r.name,
      kb(r.bytes),
      r[vias[0]].status,
      r[vias[0]].cache || '-',
      ...vias.flatMap((via) => cells(r[via])),
    ]),
  )
  const js = table(
    ['page', 'JS before interaction gzip / br', 'JS all islands gzip / br', 'files'],
    clientJs.map((p) => [
      p.path,
      `${kb(p.initial.gzip)} / ${kb(p.initial.brotli)}`,
      `${kb(p.hydrated.gzip)} / ${kb(p.hydrated.brotli)}`,
      p.hydrated.files,
    ]),
  )
  const budgetTable = table(
    ['budget', 'measured', 'limit', ''],
    budgets.map((b) => [
      b.name,
      `${b.value}${b.unit}`,
      `${b.limit}${b.unit}`,
      b.ok ? (b.withinSpread ? 'ok (within spread)' : 'ok') : 'MISSED',
    ]),
  )
  return [
    `workerd (Miniflare's API), production bundle, ${connections} connections. Paths: ${vias.map((via) => `${via} = ${paths[via].label}`).join('; ')}. Each target runs in rounds of ${roundSeconds} s alternating with a static copy of its response (the same bytes and headers, from a worker that only answers them: the ceiling), ${rounds} rounds for a figure a budget is judged on and ${contextRounds} for the others. req/s ratio = the median round's target ÷ static throughput (printed, not judged); CPU ratio = the median round's static ÷ target CPU per request (judged; 1 = costs what its static copy costs); both with the rounds' min–max. p50 and p99 ("all") over every request of the target's rounds, "round" = the median of the rounds' own p99s (judged); CPU = workerd's per request over all rounds; static CPU = the median round's.`,
    '',
    throughput,
    '',
    js,
    '',
    `worker bundle: ${kb(worker.raw)} raw, ${kb(worker.gzip)} gzip, ${kb(worker.brotli)} brotli`,
    '',
    budgetTable,
  ].join('\n')
}

/** p50 and p99 of response times (ms), whole milliseconds as autocannon reports them. */
export function percentiles(latencies) {
  const sorted = Float64Array.from(latencies).sort()
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
  return { p50: at(0.5), p99: at(0.99) }
}

/**
 * A 95% confidence interval of the median of values, distribution-free: the order statistics k and
 * n−1−k with the largest k for which the median lies between them with probability ≥ 0.95 (binomial,
 * p = ½). 16 values give the 4th and 13th smallest, 32 the 10th and 23rd. Fewer than 6: the whole range.
 */
export function medianInterval(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  const choose = (k) => {
    let result = 1
    for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
    return result
  }
  let k = -1
  for (let candidate = 0; candidate < n / 2; candidate++) {
    let inside = 0
    for (let i = candidate + 1; i < n - candidate; i++) inside += choose(i)
    if (inside / 2 ** n >= 0.95) k = candidate
    else break
  }
  return k < 0 ? [sorted[0], sorted[n - 1]] : [sorted[k], sorted[n - 1 - k]]
}

/** The smallest and largest of values: the spread printed beside a median. */
export function spreadOf(values) {
  return [Math.min(...values), Math.max(...values)]
}

export function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
