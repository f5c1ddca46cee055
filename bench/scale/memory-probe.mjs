// Where workerd's memory goes (docs/decisions/056-scale-bench.md): starts the scale bench's worker on a
// seeded size, drives the named targets one after another, and prints workerd's resident memory and each
// isolate's JS heap (the worker's and the local simulators': used and reserved before a collection, live
// after it) after each, then after ten idle seconds.
// Usage: node bench/scale/memory-probe.mjs small 'tenant ko,provider sitemap' 300
import { useProjectNode } from '../../scripts/lib.mjs'
import { drive } from './drive.mjs'
import { stateDir } from './seed.mjs'
import { targetsOf } from './traffic.mjs'
import { isolateHeaps, residentMemory, startWorker } from './worker.mjs'

await useProjectNode()
const [size = 'small', names = 'tenant ko,provider sitemap', count = '300'] = process.argv.slice(2)
const port = Number(process.env.SCALE_PORT ?? 8901)
const worker = await startWorker({ port, inspectorPort: port + 4, stateDir: stateDir(size) })
try {
  await fetch(`${worker.origin}/terms`)
  const show = async (label) =>
    console.log(label, JSON.stringify(residentMemory(worker.pids)), JSON.stringify(await isolateHeaps(port + 4)))
  await show('start')
  const targets = targetsOf(size, '')
  for (const name of names.split(',')) {
    const target = targets.find((t) => t.name.startsWith(name))
    if (!target) throw new Error(`no target named ${name}`)
    const result = await drive(worker, target, { amount: Number(count), connections: 16 })
    await show(`after ${result.requests} × ${target.name}`)
  }
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  await show('after 10 idle seconds')
} finally {
  await worker.dispose()
}
