// Where the cache tags' generations live (docs/decisions/055-tag-generations.md): the TagGenerations
// Durable Object, strongly consistent, with KV beside it as the fallback. Every call to the object is
// bounded; when it fails or is slow, reads go to KV and bumps are kept to send with this isolate's next
// call. Nothing here ever fails a page: a caller that cannot read generations keeps serving what it has.
import type { GenerationStore } from '../cache'
import { MAX_TAGS, type TagGenerations } from './object'

/** KV keys of the fallback copy (the same keys the KV-only store used before the object). */
const KV_PREFIX = 'page-generation:'
/** The one object's name: every tag in one place (why not shards: decision 055). */
const OBJECT_NAME = 'tag-generations'
/**
 * How long a call to the object (or to KV after it) may take. Far from the object a round trip is
 * 150–300 ms; past this the object counts as unreachable for that call.
 */
export const GENERATION_TIMEOUT_MS = 500

/** A new generation: time first (readable in logs), then enough randomness to be unique. */
export function newGeneration(): string {
  return `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`
}

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** One warning a minute per isolate: an outage must show in the logs, not flood them. */
let lastWarning = 0
function warn(message: string, error: unknown): void {
  if (Date.now() - lastWarning < 60_000) return
  lastWarning = Date.now()
  console.warn(`[generations] ${message}`, error instanceof Error ? error.message : error)
}

/** A Map (tests, and what a KV-less worker would use). */
export function memoryGenerations(): GenerationStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get: async (tags) => tags.map((tag) => data.get(tag) ?? '0'),
    bump: async (tags, generation = newGeneration()) => {
      for (const tag of tags) data.set(tag, generation)
      return generation
    },
  }
}

type KvLike = Pick<KVNamespace, 'get' | 'put'>

/** KV: one read per tag, in parallel; eventually consistent (60 s or more between locations). */
export function kvGenerations(kv: KvLike, timeoutMs = GENERATION_TIMEOUT_MS): GenerationStore {
  return {
    get: (tags) =>
      within(Promise.all(tags.map(async (tag) => (await kv.get(KV_PREFIX + tag)) ?? '0')), timeoutMs, 'KV read'),
    async bump(tags, generation = newGeneration()) {
      await within(Promise.all(tags.map((tag) => kv.put(KV_PREFIX + tag, generation))), timeoutMs, 'KV write')
      return generation
    },
  }
}

export type TagGenerationsNamespace = Pick<DurableObjectNamespace<TagGenerations>, 'idFromName' | 'get'>

/**
 * Tags whose bump the object did not take (down or slow): sent with this isolate's next call to it.
 * Only strings are kept across requests, never a promise (a request's I/O belongs to that request).
 */
const unsentBumps = new Set<string>()

/**
 * The object, bounded by `timeoutMs`, with `fallback` (KV) beside it: reads go to the fallback when the
 * object fails; bumps go to both at once (same generation), and a bump the object missed is retried
 * with this isolate's next call, so a short outage loses nothing that outlives the isolate.
 */
export function durableGenerations(
  namespace: TagGenerationsNamespace,
  fallback: GenerationStore | undefined,
  timeoutMs = GENERATION_TIMEOUT_MS,
): GenerationStore {
  const object = () => namespace.get(namespace.idFromName(OBJECT_NAME))

  /** Bumps `tags` (with any unsent ones) in the object; false when it did not answer in time. */
  async function bumpObject(tags: string[], generation: string): Promise<boolean> {
    // This write's tags first; unsent ones as far as one call takes (a long outage may have gathered more).
    const all = [...new Set([...tags, ...unsentBumps])].slice(0, MAX_TAGS)
    try {
      await within(object().bump(all, generation), timeoutMs, 'Durable Object bump')
      for (const tag of all) unsentBumps.delete(tag)
      return true
    } catch (error) {
      for (const tag of tags) unsentBumps.add(tag)
      warn('bumping generations in the Durable Object failed; kept for the next call', error)
      return false
    }
  }

  return {
    async get(tags) {
      // Unsent bumps first, in parallel: the read then costs no extra wait.
      const retry = unsentBumps.size > 0 ? bumpObject([], newGeneration()) : null
      try {
        const generations = await within(object().get(tags), timeoutMs, 'Durable Object read')
        // Only when the object took the retried bumps do its answers already include them.
        if (retry && !(await retry)) throw new Error('unsent bumps')
        return generations
      } catch (error) {
        warn('reading generations from the Durable Object failed; reading KV', error)
        if (!fallback) throw error
        return fallback.get(tags)
      }
    },
    async bump(tags, generation = newGeneration()) {
      const [, kv] = await Promise.allSettled([bumpObject(tags, generation), fallback?.bump(tags, generation)])
      if (kv.status === 'rejected') warn('writing generations to KV failed', kv.reason)
      return generation
    },
  }
}

export interface GenerationBindings {
  TAG_GENERATIONS?: TagGenerationsNamespace
  CACHE?: KvLike
}

/** One store per env object: a cached page's hit asks for it, and should not build it each time. */
const stores = new WeakMap<GenerationBindings, GenerationStore | undefined>()

/** The worker's store: the object when bound, KV as its fallback (or alone), none without either. */
export function generationStoreOf(env: GenerationBindings): GenerationStore | undefined {
  if (stores.has(env)) return stores.get(env)
  const kv = env.CACHE ? kvGenerations(env.CACHE) : undefined
  const store = env.TAG_GENERATIONS ? durableGenerations(env.TAG_GENERATIONS, kv) : kv
  stores.set(env, store)
  return store
}
