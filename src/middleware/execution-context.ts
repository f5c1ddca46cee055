// The request's execution context, when it has one: the runtime always gives one; Hono's app.request()
// in tests gives none, and Hono's getter throws then.
import type { Context } from 'hono'

export function executionContextOf(c: Context): ExecutionContext<unknown> | undefined {
  try {
    return c.executionCtx as ExecutionContext<unknown>
  } catch {
    return undefined
  }
}
