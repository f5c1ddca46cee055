// A CPU profile of one page of the production worker (V8's sampling profiler through workerd's inspector),
// source-mapped and summed by function and by file: where a page's CPU goes beyond React's renderer.
//   node bench/profile.mjs '/equityrealty/homes?city=Irvine' [requests]
// Every request renders (no-cache, no-store, a query no request had before), as the bench's uncached targets.
// Samples after a gap over 1 ms between requests are dropped: the sampler gives the idle gap to whatever ran
// first or last (decision 058).
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { freePort, root } from '../scripts/lib.mjs'
import { buildProduction } from './production.mjs'

const [target = '/equityrealty', count = '3000'] = process.argv.slice(2)
const { startBench } = await buildProduction('profile')
const port = await freePort()
const inspectorPort = await freePort()
const worker = await startBench({ port, inspectorPort })
const origin = `http://127.0.0.1:${port}`
// `{key}` in the target: the first home Irvine's search lists, as the bench's home page target.
const search = await (await fetch(`${origin}/equityrealty/homes?city=Irvine&beds=2&sort=price-low`)).text()
const path0 = target.replace('{key}', /\/homes\/([A-Za-z0-9-]+)/.exec(search)?.[1] ?? 'none')
let n = 0
const once = async () => {
  const url = `${origin}${path0}${path0.includes('?') ? '&' : '?'}render=${++n}`
  const response = await fetch(url, { headers: { 'cache-control': 'no-cache, no-store' } })
  await response.arrayBuffer()
  if (response.status >= 500) throw new Error(`${url}: ${response.status}`)
}
const load = async (total) => {
  let left = total
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) await once()
    }),
  )
}
await load(500)
const ws = new WebSocket(`ws://127.0.0.1:${inspectorPort}/core:user:realtor-homepage`)
await new Promise((resolve, reject) => {
  ws.addEventListener('open', resolve, { once: true })
  ws.addEventListener('error', reject, { once: true })
})
let id = 0
const pending = new Map()
ws.addEventListener('message', ({ data }) => {
  const message = JSON.parse(String(data))
  if (message.id && pending.has(message.id)) {
    pending.get(message.id)(message.result)
    pending.delete(message.id)
  }
})
const send = (method, params = {}) =>
  new Promise((resolve) => {
    const i = ++id
    pending.set(i, resolve)
    ws.send(JSON.stringify({ id: i, method, params }))
  })
await send('Profiler.enable')
await send('Profiler.setSamplingInterval', { interval: 50 })
await send('Profiler.start')
await load(Number(count))
const { profile } = await send('Profiler.stop')
ws.close()
await worker.dispose()

const sourceMap = new SourceMap(JSON.parse(readFileSync(path.join(root, '.tmp/profile/dist/worker.js.map'), 'utf8')))
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map()
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0
  if (delta > 1000) continue
  total += delta
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + delta)
}
const byFunction = new Map()
const byFile = new Map()
for (const [nodeId, us] of self) {
  const { callFrame } = nodes.get(nodeId)
  let name = callFrame.functionName || '(anonymous)'
  let file = callFrame.url || '(native)'
  if (callFrame.url.endsWith('worker.js') && callFrame.lineNumber >= 0) {
    // findOrigin takes 1-based lines and columns; the profile's are 0-based.
    const position = sourceMap.findOrigin(callFrame.lineNumber + 1, callFrame.columnNumber + 1)
    if (position.fileName) {
      file = position.fileName
        .replace(/^.*node_modules\//, 'node_modules/')
        .replace(/^file:\/\//, '')
        .replace(`${root}/`, '')
        .replace(/^(\.\.\/)+/, '')
      name = `${position.name || name} ${file}:${position.lineNumber}`
    }
  }
  byFunction.set(name, (byFunction.get(name) ?? 0) + us)
  const group = file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file
  byFile.set(group, (byFile.get(group) ?? 0) + us)
}
const show = (map, rows) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(
      ([k, us]) =>
        `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / Number(count)).toFixed(1).padStart(6)} µs/req  ${k}`,
    )
    .join('\n')
console.log(
  `${path0}: ${(total / Number(count) / 1000).toFixed(3)} ms sampled per request\n\nby file:\n${show(byFile, 40)}\n\nby function:\n${show(byFunction, 60)}`,
)
