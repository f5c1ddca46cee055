// A D1 binding that records every statement the worker prepares (its SQL and the values bound to it) while
// it passes each call through: the plan test (plans.test.ts) explains what request paths really ran, so a
// query added to a route is checked without anyone listing it by hand.

export interface Recorded {
  sql: string
  binds: unknown[]
  /** The source file that prepared it (src/…), from the stack. */
  from: string
  /** Rows SQLite read to answer it (D1's meta.rows_read), when it ran in a batch. */
  rowsRead?: number
}

/** The first frame of the stack in the worker's own source: which file prepared the statement. */
function callerFile(): string {
  const frames = new Error().stack?.split('\n') ?? []
  for (const frame of frames) {
    const match = /\/(src\/(?:lib|routes|middleware)\/[\w./-]+\.tsx?)/.exec(frame)
    if (match) return match[1]!
  }
  return 'unknown'
}

export function recordingD1(db: D1Database, log: Recorded[]): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>()
  const entries = new WeakMap<object, Recorded>()
  const wrap = (statement: D1PreparedStatement, entry: Recorded): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind')
          return (...values: unknown[]) => {
            const next = { sql: entry.sql, binds: values, from: entry.from }
            log.push(next)
            return wrap(target.bind(...values), next)
          }
        // all() and run() answer D1's meta: note the rows the statement read, as batch() does.
        if (prop === 'all' || prop === 'run')
          return async () => {
            const result = await (target[prop] as () => Promise<D1Result>)()
            entry.rowsRead = result.meta.rows_read
            return result
          }
        const value = Reflect.get(target, prop, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    real.set(proxy, statement)
    entries.set(proxy, entry)
    return proxy
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) => {
          const entry: Recorded = { sql, binds: [], from: callerFile() }
          log.push(entry)
          return wrap(target.prepare(sql), entry)
        }
      if (prop === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((statement) => real.get(statement) ?? statement))
          results.forEach((result, i) => {
            const entry = entries.get(statements[i]!)
            if (entry) entry.rowsRead = result.meta.rows_read
          })
          return results
        }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
