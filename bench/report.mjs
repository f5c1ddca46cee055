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

export function formatTable({ results, clientJs, worker, budgets, landingBytes, connections, duration }) {
  const throughput = table(
    ['target', 'status', 'cache', 'req/s', 'ratio to ceiling', 'p50 ms', 'p99 ms', 'CPU ms/req', 'requests', 'errors'],
    results.map((r) => [
      r.name,
      r.status,
      r.cache || '-',
      Math.round(r.rps),
      r.ratio.toFixed(2),
      r.p50,
      r.p99,
      r.cpuPerRequest === null ? '-' : r.cpuPerRequest.toFixed(2),
      r.requests,
      r.errors,
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
    budgets.map((b) => [b.name, `${b.value}${b.unit}`, `${b.limit}${b.unit}`, b.ok ? 'ok' : 'MISSED']),
  )
  return [
    `workerd (Miniflare's API), production bundle, the worker on its own socket; ${connections} connections, ${duration} s per target, alternating with its ceiling; landing page ${kb(landingBytes)}`,
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
