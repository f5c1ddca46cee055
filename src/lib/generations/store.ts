// The tag log as the worker reaches it (docs/decisions/076-cost-flat-caching.md): the TagGenerations
// Durable Object, every call bounded in time. A bump the object did not take is kept and sent with this
// isolate's next call. Nothing here fails a page: a caller that cannot read the log empties its caches
// (src/lib/cache.ts, checkFreshness) and renders from D1.
import type { TagLog } from '../cache'
import { within } from '../deadline'
import { MAX_TAGS, type TagGenerations } from './object'

/** The one object's name: every tag in one place, asked once per isolate per interval (why: decision 076). */
const OBJECT_NAME = 'tag-generations'
/**
 * How long a call to the object may take. Far from the object a round trip is 150–300 ms; past this it
 * counts as unreachable for that call.
 */
export const GENERATION_TIMEOUT_MS = 500

/** A log in memory (tests, and the single-isolate cases that need no object). */
export function memoryTagLog(): TagLog & { changes: Map<string, number>; calls: number } {
  const changes = new Map<string, number>()
  const times = new Map<string, number>()
  let latest = 0
  const log = {
    changes,
    calls: 0,
    async since(cursor: number | null, afterMs = 0) {
      log.calls++
      if (cursor === null)
        return { cursor: latest, tags: [...times].filter(([, at]) => at > afterMs).map(([tag]) => tag) }
      if (cursor > latest) return { cursor: latest, tags: null }
      return { cursor: latest, tags: [...changes].filter(([, seq]) => seq > cursor).map(([tag]) => tag) }
    },
    async bump(tags: string[]) {
      log.calls++
      latest++
      for (const tag of tags) {
        changes.set(tag, latest)
        times.set(tag, Date.now())
      }
    },
  }
  return log
}

export type TagGenerationsNamespace = Pick<DurableObjectNamespace<TagGenerations>, 'idFromName' | 'get'>

/**
 * Tags whose bump the object did not take (down or slow): sent with this isolate's next call to it.
 * Only strings are kept across requests, never a promise (a request's I/O belongs to that request).
 */
const unsentBumps = new Set<string>()

/** The object, each call bounded by `timeoutMs`; a bump it missed is sent again with the isolate's next call. */
export function durableTagLog(namespace: TagGenerationsNamespace, timeoutMs = GENERATION_TIMEOUT_MS): TagLog {
  const object = () => namespace.get(namespace.idFromName(OBJECT_NAME))

  async function bump(tags: string[]): Promise<void> {
    // This write's tags first; unsent ones as far as one call takes (a long outage may have gathered more).
    const all = [...new Set([...tags, ...unsentBumps])].slice(0, MAX_TAGS)
    if (all.length === 0) return
    try {
      await within(object().bump(all), timeoutMs, 'Durable Object bump')
      for (const tag of all) unsentBumps.delete(tag)
    } catch (error) {
      for (const tag of tags) unsentBumps.add(tag)
      throw error
    }
  }

  return {
    async since(cursor, afterMs) {
      // Unsent bumps go first: the answer must include them, or this isolate would never drop them.
      if (unsentBumps.size > 0) await bump([])
      return within(object().since(cursor, afterMs), timeoutMs, 'Durable Object read')
    },
    async bump(tags) {
      try {
        await bump(tags)
      } catch (error) {
        // Kept for the next call; other isolates learn of the write when it lands (within their interval).
        console.warn(
          '[cache] the tag log did not take a bump; kept for the next call',
          error instanceof Error ? error.message : error,
        )
      }
    },
  }
}

export interface TagLogBindings {
  TAG_GENERATIONS?: TagGenerationsNamespace
}

/** One log per env object: every lookup asks for it, and should not build it each time. */
const logs = new WeakMap<TagLogBindings, TagLog | undefined>()

/** The worker's tag log: the object when bound, none without it (one isolate: its own purges suffice). */
export function tagLogOf(env: TagLogBindings): TagLog | undefined {
  if (logs.has(env)) return logs.get(env)
  const log = env.TAG_GENERATIONS ? durableTagLog(env.TAG_GENERATIONS) : undefined
  logs.set(env, log)
  return log
}
