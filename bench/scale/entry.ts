// The scale bench's worker entry (docs/decisions/056-scale-bench.md): the production worker with the
// bench's instruments around its fetch (./stats.ts). Only the bench builds this file; the deployed
// worker is src/worker.ts, with nothing wrapped around the app.
import type { Bindings } from '../../src/env'
import worker from '../../src/worker'
import { withBenchStats } from './stats'

export { Pages, TagGenerations } from '../../src/worker'

export default { ...worker, fetch: withBenchStats(worker.fetch) } satisfies ExportedHandler<Bindings>
