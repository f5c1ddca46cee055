// What the scale bench (bench/scale, docs/decisions/056-scale-bench.md, 075-honest-scale-bench.md) reads from
// a running worker: the D1 time of each request (a Server-Timing header), and the isolate's totals since it
// started — D1 statements, round trips, time and rows written, Durable Object calls, the isolate caches'
// sizes and hit counts, and the bench's edge cache's (GET /__bench/stats). Totals count work done in the
// background (waitUntil) and in the page entrypoint too, which a request's own header cannot. Only when the
// worker runs locally with BENCH_STATS=1, which nothing but the bench sets: a deployed worker never gets
// the header or the route, and its bindings are never wrapped.
import { AsyncLocalStorage } from 'node:async_hooks'
import { isLocalMode } from '../../src/lib/config'
import { dataCache } from '../../src/lib/data-cache'
import { pageCache } from '../../src/lib/page-cache'

interface BenchBindings {
  ENVIRONMENT?: string
  BENCH_STATS?: string
  DB?: D1Database
}

/** A request's D1 work: statements sent, round trips, and the sum of D1's own `meta.duration`. */
interface D1Work {
  queries: number
  roundTrips: number
  ms: number
}

const work = new AsyncLocalStorage<D1Work>()
export const BENCH_STATS_PATH = '/__bench/stats'

/** The isolate's totals since it started (read before and after a run: the run's work ÷ its requests). */
const totals = { d1Queries: 0, d1RoundTrips: 0, d1Ms: 0, d1RowsWritten: 0, doCalls: 0 }

function add(result: unknown, statements: number): void {
  totals.d1RoundTrips++
  totals.d1Queries += statements
  const current = work.getStore()
  if (current) {
    current.roundTrips++
    current.queries += statements
  }
  for (const one of [result].flat()) {
    const meta = (one as { meta?: { duration?: number; rows_written?: number } } | null)?.meta
    if (typeof meta?.rows_written === 'number') totals.d1RowsWritten += meta.rows_written
    if (typeof meta?.duration !== 'number') continue
    totals.d1Ms += meta.duration
    if (current) current.ms += meta.duration
  }
}

/** A Durable Object namespace whose stubs count every call made on them (an RPC method or fetch). */
function countingNamespace<N extends DurableObjectNamespace>(namespace: N): N {
  return new Proxy(namespace, {
    get(target, name) {
      const value = Reflect.get(target, name)
      if (name !== 'get' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value
      return (...args: unknown[]) => {
        const stub = Reflect.apply(value as (...a: unknown[]) => object, target, args)
        return new Proxy(stub, {
          get(inner, method) {
            const member = Reflect.get(inner, method)
            if (typeof member !== 'function') return member
            return (...callArgs: unknown[]) => {
              totals.doCalls++
              // Reflect.apply: an RPC stub answers any property it is asked for, `apply` included.
              return Reflect.apply(member as (...a: unknown[]) => unknown, inner, callArgs)
            }
          },
        })
      }
    },
  })
}

const statements = new WeakMap<object, D1PreparedStatement>()

/** A statement that adds its D1 time to the request running it (`first` and `raw` carry no meta: counted only). */
function wrapStatement(inner: D1PreparedStatement): D1PreparedStatement {
  const outer = {
    bind: (...values: unknown[]) => wrapStatement(inner.bind(...values)),
    first: async (column?: string) => {
      const result = await (column === undefined ? inner.first() : inner.first(column))
      add(null, 1)
      return result
    },
    all: async () => {
      const result = await inner.all()
      add(result, 1)
      return result
    },
    run: async () => {
      const result = await inner.run()
      add(result, 1)
      return result
    },
    raw: async (options?: { columnNames?: boolean }) => {
      const result = await inner.raw(options as { columnNames: true })
      add(null, 1)
      return result
    },
  } as unknown as D1PreparedStatement
  statements.set(outer, inner)
  return outer
}

function wrapDatabase(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql))
      if (name === 'batch') {
        return async (list: D1PreparedStatement[]) => {
          const results = await target.batch(list.map((statement) => statements.get(statement) ?? statement))
          add(results, list.length)
          return results
        }
      }
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** One wrapped env per env object: code that keeps state per env or per D1 binding (WeakMaps) keeps it. */
const wrapped = new WeakMap<object, object>()

/** The env with its D1 and tag log counted; the same object for the same env. */
export function benchEnvOf<E extends BenchBindings>(env: E): E {
  let benchEnv = wrapped.get(env) as E | undefined
  if (!benchEnv) {
    const generations = (env as { TAG_GENERATIONS?: DurableObjectNamespace }).TAG_GENERATIONS
    benchEnv = {
      ...env,
      ...(env.DB ? { DB: wrapDatabase(env.DB) } : {}),
      ...(generations ? { TAG_GENERATIONS: countingNamespace(generations) } : {}),
    }
    wrapped.set(env, benchEnv)
  }
  return benchEnv
}

/** Whether the bench asked for its instruments in this (local) worker. */
export const benchStatsOn = (env: BenchBindings) => env.BENCH_STATS === '1' && isLocalMode(env) && Boolean(env.DB)

/** The bench's instrumented fetch around `fetch`; `fetch` itself when the bench did not ask for it. */
export function withBenchStats<E extends BenchBindings, C>(
  fetch: (request: Request, env: E, ctx: C) => Response | Promise<Response>,
) {
  async function instrumented(request: Request, env: E & { DB: D1Database }, ctx: C): Promise<Response> {
    if (new URL(request.url).pathname === BENCH_STATS_PATH) {
      const edge = (env as { EDGE?: { stats(): Promise<unknown> } }).EDGE
      return Response.json({
        pageCache: pageCache.stats(),
        dataCache: dataCache.stats(),
        totals,
        edge: edge ? await edge.stats() : null,
      })
    }
    const benchEnv = benchEnvOf(env)
    const d1: D1Work = { queries: 0, roundTrips: 0, ms: 0 }
    const response = await work.run(d1, () => fetch(request, benchEnv, ctx))
    const timed = new Response(response.body, response)
    timed.headers.append(
      'Server-Timing',
      `d1;dur=${d1.ms.toFixed(3)};desc="${d1.queries} queries, ${d1.roundTrips} round trips"`,
    )
    return timed
  }
  // Not async: a cached page stays a synchronous answer when the bench is not measuring (every deployment).
  return (request: Request, env: E, ctx: C): Response | Promise<Response> =>
    benchStatsOn(env) ? instrumented(request, env as E & { DB: D1Database }, ctx) : fetch(request, env, ctx)
}
