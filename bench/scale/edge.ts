// The scale bench's Workers Cache (docs/decisions/076-cost-flat-caching.md): Miniflare has none, so the
// bench runs this worker beside the platform's isolates as the one cache of a location, shared by all
// of them, with Workers Cache's keys, freshness and tag purges (test/fixtures/workers-cache.ts). The
// bench's entry (./entry.ts) hands each isolate a `ctx.cache` and a `ctx.exports.Pages` that go through
// it, as the runtime does in production. Its CPU is counted with workerd's: on Cloudflare a cache hit
// bills the worker only for its front.
import { WorkerEntrypoint } from 'cloudflare:workers'
import { MapAnswerStore, type StoredAnswer } from '../../test/fixtures/workers-cache'

const store = new MapAnswerStore()
const counts = { hits: 0, misses: 0, purges: 0 }

export class EdgeCache extends WorkerEntrypoint {
  async lookup(key: string, now: number): Promise<StoredAnswer | null> {
    const found = await store.lookup(key, now)
    if (found) counts.hits++
    else counts.misses++
    return found
  }

  keep(key: string, answer: StoredAnswer): Promise<void> {
    return store.keep(key, answer)
  }

  purge(tags: string[]): Promise<void> {
    counts.purges++
    return store.purge(tags)
  }

  stats() {
    return { ...counts, entries: store.entries.size }
  }
}

export default {
  fetch: () => new Response('the bench edge cache answers RPC only', { status: 404 }),
} satisfies ExportedHandler
