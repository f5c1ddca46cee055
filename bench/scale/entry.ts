// The scale bench's worker entry (docs/decisions/056-scale-bench.md): the production worker with the
// bench's instruments around its fetch (./stats.ts) and, when the bench binds its edge cache (EDGE,
// ./edge.ts), Workers Cache on the `Pages` entrypoint as production has it: `ctx.cache` and
// `ctx.exports.Pages` go through the edge. Only the bench builds this file; the deployed worker is
// src/worker.ts, with nothing wrapped around the app.
import type { Bindings } from '../../src/env'
import { sessionSecret } from '../../src/lib/accounts/config'
import { dataCache } from '../../src/lib/data-cache'
import type { PageProps } from '../../src/lib/page-cache'
import { pageProofOf } from '../../src/lib/page-views/proof'
import { parseProviderHosts, resolveSite } from '../../src/lib/tenant'
import worker, { Pages as WorkerPages } from '../../src/worker'
import { type AnswerStore, through } from '../../test/fixtures/workers-cache'
import { benchEnvOf, benchStatsOn, withBenchStats } from './stats'

export { TagGenerations } from '../../src/worker'

/** The page entrypoint with the bench's counted bindings (its invocations are requests of their own). */
export class Pages extends WorkerPages {
  constructor(ctx: ExecutionContext<PageProps>, env: Bindings) {
    super(ctx, benchStatsOn(env) ? benchEnvOf(env) : env)
  }
}

type PagesExport = (options: { props: PageProps }) => { fetch(request: Request): Promise<Response> }

/** The context the runtime would give with Workers Cache on: `cache` and `exports.Pages` through the edge. */
function withEdge(ctx: ExecutionContext, edge: AnswerStore): ExecutionContext {
  const runtime = (ctx as unknown as { exports: { Pages: PagesExport } }).exports
  const cache = { purge: ({ tags }: { tags: string[] }) => edge.purge(tags).then(() => ({ success: true })) }
  const exports = {
    ...runtime,
    Pages: ({ props }: { props: PageProps }) => ({
      fetch: (request: Request) =>
        through(edge, 'Pages', props, request, () => runtime.Pages({ props }).fetch(request)),
    }),
  }
  return new Proxy(ctx, {
    get(target, name) {
      if (name === 'cache') return cache
      if (name === 'exports') return exports
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const fetch = withBenchStats(worker.fetch)

/**
 * POST /__bench/view-proofs `[{ realtorId, path }]` → the proofs the pages at those paths carry (decision
 * 077): the bench's beacons send what a visitor's browser would, without the bench rendering every page.
 */
async function viewProofs(request: Request, env: Bindings): Promise<Response> {
  const secret = sessionSecret(env)
  const pages = (await request.json()) as { realtorId: number; path: string }[]
  const hosts = parseProviderHosts(env.PROVIDER_HOSTS)
  const proofs = await Promise.all(
    pages.map(({ realtorId, path }) => {
      const url = new URL(path, request.url)
      return pageProofOf(secret, realtorId, resolveSite(url, url.host, hosts))
    }),
  )
  return Response.json(proofs)
}

export default {
  ...worker,
  fetch(request, env, ctx) {
    // The bench's "first request" state: a cold isolate's (its data read from D1, not the data cache).
    if (benchStatsOn(env) && request.headers.has('x-bench-cold')) dataCache.clear()
    if (benchStatsOn(env) && request.method === 'POST' && new URL(request.url).pathname === '/__bench/view-proofs')
      return viewProofs(request, env)
    const edge = (env as { EDGE?: AnswerStore }).EDGE
    return fetch(request, env, edge ? withEdge(ctx, edge) : ctx)
  },
} satisfies ExportedHandler<Bindings>
