// Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) with its answers kept per method
// and path. This app's routes (every site's mounts, regex-checked addresses) leave Hono on its
// TrieRouter (RegExpRouter refuses them), whose search over ~340 routes measured ~17 µs a request in
// workerd. The same addresses repeat from visitor to visitor, and Hono only reads a match's result, so
// a repeated path costs one map lookup (docs/decisions/058-render-at-scale.md). Bounded: a full table
// is simply cleared.
import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

const MAX_PATHS = 1_000

export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter'
  private readonly router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })
  private readonly results = new Map<string, Result<T>>()

  add(method: string, path: string, handler: T): void {
    this.results.clear()
    this.router.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`
    let result = this.results.get(key)
    if (!result) {
      result = this.router.match(method, path)
      if (this.results.size >= MAX_PATHS) this.results.clear()
      this.results.set(key, result)
    }
    return result
  }
}
